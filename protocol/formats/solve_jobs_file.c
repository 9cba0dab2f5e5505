/* The files of a solve across machines (solve_jobs_file.h). */
#include "formats/solve_jobs_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/atomic_file.h"
#include "formats/error_text.h"
#include "formats/posstr.h"
#include "formats/text_line.h"
#include "solve/split.h"

/* ---- the jobs file ---- */

typedef struct SplitWriter {
    FILE *out;
    uint64_t written;
} SplitWriter;

static bool write_job(void *context, const Position *pos)
{
    SplitWriter *w = context;
    char text[POSSTR_MAX];
    posstr_format(pos, text);
    fprintf(w->out, "job %" PRIu64 " %s\n", ++w->written, text);
    return !ferror(w->out);
}

bool solve_jobs_write(const char *path, const Position *root, int depth, uint64_t *count, char *err,
                      size_t err_size)
{
    AtomicFile file;
    if (!atomic_file_open(&file, path, err, err_size))
        return false;
    char text[POSSTR_MAX];
    posstr_format(root, text);
    fprintf(file.out, "rin-solve-jobs 1\n# the positions %d stones below the root, one per class of mirror images\n",
            depth);
    fprintf(file.out, "root %s\ndepth %d\n", text, depth);
    SplitWriter w = {file.out, 0};
    bool ok = solve_split(root, depth, write_job, &w, count);
    if (!ok)
        error_text(err, err_size, "out of memory");
    return atomic_file_commit(&file, ok, NULL, err, err_size);
}

