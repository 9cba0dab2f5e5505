/* The board for people: a text diagram with coordinates on all four sides,
 * the designer's marker points, whose turn it is and the stone counts; and
 * what a stone's ring filled, in words. */
#ifndef RIN_BOARD_TEXT_H
#define RIN_BOARD_TEXT_H

#include <stddef.h>

#include "rules/position.h"

/* Enough for the 16x16 diagram and its status lines. */
enum { BOARD_TEXT_MAX = 2048 };

/* Writes the diagram of pos into out (BOARD_TEXT_MAX bytes): X black, O
 * white, '.' empty, '+' an empty marker point (16x16 only). The stone at
 * `last` (POINT_NONE for none) is framed by parentheses. Lines end with '\n';
 * none is empty. Returns the length. */
size_t board_text_format(const Position *pos, int last, char *out);

/* The same with every point of `marked` framed by parentheses, e.g. both
 * stones of the last turn; two marked points side by side share a '|'
 * between them: "(X|X)". */
size_t board_text_format_marked(const Position *pos, Bitboard marked, char *out);

/* Enough for the line of board_text_fill. */
enum { BOARD_TEXT_LINE_MAX = 128 };

/* What the stone at `point` that made `after` from `before` filled, for
 * people: "White's ring fills E4 and 2 more points; 1 black stone
 * captured" (the first filled point in reading order, then the count of
 * the others; captured: the opponent's stones that changed colour). Writes
 * it into out (BOARD_TEXT_LINE_MAX bytes), "" when the stone filled
 * nothing. Returns the number of points filled. */
int board_text_fill(const Position *before, const Position *after, int point, char *out);

/* Which stone of whose turn comes next, e.g. "first of two stones". */
const char *board_text_stone_of_turn(const Position *pos);

/* Whether a point is one of the designer's marker points of the 16x16 board. */
bool board_text_is_marker(int size, int point);

#endif
