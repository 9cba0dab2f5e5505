/* rin solve --split, the jobs' result files, --merge and --status (solve_jobs.h). */
#include "cli/solve_jobs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/error_text.h"
#include "formats/posstr.h"
#include "formats/proof_file.h"
#include "formats/solve_checkpoint.h"
#include "rules/symmetry.h"
#include "solve/posmap.h"
#include "solve/split.h"


/* The line without its newline; false at the end of the file. */
static bool read_line(FILE *in, char **line, size_t *capacity)
{
    ssize_t n = getline(line, capacity, in);
    if (n < 0)
        return false;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    return true;
}

/* Opens path+".partial" for writing; *temporary receives its name. */
static FILE *open_partial(const char *path, char *temporary, size_t size, char *err, size_t err_size)
{
    if ((size_t)snprintf(temporary, size, "%s.partial", path) >= size) {
        error_text(err, err_size, "the file name %s is too long", path);
        return NULL;
    }
    FILE *out = fopen(temporary, "w");
    if (!out)
        error_text(err, err_size, "cannot write %s: %s", temporary, strerror(errno));
    return out;
}

/* Closes and renames the temporary file to path; removes it on failure. */
static bool close_partial(FILE *out, const char *temporary, const char *path, bool ok, char *err, size_t err_size)
{
    if (ferror(out) && ok)
        ok = error_text(err, err_size, "cannot write %s", temporary);
    if (fclose(out) != 0 && ok)
        ok = error_text(err, err_size, "cannot write %s: %s", temporary, strerror(errno));
    if (ok && rename(temporary, path) != 0)
        ok = error_text(err, err_size, "cannot rename %s to %s: %s", temporary, path, strerror(errno));
    if (!ok)
        remove(temporary);
    return ok;
}

/* ---- --split ---- */

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

int solve_jobs_split(const Position *root, int depth, const char *path)
{
    char temporary[SOLVE_JOBS_PATH_MAX + 16], err[SOLVE_JOBS_ERROR_MAX];
    FILE *out = open_partial(path, temporary, sizeof temporary, err, sizeof err);
    if (!out) {
        fprintf(stderr, "rin: solve: %s\n", err);
        return 1;
    }
    char text[POSSTR_MAX];
    posstr_format(root, text);
    fprintf(out, "rin-solve-jobs 1\n# the positions %d stones below the root, one per class of mirror images\n", depth);
    fprintf(out, "root %s\ndepth %d\n", text, depth);
    SplitWriter w = {out, 0};
    uint64_t jobs;
    bool ok = solve_split(root, depth, write_job, &w, &jobs);
    if (!ok)
        error_text(err, sizeof err, "out of memory");
    if (!close_partial(out, temporary, path, ok, err, sizeof err)) {
        fprintf(stderr, "rin: solve: %s\n", err);
        return 1;
    }
    printf("jobs: %" PRIu64 " positions %d stone%s below %s, written to %s\n", jobs, depth, depth == 1 ? "" : "s",
           text, path);
    return 0;
}

/* ---- the jobs file ---- */

typedef struct Jobs {
    Position root;
    int depth;
    Position *job;
    uint64_t count;
} Jobs;

/* Reads a jobs file: its root, depth and the jobs up to number `limit`
 * (0: all). */