bool solve_jobs_read(const char *path, uint64_t limit, SolveJobs *jobs, char *err, size_t err_size)
{
    *jobs = (SolveJobs){.depth = -1};
    FILE *in = fopen(path, "r");
    if (!in)
        return error_text(err, err_size, "cannot open %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t capacity = 0;
    uint64_t number = 0, job_capacity = 0;
    bool ok = true, have_root = false;
    while (ok && text_line_read(in, &line, &capacity)) {
        number++;
        char why[160];
        if (number == 1) {
            if (strcmp(line, "rin-solve-jobs 1") != 0)
                ok = error_text(err, err_size, "%s: not a jobs file of rin solve --split (it starts with 'rin-solve-jobs 1')",
                         path);
        } else if (line[0] == '#' || line[0] == '\0') {
            continue;
        } else if (strncmp(line, "root ", 5) == 0) {
            if (!posstr_parse(line + 5, &jobs->root, why, sizeof why))
                ok = error_text(err, err_size, "%s: line %" PRIu64 ": %s", path, number, why);
            have_root = true;
        } else if (strncmp(line, "depth ", 6) == 0) {
            if (sscanf(line + 6, "%d", &jobs->depth) != 1 || jobs->depth < 0 || jobs->depth > BB_POINTS)
                ok = error_text(err, err_size, "%s: line %" PRIu64 ": a bad depth", path, number);
        } else if (strncmp(line, "job ", 4) == 0) {
            char *rest;
            errno = 0;
            uint64_t k = strtoull(line + 4, &rest, 10);
            if (errno || k != jobs->count + 1 || *rest != ' ') {
                ok = error_text(err, err_size, "%s: line %" PRIu64 ": jobs are numbered 1, 2, ... in order", path, number);
                break;
            }
            if (limit && k > limit)
                break;
            if (jobs->count == job_capacity) {
                job_capacity = job_capacity ? 2 * job_capacity : 256;
                Position *grown = realloc(jobs->job, (size_t)job_capacity * sizeof *grown);
                if (!grown) {
                    ok = error_text(err, err_size, "out of memory");
                    break;
                }
                jobs->job = grown;
            }
            if (!posstr_parse(rest + 1, &jobs->job[jobs->count], why, sizeof why))
                ok = error_text(err, err_size, "%s: line %" PRIu64 ": %s", path, number, why);
            jobs->count++;
        } else {
            ok = error_text(err, err_size, "%s: line %" PRIu64 ": unexpected '%.40s'", path, number, line);
        }
    }
    free(line);
    fclose(in);
    if (ok && number == 0)
        ok = error_text(err, err_size, "%s: empty, not a jobs file", path);
    if (ok && (!have_root || jobs->depth < 0))
        ok = error_text(err, err_size, "%s: no root or no depth line", path);
    if (!ok) {
        free(jobs->job);
        jobs->job = NULL;
    }
    return ok;
}

bool solve_jobs_position(const char *path, uint64_t k, Position *pos, char *err, size_t err_size)
{
    SolveJobs jobs;
    if (!solve_jobs_read(path, k, &jobs, err, err_size))
        return false;
    bool ok = k >= 1 && k <= jobs.count;
    if (ok)
        *pos = jobs.job[k - 1];
    else
        error_text(err, err_size, "%s has %" PRIu64 " jobs, no job %" PRIu64, path, jobs.count, k);
    solve_jobs_free(&jobs);
    return ok;
}

void solve_jobs_free(SolveJobs *jobs)
{
    free(jobs->job);
    jobs->job = NULL;
}

/* ---- result files ---- */

bool solve_job_result_read(const char *path, SolveJobResult *result, char *err, size_t err_size)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return error_text(err, err_size, "cannot open %s: %s", path, strerror(errno));
    SolveJobResult r = {0};
    char *line = NULL;
    size_t capacity = 0;
    int number = 0, seen = 0;
    bool ok = true;
    while (ok && text_line_read(in, &line, &capacity)) {
        number++;
        char why[160];
        if (number == 1) {
            if (strcmp(line, "rin-solve-result 1") != 0)
                ok = error_text(err, err_size, "%s: not a result file of rin solve (it starts with 'rin-solve-result 1')",
                         path);
        } else if (strncmp(line, "position ", 9) == 0) {
            if (!posstr_parse(line + 9, &r.pos, why, sizeof why))
                ok = error_text(err, err_size, "%s: line %d: %s", path, number, why);
            seen |= 1;
        } else if (strncmp(line, "black-margin ", 13) == 0) {
            if (sscanf(line + 13, "%d %d", &r.lower, &r.upper) != 2 || r.lower > r.upper ||
                r.lower < -BB_POINTS - 1 || r.upper > BB_POINTS + 1)
                ok = error_text(err, err_size, "%s: line %d: a bad black-margin line", path, number);
            seen |= 2;
        } else if (strncmp(line, "nodes ", 6) == 0) {
            r.nodes = strtoull(line + 6, NULL, 10);
        } else if (strncmp(line, "time-ms ", 8) == 0) {
            r.elapsed_ms = strtoll(line + 8, NULL, 10);
        } else if (strncmp(line, "proof ", 6) == 0) {
            if (strlen(line + 6) >= sizeof r.proof)
                ok = error_text(err, err_size, "%s: line %d: the proof's name is too long", path, number);
            else
                strcpy(r.proof, line + 6);
        } else if (line[0] != '#' && line[0] != '\0') {
            ok = error_text(err, err_size, "%s: line %d: unexpected '%.40s'", path, number, line);
        }
    }
    free(line);
    fclose(in);
    if (ok && seen != 3)
        ok = error_text(err, err_size, "%s: no position or no black-margin line", path);
    if (ok)
        *result = r;
    return ok;
}

bool solve_job_result_write(const char *path, const SolveJobResult *r, char *err, size_t err_size)
{
    AtomicFile file;
    if (!atomic_file_open(&file, path, err, err_size))
        return false;
    FILE *out = file.out;
    char text[POSSTR_MAX];
    posstr_format(&r->pos, text);
    fprintf(out, "rin-solve-result 1\nposition %s\nblack-margin %d %d\nnodes %" PRIu64 "\ntime-ms %" PRId64 "\n", text,
            r->lower, r->upper, r->nodes, r->elapsed_ms);
    if (r->proof[0])
        fprintf(out, "proof %s\n", r->proof);
    return atomic_file_commit(&file, true, NULL, err, err_size);
}
