/* Values that rin-solve proved, kept for the rest of the session so that
 * rin-analyze shows them as `final` too: the solved position's, those of
 * the positions along its line of perfect play, and those of its opening
 * table's stones. Whole positions are compared, never only their hashes. */
#ifndef RIN_GTP_PROVEN_H
#define RIN_GTP_PROVEN_H

#include <stdbool.h>

#include "rules/position.h"
#include "search/search.h"

/* The newest values are kept; beyond this many the oldest make room. */
enum { GTP_PROVEN_MAX = 1024 };

typedef struct GtpProven {
    Position pos[GTP_PROVEN_MAX];
    int black_margin[GTP_PROVEN_MAX]; /* Black's final margin under perfect play */
    int count, next;
} GtpProven;

/* Keeps Black's exact margin at pos (replacing what was kept for it). */
void gtp_proven_add(GtpProven *proven, const Position *pos, int black_margin);

/* Black's proven margin at pos; false when none is kept. */
bool gtp_proven_find(const GtpProven *proven, const Position *pos, int *black_margin);

/* What is known about an analysis's root and its stones, taken before the
 * analysis starts (a streamed one reads only this copy). */
typedef struct GtpProvenView {
    bool root_known;
    int root_margin;            /* the side to move's final margin at the root */
    Bitboard known;             /* stones whose position after is kept */
    int16_t margin[BB_POINTS];  /* the side to move's final margin after each of them */
} GtpProvenView;

void gtp_proven_view(const GtpProven *proven, const Position *root, GtpProvenView *view);

/* Marks as proven (a final score, exact) every candidate line whose first
 * stone leads to a kept value, and with several lines the root's score when
 * its value is kept, where the search has not proven them itself. A single
 * line's score, which stands for the root's too, shows its stone's value
 * alone: the root's is that of its best stone, which may be another. */
void gtp_proven_apply(const GtpProvenView *view, SearchInfo *info);

#endif
