/* Positions for the tests drawn as diagrams: one string per row, top row
 * first, 'X' black, 'O' white, '.' empty. */
#ifndef RIN_TEST_DIAGRAM_H
#define RIN_TEST_DIAGRAM_H

#include <stdbool.h>

#include "rules/position.h"

/* Sets *out to the size x size position of the diagram with side to move
 * and stone of the turn. False when a row holds any other character or
 * pos_setup refuses the position. */
bool support_position_from_rows(Position *out, const char *const *rows, int size, Color side,
                                int stone);

#endif
