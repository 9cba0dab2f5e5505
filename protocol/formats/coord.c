/* Vertex text <-> point. */
#include "formats/coord.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "rules/bitboard.h"

char coord_column_letter(int col) { return (char)('A' + col + (col >= 8)); }

CoordStatus coord_parse(const char *text, int size, int *point)
{
    if (strcasecmp(text, "pass") == 0)
        return COORD_PASS;
    char letter = (char)toupper((unsigned char)text[0]);
    if (letter < 'A' || letter > 'Z' || letter == 'I')
        return COORD_SYNTAX;
    int col = letter - 'A' - (letter > 'I');
    const char *digits = text + 1;
    if (!isdigit((unsigned char)digits[0]) || digits[0] == '0')
        return COORD_SYNTAX;
    long row_number = 0;
    for (const char *d = digits; *d; d++) {
        if (!isdigit((unsigned char)*d))
            return COORD_SYNTAX;
        if (row_number <= 1000) /* anything larger is off every board */
            row_number = row_number * 10 + (*d - '0');
    }
    if (col >= size || row_number > size)
        return COORD_OFF_BOARD;
    *point = point_make(size - (int)row_number, col);
    return COORD_OK;
}

void coord_format(int point, int size, char *out)
{
    int row_number = size - point_row(point);
    out[0] = coord_column_letter(point_col(point));
    if (row_number >= 10) {
        out[1] = (char)('0' + row_number / 10);
        out[2] = (char)('0' + row_number % 10);
        out[3] = '\0';
    } else {
        out[1] = (char)('0' + row_number);
        out[2] = '\0';
    }
}
