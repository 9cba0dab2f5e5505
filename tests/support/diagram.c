/* Diagrams to positions for the tests. */
#include "diagram.h"

bool support_position_from_rows(Position *out, const char *const *rows, int size, Color side,
                                int stone)
{
    Bitboard black = bb_zero(), white = bb_zero();
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            char ch = rows[r][c];
            if (ch == 'X')
                bb_set(&black, point_make(r, c));
            else if (ch == 'O')
                bb_set(&white, point_make(r, c));
            else if (ch != '.')
                return false;
        }
    return pos_setup(out, size, black, white, side, stone) == POS_OK;
}