static bool jobs_read(const char *path, uint64_t limit, Jobs *jobs, char *err, size_t err_size)
{
    *jobs = (Jobs){.depth = -1};
    FILE *in = fopen(path, "r");
    if (!in)
        return error_text(err, err_size, "cannot open %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t capacity = 0;
    uint64_t number = 0, job_capacity = 0;
    bool ok = true, have_root = false;
    while (ok && read_line(in, &line, &capacity)) {
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
    Jobs jobs;
    if (!jobs_read(path, k, &jobs, err, err_size))
        return false;
    bool ok = k >= 1 && k <= jobs.count;
    if (ok)
        *pos = jobs.job[k - 1];
    else
        error_text(err, err_size, "%s has %" PRIu64 " jobs, no job %" PRIu64, path, jobs.count, k);
    free(jobs.job);
    return ok;
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
    while (ok && read_line(in, &line, &capacity)) {
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
    char temporary[SOLVE_JOBS_PATH_MAX + 16];
    FILE *out = open_partial(path, temporary, sizeof temporary, err, err_size);
    if (!out)
        return false;
    char text[POSSTR_MAX];
    posstr_format(&r->pos, text);
    fprintf(out, "rin-solve-result 1\nposition %s\nblack-margin %d %d\nnodes %" PRIu64 "\ntime-ms %" PRId64 "\n", text,
            r->lower, r->upper, r->nodes, r->elapsed_ms);
    if (r->proof[0])
        fprintf(out, "proof %s\n", r->proof);
    return close_partial(out, temporary, path, true, err, err_size);
}

/* ---- --merge and --status ---- */

/* What a job's files say besides its bounds. */
typedef struct JobFiles {
    int count;           /* results and checkpoints read for it */
    uint64_t nodes;      /* the most any of them counts (each counts every run before it) */
    int64_t elapsed_ms;
    const char *last;    /* the last file read */
    bool asking;         /* its checkpoint's question under way, when it has one */
    int target;
} JobFiles;

/* The jobs with what their results and checkpoints say, found by the key
 * of their mirror class. */
typedef struct Merge {
    Jobs jobs;
    SymmetryTable sym;
    uint64_t *key;           /* per job */
    SolveJobResult *result;  /* per job; lower > upper: no result yet */
    JobFiles *files;         /* per job */
} Merge;

static int64_t find_job(const Merge *m, const Position *pos)
{
    uint64_t key = solve_split_key(&m->sym, pos);
    for (uint64_t i = 0; i < m->jobs.count; i++)
        if (m->key[i] == key && solve_split_symmetry_between(&m->sym, &m->jobs.job[i], pos) >= 0)
            return (int64_t)i;
    return -1;
}

static void job_bounds(void *context, const Position *pos, int *lower, int *upper)
{
    const Merge *m = context;
    int64_t i = find_job(m, pos);
    /* nothing proven: any margin the board allows */
    int points = pos->size * pos->size;
    *lower = -points;
    *upper = points;
    if (i >= 0 && m->result[i].lower <= m->result[i].upper) {
        *lower = m->result[i].lower;
        *upper = m->result[i].upper;
    }
}

static void print_margin(const char *label, int lower, int upper)
{
    if (lower == upper)
        printf("%s%s%+d (proven: %s)\n", label, lower > 0 ? "B" : lower < 0 ? "W" : "", lower > 0 ? lower : -lower,
               lower > 0 ? "Black wins" : lower < 0 ? "White wins" : "a draw");
    else
        printf("%sunproven (Black's margin in [%+d, %+d])\n", label, lower, upper);
}

/* ---- the merged proof ---- */

typedef struct JobRef {
    uint64_t id;   /* the node's id in the merged proof */
    Position pos;  /* its position (a mirror image of the job's) */
    int64_t job;
} JobRef;

/* Appends the section of `claim` of a job's proof, mapped onto ref->pos
 * by the symmetry between them, with its ids from *next_id on (its root
 * takes ref->id). */
static bool append_job_section(FILE *out, const Merge *m, const JobRef *ref, const ProofClaim *claim,
                               uint64_t *next_id, char *err, size_t err_size)
{
    const SolveJobResult *r = &m->result[ref->job];
    FILE *in = fopen(r->proof, "r");
    if (!in)
        return error_text(err, err_size, "cannot open the job's proof %s: %s", r->proof, strerror(errno));
    int s = solve_split_symmetry_between(&m->sym, &m->jobs.job[ref->job], &ref->pos);
    char *line = NULL;
    size_t capacity = 0;
    bool ok = true, in_section = false, found = false;
    uint64_t base = *next_id, largest = 0, number = 0;
    const char *side = claim->prover == COLOR_BLACK ? "claim black " : "claim white ";
    while (ok && read_line(in, &line, &capacity)) {
        number++;
        if (strncmp(line, "claim ", 6) == 0) {
            in_section = strncmp(line, side, strlen(side)) == 0 && !found;
            found = found || in_section;
            continue;
        }
        if (!in_section || line[0] == '#' || line[0] == '\0')
            continue;
        /* ID POSITION : KIND ... */
        char *colon = strstr(line, " : ");
        char *rest;
        uint64_t id = strtoull(line, &rest, 10);
        Position pos;
        char why[160];
        if (!colon || rest == line) {
            ok = error_text(err, err_size, "%s: line %" PRIu64 ": not a node line", r->proof, number);
            break;
        }
        *colon = '\0';
        if (!posstr_parse(rest, &pos, why, sizeof why)) {
            ok = error_text(err, err_size, "%s: line %" PRIu64 ": %s", r->proof, number, why);
            break;
        }
        Position image = symmetry_position(s, &pos);
        const char *kind_text = colon + 3;
        ProofNodeKind kind = strncmp(kind_text, "leaf", 4) == 0   ? PROOF_LEAF
                             : strncmp(kind_text, "play", 4) == 0 ? PROOF_PLAY
                                                                   : PROOF_ALL;
        int points[BB_POINTS], count = 0;
        uint64_t children[BB_POINTS];
        if (kind != PROOF_LEAF) {
            char *p = strchr(kind_text, ' ');
            while (p && *p && count < BB_POINTS) {
                while (*p == ' ')
                    p++;
                if (!*p)
                    break;
                char vertex[COORD_TEXT_MAX + 1];
                size_t n = strcspn(p, " =");
                if (n > COORD_TEXT_MAX) {
                    ok = error_text(err, err_size, "%s: line %" PRIu64 ": a bad vertex", r->proof, number);
                    break;
                }
                memcpy(vertex, p, n);
                vertex[n] = '\0';
                int point;
                if (coord_parse(vertex, pos.size, &point) != COORD_OK) {
                    ok = error_text(err, err_size, "%s: line %" PRIu64 ": a bad vertex '%s'", r->proof, number, vertex);
                    break;
                }
                p += n + 1;
                uint64_t child = strtoull(p, &p, 10);
                points[count] = m->sym.map[s][point];
                children[count++] = child == 0 ? ref->id : base + child - 1;
                if (child > largest)
                    largest = child;
            }
        }
        if (!ok)
            break;
        if (id > largest)
            largest = id;
        proof_write_node(out, id == 0 ? ref->id : base + id - 1, &image, kind, points, children, count);
    }
    free(line);
    fclose(in);
    if (ok && !found)
        ok = error_text(err, err_size, "%s: no '%s' section", r->proof, side);
    *next_id = base + largest;
    return ok;
}

/* Room for `needed` depths. */
static bool grow_depths(int **depths, uint64_t *capacity, uint64_t needed)
{
    if (needed <= *capacity)
        return true;
    uint64_t grown_capacity = *capacity ? *capacity : 1024;
    while (grown_capacity < needed)
        grown_capacity *= 2;
    int *grown = realloc(*depths, (size_t)grown_capacity * sizeof *grown);
    if (!grown)
        return false;
    *depths = grown;
    *capacity = grown_capacity;
    return true;
}

/* The proof of `claim` from the root: the stones above the jobs, then the
 * jobs' proofs mapped onto the positions that reach them. */
static bool merge_claim(FILE *out, Merge *m, const ProofClaim *claim, char *err, size_t err_size)
{
    SolvePosMap map;
    JobRef *refs = NULL;
    uint64_t ref_count = 0, ref_capacity = 0;
    int *depth_of = NULL;
    uint64_t depth_capacity = 0;
    bool ok = solve_posmap_init(&map);
    uint64_t id;
    bool added;
    ok = ok && solve_posmap_id(&map, &m->jobs.root, &id, &added);
    if (!ok) {
        solve_posmap_free(&map);
        return error_text(err, err_size, "out of memory");
    }
    proof_write_claim(out, claim);
    for (uint64_t next = 0; ok && next < map.count; next++) {
        if (next == 0 && !grow_depths(&depth_of, &depth_capacity, 1)) {
            ok = error_text(err, err_size, "out of memory");
            break;
        }
        if (next == 0)
            depth_of[0] = 0;
        Position pos = map.pos[next];
        int depth = depth_of[next];
        if (depth == m->jobs.depth && !pos_is_over(&pos)) {
            if (ref_count == ref_capacity) {
                ref_capacity = ref_capacity ? 2 * ref_capacity : 256;
                JobRef *grown = realloc(refs, (size_t)ref_capacity * sizeof *grown);
                if (!grown) {
                    ok = error_text(err, err_size, "out of memory");
                    break;
                }
                refs = grown;
            }
            refs[ref_count++] = (JobRef){next, pos, find_job(m, &pos)};
            continue; /* written with its job's proof */
        }
        if (pos_is_over(&pos) || pos_empty_count(&pos) <= PROOF_LEAF_EMPTIES) {
            proof_write_node(out, next, &pos, PROOF_LEAF, NULL, NULL, 0);
            continue;
        }
        int points[BB_POINTS], count = 0;
        uint64_t children[BB_POINTS];
        bool prover = pos_to_move(&pos) == claim->prover;
        Bitboard empty = pos_empty(&pos);
        for (int p; (p = bb_next(&empty)) != POINT_NONE && !(prover && count == 1);) {
            if (pos_check(&pos, pos_to_move(&pos), p) != POS_OK)
                continue;
            Position child = pos;
            pos_play(&child, p);
            int lower, upper;
            solve_split_value(&child, m->jobs.depth - depth - 1, job_bounds, m, &lower, &upper);
            bool holds = claim->prover == COLOR_BLACK ? lower >= claim->margin : upper <= -claim->margin;
            if (prover && !holds)
                continue;
            if (!prover && !holds) {
                ok = error_text(err, err_size, "the jobs do not prove the claim below the root");
                break;
            }
            points[count++] = p;
        }
        if (ok && count == 0)
            ok = error_text(err, err_size, "the jobs do not prove the claim below the root");
        for (int i = 0; ok && i < count; i++) {
            Position child = pos;
            pos_play(&child, points[i]);
            if (!solve_posmap_id(&map, &child, &children[i], &added)) {
                ok = error_text(err, err_size, "out of memory");
                break;
            }
            if (added) {
                if (!grow_depths(&depth_of, &depth_capacity, children[i] + 1)) {
                    ok = error_text(err, err_size, "out of memory");
                    break;
                }
                depth_of[children[i]] = depth + 1;
            }
        }
        if (ok)
            proof_write_node(out, next, &pos, prover ? PROOF_PLAY : PROOF_ALL, points, children, count);
    }
    uint64_t next_id = map.count;
    for (uint64_t i = 0; ok && i < ref_count; i++) {
        if (refs[i].job < 0 || !m->result[refs[i].job].proof[0]) {
            char text[POSSTR_MAX];
            posstr_format(&refs[i].pos, text);
            ok = error_text(err, err_size, "no proof for the job of %s", text);
            break;
        }
        ok = append_job_section(out, m, &refs[i], claim, &next_id, err, err_size);
    }
    free(refs);
    free(depth_of);
    solve_posmap_free(&map);
    return ok;
}

/* Whether path is a checkpoint (by its first line) rather than a result. */
static bool is_checkpoint(const char *path)
{
    char line[32] = "";
    FILE *in = fopen(path, "rb");
    if (!in)
        return false;
    bool yes = fgets(line, sizeof line, in) && strncmp(line, "rin-solve-checkpoint ", 21) == 0;
    fclose(in);
    return yes;
}

/* Reads the jobs file and every result and checkpoint file named, and
 * files what they say under their jobs: the narrowest bounds, the most
 * nodes. False with a message in err. */
static bool merge_load(Merge *m, const char *jobs_path, char **files, int file_count, char *err, size_t err_size)
{
    *m = (Merge){0};
    if (!jobs_read(jobs_path, 0, &m->jobs, err, err_size))
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
        bool checkpoint = is_checkpoint(files[i]);
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
        bool a_job = find_job(m, &r.pos) >= 0;
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
        JobFiles *f = &m->files[exact];
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

static void merge_free(Merge *m)
{
    free(m->jobs.job);
    free(m->key);
    free(m->result);
    free(m->files);
}

/* The files named after the jobs file, the options taken out. */
static int file_arguments(int argc, char **argv, char **files)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--proof") == 0)
            i++;
        else
            files[n++] = argv[i];
    }
    return n;
}

static const char merge_usage[] = "Usage: rin solve --merge JOBS RESULT... [--proof FILE]\n";

int solve_jobs_merge(int argc, char **argv)
{
    const char *proof_path = NULL;
    const char *jobs_path = NULL;
    int jobs_index = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--proof") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "rin: solve: --proof needs a file name\n%s", merge_usage);
                return 2;
            }
            proof_path = argv[++i];
        } else if (strncmp(argv[i], "--", 2) == 0) {
            fprintf(stderr, "rin: solve: --merge takes only --proof, not '%.40s'\n%s", argv[i], merge_usage);
            return 2;
        } else if (!jobs_path) {
            jobs_path = argv[i];
            jobs_index = i;
        }
    }
    if (!jobs_path) {
        fprintf(stderr, "rin: solve: --merge needs the jobs file and the result files\n%s", merge_usage);
        return 2;
    }
    char err[SOLVE_JOBS_ERROR_MAX];
    Merge m;
    int status = 0;
    char **files = malloc((size_t)(argc + 1) * sizeof *files);
    if (!files) {
        fprintf(stderr, "rin: solve: out of memory\n");
        return 1;
    }
    int file_count = file_arguments(argc - jobs_index, argv + jobs_index, files);
    if (!merge_load(&m, jobs_path, files, file_count, err, sizeof err)) {
        fprintf(stderr, "rin: solve: %s\n", err);
        status = 1;
        goto done;
    }
    uint64_t nodes = 0;
    int64_t elapsed = 0;
    for (uint64_t i = 0; i < m.jobs.count; i++) {
        nodes += m.files[i].nodes;
        elapsed += m.files[i].elapsed_ms;
    }
    uint64_t proven = 0, bounded = 0;
    for (uint64_t i = 0; i < m.jobs.count; i++) {
        proven += m.result[i].lower == m.result[i].upper;
        bounded += m.result[i].lower < m.result[i].upper;
    }
    int lower, upper;
    solve_split_value(&m.jobs.root, m.jobs.depth, job_bounds, &m, &lower, &upper);
    char text[POSSTR_MAX];
    posstr_format(&m.jobs.root, text);
    printf("position: %s\n", text);
    printf("jobs: %" PRIu64 " at depth %d: %" PRIu64 " proven, %" PRIu64 " with bounds, %" PRIu64
           " without a result; %" PRIu64 " nodes, %.1f s of solving in all\n",
           m.jobs.count, m.jobs.depth, proven, bounded, m.jobs.count - proven - bounded, nodes,
           (double)elapsed / 1000.0);
    print_margin("value: ", lower, upper);
    if (m.jobs.depth >= 1) {
        printf("stones at the root (Black's margin):\n");
        Bitboard empty = pos_empty(&m.jobs.root);
        for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
            if (pos_check(&m.jobs.root, pos_to_move(&m.jobs.root), p) != POS_OK)
                continue;
            Position child = m.jobs.root;
            pos_play(&child, p);
            int lo, hi;
            solve_split_value(&child, m.jobs.depth - 1, job_bounds, &m, &lo, &hi);
            char vertex[COORD_TEXT_MAX], label[16];
            coord_format(p, child.size, vertex);
            snprintf(label, sizeof label, "  %-4s ", vertex);
            print_margin(label, lo, hi);
        }
    }
    if (proof_path) {
        if (lower != upper) {
            fprintf(stderr, "rin: solve: no proof written: the value is not proven\n");
            status = 1;
            goto done;
        }
        char temporary[SOLVE_JOBS_PATH_MAX + 16];
        FILE *out = open_partial(proof_path, temporary, sizeof temporary, err, sizeof err);
        bool ok = out != NULL;
        if (ok) {
            proof_write_header(out);
            fprintf(out, "# merged from the jobs of %s\n", jobs_path);
            ProofClaim claims[2] = {{COLOR_BLACK, lower}, {COLOR_WHITE, -lower}};
            for (int c = 0; c < 2 && ok; c++)
                ok = merge_claim(out, &m, &claims[c], err, sizeof err);
            ok = close_partial(out, temporary, proof_path, ok, err, sizeof err);
        }
        if (!ok) {
            fprintf(stderr, "rin: solve: %s\n", err);
            status = 1;
            goto done;
        }
        printf("proof: %s\n", proof_path);
    }
