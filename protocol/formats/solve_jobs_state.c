/* The jobs' state from their files (solve_jobs_state.h). */
#include "formats/solve_jobs_state.h"

#include <stdlib.h>
#include <string.h>

#include "formats/error_text.h"
#include "formats/solve_checkpoint.h"
#include "solve/split.h"

int64_t solve_jobs_find(const SolveJobsState *m, const Position *pos)
{
    uint64_t key = solve_split_key(&m->sym, pos);
    for (uint64_t i = 0; i < m->jobs.count; i++)
        if (m->key[i] == key && solve_split_symmetry_between(&m->sym, &m->jobs.job[i], pos) >= 0)
            return (int64_t)i;
    return -1;
}

void solve_jobs_bounds(void *context, const Position *pos, int *lower, int *upper)
{
    const SolveJobsState *m = context;
    int64_t i = solve_jobs_find(m, pos);
    /* nothing proven: any margin the board allows */
    int points = pos->size * pos->size;
    *lower = -points;
    *upper = points;
    if (i >= 0 && m->result[i].lower <= m->result[i].upper) {
        *lower = m->result[i].lower;
        *upper = m->result[i].upper;
    }
}

/* Reads the jobs file and every result and checkpoint file named, and
 * files what they say under their jobs: the narrowest bounds, the most
 * nodes. False with a message in err. */
bool solve_jobs_state_load(SolveJobsState *m, const char *jobs_path, char **files, int file_count, char *err, size_t err_size)
{
    *m = (SolveJobsState){0};
    if (!solve_jobs_read(jobs_path, 0, &m->jobs, err, err_size))
        return false;
    symmetry_table_init(&m->sym, m->jobs.root.size, true);
    m->key = malloc((size_t)(m->jobs.count + 1) * sizeof *m->key);
    m->result = calloc((size_t)(m->jobs.count + 1), sizeof *m->result);
    m->files = calloc((size_t)(m->jobs.count + 1), sizeof *m->files);
    if (!m->key || !m->result || !m->files)
        return error_text(err, err_size, "out of memory");
    for (uint64_t i = 0; i < m->jobs.count; i++) {
        m->key[i] = solve_split_key(&m->sym, &m->jobs.job[i]);
        m->result[i].lower = 1;
        m->result[i].upper = 0;
    }
    for (int i = 0; i < file_count; i++) {
        SolveJobResult r;
        bool checkpoint = solve_checkpoint_is(files[i]);
        SolveCheckpointReader reader;
        if (checkpoint) {
            if (!solve_checkpoint_open(&reader, files[i], err, err_size))
                return false;
            solve_checkpoint_close(&reader);
            r = (SolveJobResult){.pos = reader.info.pos,
                                 .lower = reader.info.lower,
                                 .upper = reader.info.upper,
                                 .nodes = reader.info.nodes,
                                 .elapsed_ms = reader.info.elapsed_ms};
        } else if (!solve_job_result_read(files[i], &r, err, err_size)) {
            return false;
        }
        int64_t exact = -1;
        bool a_job = solve_jobs_find(m, &r.pos) >= 0;
        for (uint64_t k = 0; a_job && k < m->jobs.count && exact < 0; k++)
            if (pos_same(&m->jobs.job[k], &r.pos))
                exact = (int64_t)k;
        if (exact < 0)
            return error_text(err, err_size, "%s: its position is not a job of %s", files[i], jobs_path);
        SolveJobResult *have = &m->result[exact];
        if (have->lower > have->upper || r.lower > have->lower || r.upper < have->upper) {
            int lower = have->lower > have->upper ? r.lower : (r.lower > have->lower ? r.lower : have->lower);
            int upper = have->lower > have->upper ? r.upper : (r.upper < have->upper ? r.upper : have->upper);
            char proof[SOLVE_JOBS_PATH_MAX];
            strcpy(proof, have->proof);
            *have = r;
            if (!have->proof[0])
                strcpy(have->proof, proof);
            have->lower = lower;
            have->upper = upper;
        } else if (!have->proof[0] && r.proof[0]) {
            strcpy(have->proof, r.proof);
        }
        SolveJobFiles *f = &m->files[exact];
        f->count++;
        f->last = files[i];
        if (r.nodes > f->nodes)
            f->nodes = r.nodes;
        if (r.elapsed_ms > f->elapsed_ms)
            f->elapsed_ms = r.elapsed_ms;
        if (checkpoint) {
            f->asking = reader.info.asking;
            f->target = reader.info.target;
        }
    }
    return true;
}

void solve_jobs_state_free(SolveJobsState *m)
{
    solve_jobs_free(&m->jobs);
    free(m->key);
    free(m->result);
    free(m->files);
}
