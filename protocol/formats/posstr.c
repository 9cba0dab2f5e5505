/* Position string parsing (strict, with a message on failure) and printing. */
#include "formats/error_text.h"
#include "formats/posstr.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>


static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Describes a character for an error message. */
static const char *describe(char c, char buf[16])
{
    if (c == '\0')
        return "end of string";
    if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F)
        snprintf(buf, 16, "'%c'", c);
    else
        snprintf(buf, 16, "byte 0x%02X", (unsigned char)c);
    return buf;
}

/* What a position string says, before it is checked to be a position. */
typedef struct PosstrFields {
    int size;
    Bitboard stones[2];
    Color side;
    int stone;
} PosstrFields;

/* The syntax: false, with the message, when the text does not parse. */
static bool parse_fields(const char *text, PosstrFields *fields, char *err, size_t err_size)
{
    char what[16];
    const char *s = text;
    while (is_blank(*s))
        s++;

    /* The board: count rows and widths first, so that the size is known. */
    Bitboard stones[2] = {bb_zero(), bb_zero()};
    int row = 0, col = 0, width = -1;
    for (;; s++) {
        char c = *s;
        if (c == 'x' || c == 'o') {
            if (row < BB_MAX_SIZE && col < BB_MAX_SIZE)
                bb_set(&stones[c == 'o'], point_make(row, col));
            col++;
        } else if (c >= '1' && c <= '9') {
            int run = 0;
            while (*s >= '0' && *s <= '9') {
                run = run * 10 + (*s - '0');
                if (run > BB_MAX_SIZE)
                    return error_text(err, err_size, "row %d: a run of more than %d empty points", row + 1, BB_MAX_SIZE);
                s++;
            }
            s--;
            col += run;
        } else if (c == '/' || is_blank(c) || c == '\0') {
            if (col == 0)
                return error_text(err, err_size, "row %d is empty", row + 1);
            if (width < 0)
                width = col;
            else if (col != width)
                return error_text(err, err_size, "row %d has %d points but row 1 has %d", row + 1, col, width);
            if (width > BB_MAX_SIZE)
                return error_text(err, err_size, "rows have %d points; the largest board is %d", width, BB_MAX_SIZE);
            row++;
            col = 0;
            if (c != '/')
                break;
            if (row >= BB_MAX_SIZE)
                return error_text(err, err_size, "more than %d rows", BB_MAX_SIZE);
        } else if (c == '0') {
            return error_text(err, err_size, "row %d: a run of empty points cannot start with 0", row + 1);
        } else {
            return error_text(err, err_size, "row %d: unexpected %s (expected x, o, a number or /)", row + 1,
                        describe(c, what));
        }
    }
    int size = row;
    if (size != width)
        return error_text(err, err_size, "%d rows of %d points: the board must be square", size, width);
    if (size < BB_MIN_SIZE)
        return error_text(err, err_size, "board size %d: the smallest board is %d", size, BB_MIN_SIZE);

    /* Side to move and stone of the turn. */
    if (!is_blank(*s))
        return error_text(err, err_size, "missing side to move after the board");
    while (is_blank(*s))
        s++;
    Color side;
    if (*s == 'b')
        side = COLOR_BLACK;
    else if (*s == 'w')
        side = COLOR_WHITE;
    else
        return error_text(err, err_size, "side to move: expected b or w, found %s", describe(*s, what));
    s++;
    if (*s == '\0')
        return error_text(err, err_size, "missing stone of the turn (1 or 2) after the side to move");
    if (!is_blank(*s))
        return error_text(err, err_size, "side to move: expected b or w followed by a space");
    while (is_blank(*s))
        s++;
    int stone;
    if (*s == '1' || *s == '2')
        stone = *s - '0';
    else
        return error_text(err, err_size, "stone of the turn: expected 1 or 2, found %s", describe(*s, what));
    s++;
    while (is_blank(*s))
        s++;
    if (*s != '\0')
        return error_text(err, err_size, "unexpected text after the stone of the turn: %s", describe(*s, what));

    *fields = (PosstrFields){.size = size, .stones = {stones[0], stones[1]}, .side = side, .stone = stone};
    return true;
}

PosstrStatus posstr_read(const char *text, Position *pos, char *err, size_t err_size)
{
    PosstrFields fields = {0}; /* set by parse_fields when it succeeds */
    if (!parse_fields(text, &fields, err, err_size))
        return POSSTR_SYNTAX;
    Position parsed;
    PosStatus status = pos_setup(&parsed, fields.size, fields.stones[0], fields.stones[1], fields.side, fields.stone);
    if (status == POS_OK)
        status = pos_reachable(&parsed);
    if (status != POS_OK) {
        error_text(err, err_size, "%s", pos_status_text(status));
        return POSSTR_INVALID;
    }
    *pos = parsed;
    return POSSTR_OK;
}

bool posstr_parse(const char *text, Position *pos, char *err, size_t err_size)
{
    return posstr_read(text, pos, err, err_size) == POSSTR_OK;
}

void posstr_format(const Position *pos, char *out)
{
    char *o = out;
    for (int r = 0; r < pos->size; r++) {
        int run = 0;
        for (int c = 0; c < pos->size; c++) {
            int at = pos_at(pos, point_make(r, c));
            if (at < 0) {
                run++;
                continue;
            }
            if (run > 0)
                o += sprintf(o, "%d", run);
            run = 0;
            *o++ = at == COLOR_BLACK ? 'x' : 'o';
        }
        if (run > 0)
            o += sprintf(o, "%d", run);
        if (r + 1 < pos->size)
            *o++ = '/';
    }
    sprintf(o, " %c %d", pos_to_move(pos) == COLOR_BLACK ? 'b' : 'w', pos_stone_of_turn(pos));
}