done:
    merge_free(&m);
    free(files);
    return status;
}

/* ---- --status ---- */

int solve_jobs_status(int argc, char **argv)
{
    if (argc < 1 || strncmp(argv[0], "--", 2) == 0) {
        fprintf(stderr, "rin: solve: --status needs the jobs file, then its result and checkpoint files\n"
                        "Usage: rin solve --status JOBS [RESULT | CHECKPOINT]...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--", 2) == 0) {
            fprintf(stderr, "rin: solve: --status takes no options, not '%.40s'\n", argv[i]);
            return 2;
        }
    char err[SOLVE_JOBS_ERROR_MAX];
    Merge m;
    if (!merge_load(&m, argv[0], argv + 1, argc - 1, err, sizeof err)) {
        fprintf(stderr, "rin: solve: %s\n", err);
        merge_free(&m);
        return 1;
    }
    char text[POSSTR_MAX];
    posstr_format(&m.jobs.root, text);
    printf("position: %s\n", text);
    uint64_t solved = 0, bounded = 0, nodes = 0;
    int64_t elapsed = 0;
    for (uint64_t i = 0; i < m.jobs.count; i++) {
        const SolveJobResult *r = &m.result[i];
        const JobFiles *f = &m.files[i];
        posstr_format(&m.jobs.job[i], text);
        printf("job %" PRIu64 " %s: ", i + 1, text);
        if (f->count == 0) {
            printf("open\n");
            continue;
        }
        if (r->lower == r->upper && r->lower != 0) {
            solved++;
            printf("solved %s%d", r->lower > 0 ? "B+" : "W+", r->lower > 0 ? r->lower : -r->lower);
        } else if (r->lower == r->upper) {
            solved++;
            printf("solved draw");
        } else {
            bounded++;
            printf("bounded [%+d, %+d]", r->lower, r->upper);
        }
        printf(", %" PRIu64 " nodes, %.1f s (%s", f->nodes, (double)f->elapsed_ms / 1000.0, f->last);
        if (f->count > 1)
            printf(" and %d more", f->count - 1);
        if (r->lower < r->upper && f->asking)
            printf("; asking >= %+d", f->target);
        printf(")\n");
        nodes += f->nodes;
        elapsed += f->elapsed_ms;
    }
    printf("jobs: %" PRIu64 " at depth %d: %" PRIu64 " solved, %" PRIu64 " bounded, %" PRIu64 " open; %" PRIu64
           " nodes, %.1f s of solving in all\n",
           m.jobs.count, m.jobs.depth, solved, bounded, m.jobs.count - solved - bounded, nodes,
           (double)elapsed / 1000.0);
    merge_free(&m);
    return 0;
}
