/* Solving small boards: the exact final margin of a position under perfect
 * play, by proof-number search (dfpn.h) of boolean questions on Black's
 * margin: a win (>= +1), at least a draw (>= 0), then the margin by
 * successive proofs on both sides of it; optionally the value of every
 * stone at the root (the opening table of an empty board). */
#ifndef RIN_SOLVE_SOLVE_H
#define RIN_SOLVE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"
#include "solve/dfpn.h"

typedef enum SolveStatus {
    SOLVE_OK = 0,     /* proven (the openings too, when asked for) */
    SOLVE_STOPPED,    /* a time or node limit, or the interrupt, stopped it: bounds only */
    SOLVE_ERR_MEMORY, /* the table could not be allocated */
    SOLVE_ERR_RESTORE /* options->restore refused its checkpoint: nothing searched */
} SolveStatus;

enum { SOLVE_DEFAULT_HASH_BYTES = 64 << 20, SOLVE_DEFAULT_PROGRESS_MS = 5000, SOLVE_DEFAULT_LEAF_EMPTIES = 25,
       SOLVE_DEFAULT_EPSILON_PERMILLE = 250, SOLVE_PROBE_EXPANSIONS = 2000 };

/* The tables' default size grows with the empty points of the root: 64 MiB
 * up to 19 of them, doubling with each point above, 4 GiB from 25 on. On
 * 5x5 positions of 20 and 22 empty points, 64 MiB to 1 GiB change the
 * nodes by less than 1 % (3.07 M; 31.1 M and 30.9 M); the empty board, 25
 * points, takes 334 M nodes with 1 GiB, 212 M with 2 GiB and 4 GiB. */
enum { SOLVE_HASH_SMALL_MIB = 64, SOLVE_HASH_SMALL_EMPTIES = 19, SOLVE_HASH_LARGE_MIB = 4096,
       SOLVE_HASH_LARGE_EMPTIES = 25 };

/* Where a solve stands, for a checkpoint of it (with the search's tables). */
typedef struct SolveSnapshot {
    int lower, upper;  /* Black's margin proven at the root so far */
    bool asking;       /* a question at the root is under way (not at a stone of the openings): */
    int target;        /* Black's margin it asks for, */
    uint32_t pn, dn;   /* and its root numbers at their last update */
    uint64_t nodes;    /* of this run */
    int64_t elapsed_ms;
    bool final;        /* the solve has stopped (a limit or the interrupt) */
} SolveSnapshot;

/* Writes a checkpoint: the tables of dfpn (to read only) and the snapshot.
 * Said failures are the callee's to report. */
typedef void (*SolveCheckpointFn)(const SolveDfpn *dfpn, const SolveSnapshot *snapshot, void *context);

/* Fills the fresh tables of dfpn from an earlier run's checkpoint before
 * the search starts; false refuses it (SOLVE_ERR_RESTORE). */
typedef bool (*SolveRestoreFn)(SolveDfpn *dfpn, void *context);

typedef struct SolveOptions {
    size_t hash_bytes;            /* the table's budget */
    int64_t time_limit_ms;        /* 0: none */
    uint64_t node_limit;          /* 0: none */
    bool openings;                /* also the value of every stone at the root */
    bool symmetry;                /* mirror images share table entries */
    bool stability;               /* the stable-stone cut-off */
    bool mobility;                /* initial proof numbers from the choices of the turn */
    int epsilon_permille;         /* the 1+epsilon threshold's epsilon in thousandths (0: plain df-pn) */
    int leaf_empties;             /* the endgame solver settles positions with at most
                                     this many empty points (0: proof numbers to the end) */
    bool ordering;                /* the endgame solver's richer ordering (dfpn.h) */
    SolveProgressFn progress;     /* called every progress_interval_ms; may be NULL */
    void *progress_context;
    int64_t progress_interval_ms;
    int known_lower, known_upper; /* Black's margin as an earlier run proved it
                                     (a stopped job resumed); +-SOLVE_MARGIN_NONE: nothing */
    uint64_t probe_expansions;    /* 0: "a win?" first, then "at least a draw?"; else each
                                     of the two is searched this many expansions first,
                                     and the one whose answer looks nearer settled first */
    bool resume_asking;           /* ask "Black's margin >= resume_target?" first (the */
    int resume_target;            /* question a checkpoint was written under), when open */
    const volatile sig_atomic_t *interrupt; /* stops the solve once set; NULL: none */
    SolveCheckpointFn checkpoint; /* every checkpoint_interval_ms, and once stopped; NULL: none */
    void *checkpoint_context;
    int64_t checkpoint_interval_ms;
    SolveRestoreFn restore;       /* NULL: fresh tables */
    void *restore_context;
} SolveOptions;

/* One stone at the root and the value of the position it leads to. */
typedef struct SolveOpening {
    int point;
    int same_as;         /* the earlier stone it mirrors (same value), or POINT_NONE */
    bool proven;
    int black_lower;     /* Black's final margin after this stone: */
    int black_upper;     /* equal bounds when proven */
} SolveOpening;

typedef struct SolveResult {
    bool proven;
    int black_margin;          /* Black's final margin under perfect play (when proven) */
    int margin;                /* the same for the side to move */
    int black_lower;           /* what is proven of Black's margin; */
    int black_upper;           /* both equal black_margin when proven */
    int target;                /* when stopped: Black's margin being asked for, */
    uint32_t pn, dn;           /* and the root's numbers then */
    int best_point;            /* a stone that keeps the value, or POINT_NONE */
    int pv[BB_POINTS];         /* a principal variation, as far as the table knows it */
    int pv_length;
    uint64_t nodes;
    int64_t elapsed_ms;
    size_t table_used, table_capacity, table_bytes;
    int opening_count;         /* one per empty point, when openings were asked for */
    SolveOpening openings[BB_POINTS];
} SolveResult;

/* 64 MiB, no limits, no openings, symmetry and stability on, no progress,
 * the first questions probed (SOLVE_PROBE_EXPANSIONS expansions each). */
void solve_options_default(SolveOptions *options);

/* The tables' size in MiB for a root of `empties` empty points on a
 * machine of `physical_bytes` of memory (0: unknown): the size of the
 * rule above, at most the largest power of two within half the memory
 * (at least 1 MiB), and when the memory is unknown no more than 64 MiB. */
size_t solve_default_hash_mib(int empties, uint64_t physical_bytes);

/* A proof search for boards of `size` as the options set it up (table,
 * techniques, limits, progress), its clock started: for questions of one's
 * own (solve_dfpn_prove), such as the proof tree's (proof.h).
 * SOLVE_ERR_MEMORY leaves nothing to free. */
SolveStatus solve_start(SolveDfpn *dfpn, int size, const SolveOptions *options);

/* Solves pos. On SOLVE_OK and SOLVE_STOPPED *out holds what was found;
 * on an error it is left untouched. */
SolveStatus solve_position(const Position *pos, const SolveOptions *options, SolveResult *out);

/* A short English description of a status. */
const char *solve_status_text(SolveStatus status);

#endif
