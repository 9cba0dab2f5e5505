/* rin solve across machines: --split, --merge, which puts the root's
 * value and proof back together from the jobs' (engine/solve/merge.h),
 * and --status, which tells how far each job is (the files in
 * formats/solve_jobs_file.h). */
#ifndef RIN_SOLVE_JOBS_H
#define RIN_SOLVE_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/args.h"
#include "formats/solve_jobs_file.h"
#include "rules/position.h"

/* Writes the jobs `depth` stones below root to path; prints how many.
 * Returns an exit status. */
int solve_jobs_split(const Position *root, int depth, const char *path);

/* rin solve --merge JOBS RESULT... [--proof FILE]: argv holds JOBS and the
 * rest (checkpoints may stand among the results: their bounds count too).
 * Returns an exit status. */
int solve_jobs_merge(int argc, char **argv);

/* --merge's options' table (the usage text, and the man page's test). */
const ArgsCommand *solve_jobs_merge_args(void);

/* rin solve --status JOBS [RESULT | CHECKPOINT]...: one line per job,
 * solved (its value), bounded [lower, upper] or open, with the nodes and
 * time its files count, then the totals. argv holds JOBS and the rest.
 * Returns an exit status. */
int solve_jobs_status(int argc, char **argv);

#endif
