/* Perft: counts the move sequences of a given length, the standard check
 * that move generation and make/undo agree with a reference. */
#ifndef RIN_PERFT_H
#define RIN_PERFT_H

#include <stdint.h>

#include "rules/position.h"

/* Number of sequences of exactly `depth` stones from `pos`. A game that ends
 * earlier contributes nothing, as checkmate does in chess perft. */
uint64_t perft(const Position *pos, int depth);

#endif
