/* A final margin as text, as games' results are written: "B+3", "W+1",
 * and a draw as the caller says it ("0" in GTP, "draw" elsewhere). */
#ifndef RIN_MARGIN_TEXT_H
#define RIN_MARGIN_TEXT_H

#include <stddef.h>

enum { MARGIN_TEXT_MAX = 16 };

/* Black's margin (Black minus White) into out. */
void margin_text(int black_margin, const char *draw, char *out, size_t size);

#endif
