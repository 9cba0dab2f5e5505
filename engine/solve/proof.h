/* Proof trees: once the solver knows a claim holds ("this side ends with
 * at least this margin"), the tree that shows it to anyone: at the
 * prover's nodes one stone that keeps the claim, at the defender's every
 * legal stone, down to leaves of few empty points (a checker plays them
 * out). Each position appears once, however many lines of play reach it.
 * Nodes are handed to a callback, numbered in order of first mention
 * (children numbered in their parent's node, before their own), which is
 * what the proof files of protocol/PROTOCOL.md ask for. */
#ifndef RIN_SOLVE_PROOF_H
#define RIN_SOLVE_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "solve/dfpn.h"

typedef enum SolveProofKind {
    SOLVE_PROOF_LEAF, /* few enough empty points to play out, or a full board */
    SOLVE_PROOF_PLAY, /* the prover to move: one stone */
    SOLVE_PROOF_ALL   /* the defender to move: every legal stone */
} SolveProofKind;

/* Receives one node; returns false to stop (a write error). */
typedef bool (*SolveProofNodeFn)(void *context, uint64_t id, const Position *pos, SolveProofKind kind,
                                 const int *points, const uint64_t *children, int count);

typedef enum SolveProofStatus {
    SOLVE_PROOF_OK = 0,
    SOLVE_PROOF_FALSE,      /* the claim does not hold from the root */
    SOLVE_PROOF_STOPPED,    /* the solver's limits stopped it */
    SOLVE_PROOF_INCONSISTENT, /* a defence the solver cannot refute below a proven node */
    SOLVE_PROOF_ERR_MEMORY,
    SOLVE_PROOF_ERR_OUTPUT  /* the callback refused a node */
} SolveProofStatus;

const char *solve_proof_status_text(SolveProofStatus status);

typedef struct SolveProofStats {
    uint64_t nodes, leaves, edges;
    uint64_t transpositions; /* children that named a node already in the tree */
} SolveProofStats;

/* Builds and hands out the proof that `prover` ends with at least `margin`
 * more stones than the other side from `root`, with leaves of at most
 * `leaf_empties` empty points, proving what the table does not know with
 * `dfpn` (whose limits apply). */
SolveProofStatus solve_proof(SolveDfpn *dfpn, const Position *root, Color prover, int margin, int leaf_empties,
                             SolveProofNodeFn emit, void *context, SolveProofStats *stats);

#endif
