/* Static evaluation: an estimate of the final stone difference, in
 * centistones, from the point of view of the side to move. */
#ifndef RIN_EVALUATE_H
#define RIN_EVALUATE_H

#include "movepick.h"
#include "position.h"

/* The terms of the evaluation for one position, each as Black minus White
 * in centistones, for tracing and tuning. */
typedef struct EvalTrace {
    int stones;    /* stones on the board */
    int immune;    /* stones joined to the edge through their own colour */
    int territory; /* empty points closer to one colour's stones */
    int potential; /* points a colour's walls enclose if its gaps were filled */
    int threats;   /* what the side to move can fill now / the opponent next turn */
    int tempo;     /* stones left in the current turn */
    int total;     /* from Black's point of view */
} EvalTrace;

/* The evaluation from the side to move's point of view, given the node's
 * tactical analysis (movepick_tactics). */
int evaluate_with(const Position *pos, const Tactics *tactics);

/* The same, analysing the node itself. */
int evaluate(const Position *pos);

/* Every term, from Black's point of view. */
int evaluate_trace(const Position *pos, const Tactics *tactics, EvalTrace *trace);

#endif
