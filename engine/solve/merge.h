/* The proof of a split solve put together from its jobs (split.h): from
 * the root down to the jobs, the prover's stones and the defender's every
 * answer chosen by the jobs' bounds, handed out as solve_proof hands out
 * its nodes; each job's position reached is handed out once more, with
 * its id, for its own proof to be joined there. */
#ifndef RIN_SOLVE_MERGE_H
#define RIN_SOLVE_MERGE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "solve/proof.h"
#include "solve/split.h"

typedef enum SolveMergeStatus {
    SOLVE_MERGE_OK = 0,
    SOLVE_MERGE_UNPROVEN,   /* the jobs' bounds do not prove the claim below the root */
    SOLVE_MERGE_ERR_MEMORY,
    SOLVE_MERGE_ERR_OUTPUT  /* a callback refused a node or a job */
} SolveMergeStatus;

/* Receives a position at the jobs' depth (a mirror image of a job's) and
 * the id its node has; the job's own nodes below it take ids from
 * *next_id on, which the callback moves past them. False to stop. */
typedef bool (*SolveMergeJobFn)(void *context, uint64_t id, const Position *pos, uint64_t *next_id);

typedef struct SolveMergeClaim {
    const Position *root;
    int depth;              /* the jobs' stones below the root */
    Color prover;
    int margin;
    int leaf_empties;       /* a position above the jobs with at most this many
                               empty points is a leaf */
    SolveSplitBoundsFn bounds; /* Black's margin from a job's position */
    void *bounds_context;
    SolveProofNodeFn node;  /* the nodes above the jobs, ids in order of first mention */
    SolveMergeJobFn job;    /* then the positions at the jobs' depth, in the order of their ids,
                               the first id after the nodes above as *next_id */
    void *context;          /* of node and job */
} SolveMergeClaim;

/* Hands out the proof of the claim. */
SolveMergeStatus solve_merge_claim(const SolveMergeClaim *claim);

const char *solve_merge_status_text(SolveMergeStatus status);

#endif
