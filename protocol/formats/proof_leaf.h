/* The leaves of a proof file (proof_file.h): whether a side reaches its
 * margin from a position, settled by the checker's own search over the rules
 * alone (pos_check, pos_play, stable_stones), so that a proof can stop well before the full
 * board without trusting the solver that wrote it. */
#ifndef RIN_PROOF_LEAF_H
#define RIN_PROOF_LEAF_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

/* The answers found so far, each filed under the whole position (both
 * colours' stones, the turn, the size) and the question (the side, the
 * margin), and compared in full before it is used: a lookup never mistakes
 * one position for another. A fixed number of slots; a new answer takes
 * the slot of an old one. */
typedef struct ProofLeafTable ProofLeafTable;

/* A table of 2^log2_slots slots; NULL when out of memory. */
ProofLeafTable *proof_leaf_table_create(int log2_slots);
void proof_leaf_table_destroy(ProofLeafTable *table);

/* Whether `prover` ends with at least `margin` more stones than the other
 * side from pos under every defence: at the prover's turn some legal stone
 * keeps the claim, at the defender's every legal stone does, and a full
 * board is counted. A line is cut short only where the stones that can never
 * change colour (joined to the safe zone by stones of their own colour)
 * already settle the claim either way, or where `table` (NULL for none)
 * already holds the answer for the same position and question. Adds the
 * positions visited to *nodes. The work grows steeply with the empty
 * points: a proof's leaves keep them few (PROOF_LEAF_EMPTIES_MAX). */
bool proof_leaf_holds(ProofLeafTable *table, const Position *pos, Color prover, int margin, uint64_t *nodes);

#endif
