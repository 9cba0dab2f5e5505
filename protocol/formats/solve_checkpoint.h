/* Checkpoint files of rin solve (format rin-solve-checkpoint 2, version 1 read too,
 * engine/solve/SOLVE.md "Stopping and resuming"): a few text lines (the
 * root, the options that shape the search, the bounds proven, the question
 * under way, the nodes and time spent, the tables' entry counts), then a
 * binary body of little-endian 64-bit words (the proof search's table
 * entries, then the endgame solver's), then a check word over everything
 * before it. The endgame solver's killers and history are left out: a
 * search resumed from the root with those of the middle of the tree
 * orders its first stones worse (4.36 M nodes against 1.19 M after a
 * 5x5 position's first million). Written under a temporary name and
 * renamed, so that the last good checkpoint survives a failed write; read
 * back into a fresh search's tables, or the header alone (--status). */
#ifndef RIN_SOLVE_CHECKPOINT_H
#define RIN_SOLVE_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/position.h"
#include "solve/dfpn.h"
#include "solve/solve.h"

enum { SOLVE_CHECKPOINT_VERSION = 2, SOLVE_CHECKPOINT_ERROR_MAX = 1400 };

/* The options a checkpoint's tables were built under, which a resumed run
 * must share. */
typedef struct SolveCheckpointSearch {
    bool symmetry, stability, mobility, ordering;
    int epsilon_permille, leaf_empties;
} SolveCheckpointSearch;

/* The header of a checkpoint. */
typedef struct SolveCheckpointInfo {
    Position pos;
    SolveCheckpointSearch search;
    int lower, upper;      /* Black's margin proven at the root */
    bool asking;           /* a question at the root was under way: */
    int target;            /* "Black's margin >= target?", */
    uint32_t pn, dn;       /* with these root numbers */
    uint64_t nodes;        /* over every run that led to it */
    int64_t elapsed_ms;
    uint64_t proof_entries, endgame_entries; /* in the body */
    unsigned endgame_generation;             /* the endgame solver's table's age */
} SolveCheckpointInfo;

/* The search options of a solve's options. */
SolveCheckpointSearch solve_checkpoint_search(const SolveOptions *options);

/* Whether a run with options `run` may resume a checkpoint written with
 * `saved`; if not, `why` names the first option that differs. */
bool solve_checkpoint_compatible(const SolveCheckpointSearch *saved, const SolveCheckpointSearch *run, char *why,
                                 size_t why_size);

/* Writes info (its entry counts are computed here) and dfpn's tables to
 * path through path".partial", flushed to the disk before it is renamed.
 * *bytes receives the file's size. False with a message in err. */
bool solve_checkpoint_write(const char *path, const SolveCheckpointInfo *info, const SolveDfpn *dfpn,
                            uint64_t *bytes, char *err, size_t err_size);

/* A checkpoint being read: the header first, then the body. */
typedef struct SolveCheckpointReader {
    FILE *in;
    uint64_t check;  /* of what was read so far */
    SolveCheckpointInfo info;
    char path[1024];
} SolveCheckpointReader;

/* Opens path and reads its header into reader->info; false with a
 * message in err (a missing file, another format, a damaged header). */
bool solve_checkpoint_open(SolveCheckpointReader *reader, const char *path, char *err, size_t err_size);

/* Reads the body into dfpn's tables (fresh, of any size: entries whose
 * bucket is full are dropped, counted in *dropped) and checks the check
 * word and the end of the file. False with a message when the file is
 * damaged or cut short: the tables then hold part of it, not to be used. */
bool solve_checkpoint_load(SolveCheckpointReader *reader, SolveDfpn *dfpn, uint64_t *dropped, char *err,
                           size_t err_size);

void solve_checkpoint_close(SolveCheckpointReader *reader);

/* Whether the file at path is a checkpoint (by its first line). */
bool solve_checkpoint_is(const char *path);

#endif
