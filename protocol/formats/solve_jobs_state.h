/* What the files of a split solve say of each of its jobs (rin solve
 * --merge and --status): the jobs file, then every result and checkpoint
 * named, each filed under its job by the key of its mirror class, the
 * narrowest bounds and the most nodes kept. */
#ifndef RIN_SOLVE_JOBS_STATE_H
#define RIN_SOLVE_JOBS_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/solve_jobs_file.h"
#include "rules/symmetry.h"

/* What a job's files say besides its bounds. */
typedef struct SolveJobFiles {
    int count;           /* results and checkpoints read for it */
    uint64_t nodes;      /* the most any of them counts (each counts every run before it) */
    int64_t elapsed_ms;
    const char *last;    /* the last file read */
    bool asking;         /* its checkpoint's question under way, when it has one */
    int target;
} SolveJobFiles;

/* The jobs with what their results and checkpoints say, found by the key
 * of their mirror class. */
typedef struct SolveJobsState {
    SolveJobs jobs;
    SymmetryTable sym;
    uint64_t *key;           /* per job */
    SolveJobResult *result;  /* per job; lower > upper: no result yet */
    SolveJobFiles *files;    /* per job */
} SolveJobsState;

/* Reads the jobs file and the files; false with a message in err (free
 * the state either way). */
bool solve_jobs_state_load(SolveJobsState *state, const char *jobs_path, char **files, int file_count, char *err,
                           size_t err_size);
void solve_jobs_state_free(SolveJobsState *state);

/* The job whose position pos is (or mirrors), or -1. */
int64_t solve_jobs_find(const SolveJobsState *state, const Position *pos);

/* Black's margin from a job's position as its files prove it (-points,
 * points when unknown): the SolveSplitBoundsFn of solve_split_value, the
 * state as its context. */
void solve_jobs_bounds(void *state, const Position *pos, int *lower, int *upper);

#endif
