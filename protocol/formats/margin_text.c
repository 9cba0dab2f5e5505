/* Margins as text (margin_text.h). */
#include "formats/margin_text.h"

#include <stdio.h>

void margin_text(int black_margin, const char *draw, char *out, size_t size)
{
    if (black_margin > 0)
        snprintf(out, size, "B+%d", black_margin);
    else if (black_margin < 0)
        snprintf(out, size, "W+%d", -black_margin);
    else
        snprintf(out, size, "%s", draw);
}
