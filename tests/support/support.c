/* GTP vertices for the tests: (row r, column c) is the letter of column c
 * (A.., no I) followed by N - r. */
#include "support.h"

#include <stdio.h>

static const char column_letters[] = "ABCDEFGHJKLMNOPQ";

int support_vertex_point(int size, const char *vertex)
{
    char letter = vertex[0];
    if (letter >= 'a' && letter <= 'z')
        letter = (char)(letter - 'a' + 'A');
    int col = -1;
    for (int c = 0; c < size && column_letters[c]; c++)
        if (column_letters[c] == letter)
            col = c;
    if (col < 0)
        return -1;
    int number = 0, digits = 0;
    for (const char *s = vertex + 1; *s; s++) {
        if (*s < '0' || *s > '9' || ++digits > 2)
            return -1;
        number = number * 10 + (*s - '0');
    }
    if (digits == 0 || number < 1 || number > size)
        return -1;
    int row = size - number;
    return row * 16 + col;
}

void support_vertex_name(int size, int row, int col, char *out)
{
    snprintf(out, SUPPORT_VERTEX_MAX, "%c%d", column_letters[col & 15], size - row);
}
