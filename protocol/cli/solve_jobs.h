/* rin solve across machines: the jobs file of --split, the result file a
 * job writes (and resumes from), --merge, which puts the root's value
 * and proof back together from the jobs', and --status, which tells how
 * far each job is (formats in engine/solve/SOLVE.md, "Beyond one
 * machine"). */
#ifndef RIN_SOLVE_JOBS_H
#define RIN_SOLVE_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

enum { SOLVE_JOBS_PATH_MAX = 1024, SOLVE_JOBS_ERROR_MAX = 1400 };

/* The result file of one job. */
typedef struct SolveJobResult {
    Position pos;
    int lower, upper;  /* Black's margin proven from pos */
    uint64_t nodes;
    int64_t elapsed_ms;
    char proof[SOLVE_JOBS_PATH_MAX]; /* the proof's file, "" when none */
} SolveJobResult;

/* Writes the jobs `depth` stones below root to path (through a temporary
 * file); prints how many. Returns an exit status. */
int solve_jobs_split(const Position *root, int depth, const char *path);

/* The position of job number k (from 1) of a jobs file; false with a
 * message in err. */
bool solve_jobs_position(const char *path, uint64_t k, Position *pos, char *err, size_t err_size);

/* Reads a result file; false with a message in err (a missing file too). */
bool solve_job_result_read(const char *path, SolveJobResult *result, char *err, size_t err_size);

/* Writes a result file (through a temporary file); false with a message. */
bool solve_job_result_write(const char *path, const SolveJobResult *result, char *err, size_t err_size);

/* rin solve --merge JOBS RESULT... [--proof FILE]: argv holds JOBS and the
 * rest (checkpoints may stand among the results: their bounds count too).
 * Returns an exit status. */
int solve_jobs_merge(int argc, char **argv);

/* rin solve --status JOBS [RESULT | CHECKPOINT]...: one line per job,
 * solved (its value), bounded [lower, upper] or open, with the nodes and
 * time its files count, then the totals. argv holds JOBS and the rest.
 * Returns an exit status. */
int solve_jobs_status(int argc, char **argv);

#endif
