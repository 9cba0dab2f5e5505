/* The files of a solve across machines (engine/solve/SOLVE.md, "Beyond
 * one machine"): the jobs file of rin solve --split (format
 * rin-solve-jobs 1: the root, the depth, the jobs' positions) and the
 * result file a job writes and resumes from (rin-solve-result 1: the
 * position, Black's margin proven, the nodes and time, the proof). */
#ifndef RIN_SOLVE_JOBS_FILE_H
#define RIN_SOLVE_JOBS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

enum { SOLVE_JOBS_PATH_MAX = 1024, SOLVE_JOBS_ERROR_MAX = 1400 };

/* A jobs file. */
typedef struct SolveJobs {
    Position root;
    int depth;
    Position *job; /* job k (from 1) is job[k - 1] */
    uint64_t count;
} SolveJobs;

/* Writes the jobs `depth` stones below root to path (solve_split, through
 * a temporary file); *count receives how many. False with a message. */
bool solve_jobs_write(const char *path, const Position *root, int depth, uint64_t *count, char *err,
                      size_t err_size);

/* Reads a jobs file: its root, depth and the jobs up to number `limit`
 * (0: all); free them with solve_jobs_free. False with a message. */
bool solve_jobs_read(const char *path, uint64_t limit, SolveJobs *jobs, char *err, size_t err_size);
void solve_jobs_free(SolveJobs *jobs);

/* The position of job number k (from 1) of a jobs file; false with a
 * message in err. */
bool solve_jobs_position(const char *path, uint64_t k, Position *pos, char *err, size_t err_size);

/* The result file of one job. */
typedef struct SolveJobResult {
    Position pos;
    int lower, upper;  /* Black's margin proven from pos */
    uint64_t nodes;
    int64_t elapsed_ms;
    char proof[SOLVE_JOBS_PATH_MAX]; /* the proof's file, "" when none */
} SolveJobResult;

/* Reads a result file; false with a message in err (a missing file too). */
bool solve_job_result_read(const char *path, SolveJobResult *result, char *err, size_t err_size);

/* Writes a result file (through a temporary file); false with a message. */
bool solve_job_result_write(const char *path, const SolveJobResult *result, char *err, size_t err_size);

#endif
