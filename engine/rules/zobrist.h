/* Zobrist keys: one per (colour, point) and one per turn state
 * (side to move and which stone of the turn comes next). */
#ifndef RIN_ZOBRIST_H
#define RIN_ZOBRIST_H

#include <stdint.h>

#include "rules/bitboard.h"

extern const uint64_t zobrist_stone[2][BB_POINTS];
/* Indexed by side * 2 + (stone of turn - 1); Black's opening stone uses
 * the index of a second stone. */
extern const uint64_t zobrist_turn[4];
/* zobrist_turn of ply ^ zobrist_turn of ply + 1, indexed by ply mod 4: the
 * turn state depends only on ply mod 4 (B2 W1 W2 B1 for 0 1 2 3). */
extern const uint64_t zobrist_turn_step[4];

#endif
