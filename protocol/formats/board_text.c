/* The text diagram of a position (showboard, the terminal). */
#include "formats/board_text.h"

#include <stdarg.h>
#include <stdio.h>

#include "formats/coord.h"

/* (row, column) of the marker points: G13 K13 N10 N7 K4 G4 D7 D10 (engine/RULES.md). */
static const int markers[8][2] = {{3, 6}, {3, 9}, {6, 12}, {9, 12}, {12, 9}, {12, 6}, {9, 3}, {6, 3}};

bool board_text_is_marker(int size, int point)
{
    if (size != 16)
        return false;
    for (int i = 0; i < 8; i++)
        if (point_make(markers[i][0], markers[i][1]) == point)
            return true;
    return false;
}

const char *board_text_stone_of_turn(const Position *pos)
{
    if (pos->ply == 0)
        return "opening stone";
    return pos_stone_of_turn(pos) == 1 ? "first of two stones" : "second of two stones";
}

/* Appends to out (BOARD_TEXT_MAX bytes) at *at; stops at the end. */
static void put(char *out, size_t *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *out, size_t *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + *at, BOARD_TEXT_MAX - *at, fmt, ap);
    va_end(ap);
    if (n > 0)
        *at = *at + (size_t)n < BOARD_TEXT_MAX ? *at + (size_t)n : BOARD_TEXT_MAX - 1;
}

static void put_letters(char *out, size_t *at, int size)
{
    put(out, at, "   ");
    for (int c = 0; c < size; c++)
        put(out, at, " %c", coord_column_letter(c));
    put(out, at, "\n");
}

size_t board_text_format(const Position *pos, int last, char *out)
{
    return board_text_format_marked(pos, last == POINT_NONE ? bb_zero() : bb_point(last), out);
}

/* The character between columns c - 1 and c of row r (c from 0 to size:
 * before the first and after the last too): frames the marked points. */
static char separator(Bitboard marked, int size, int r, int c)
{
    bool left = c > 0 && bb_test(marked, point_make(r, c - 1));
    bool right = c < size && bb_test(marked, point_make(r, c));
    return left && right ? '|' : left ? ')' : right ? '(' : ' ';
}

/* A row: its number, a space, the points with the separators between and
 * around them, a space and the number again; the spaces keep a frame on an
 * edge column off the numbers (" 4 (X)X", not " 4(X)X"), and the letters
 * line up with the points. */
size_t board_text_format_marked(const Position *pos, Bitboard marked, char *out)
{
    int size = pos->size;
    size_t at = 0;
    out[0] = '\0';
    put_letters(out, &at, size);
    for (int r = 0; r < size; r++) {
        int number = size - r;
        put(out, &at, "%2d ", number);
        for (int c = 0; c < size; c++) {
            int point = point_make(r, c);
            int stone = pos_at(pos, point);
            char mark = stone == COLOR_BLACK ? 'X' : stone == COLOR_WHITE ? 'O' : '.';
            if (stone < 0 && board_text_is_marker(size, point))
                mark = '+';
            put(out, &at, "%c%c", separator(marked, size, r, c), mark);
        }
        put(out, &at, "%c %d\n", separator(marked, size, r, size), number);
    }
    put_letters(out, &at, size);
    if (pos_is_over(pos))
        put(out, &at, "Game over\n");
    else
        put(out, &at, "%s to move (%s)\n", pos_to_move(pos) == COLOR_BLACK ? "Black" : "White",
            board_text_stone_of_turn(pos));
    put(out, &at, "Black %d, White %d, empty %d\n", pos_count(pos, COLOR_BLACK), pos_count(pos, COLOR_WHITE),
        pos_empty_count(pos));
    return at;
}

int board_text_fill(const Position *before, const Position *after, int point, char *out)
{
    static const char *const names[2] = {"Black", "White"}, *const lower[2] = {"black", "white"};
    Color me = pos_to_move(before), other = color_other(me);
    Bitboard filled = bb_andnot(after->stones[me], before->stones[me]);
    bb_clear(&filled, point);
    out[0] = '\0';
    int count = bb_count(filled);
    if (count == 0)
        return 0;
    int captured = bb_count(bb_andnot(before->stones[other], after->stones[other]));
    char first[COORD_TEXT_MAX];
    coord_format(bb_first(filled), after->size, first); /* points run row by row from the top */
    int n = snprintf(out, BOARD_TEXT_LINE_MAX, "%s's ring fills %s", names[me], first);
    if (count > 1)
        n += snprintf(out + n, BOARD_TEXT_LINE_MAX - (size_t)n, " and %d more point%s", count - 1,
                      count == 2 ? "" : "s");
    if (captured > 0)
        snprintf(out + n, BOARD_TEXT_LINE_MAX - (size_t)n, "; %d %s stone%s captured", captured, lower[other],
                 captured == 1 ? "" : "s");
    return count;
}
