/* Tactics: where a single stone closes a ring, and how much it gains; where
 * two stones do; and the tactical analysis of a node that the evaluation and
 * the move ordering both read (Tactics). */
#ifndef RIN_TACTICS_H
#define RIN_TACTICS_H

#include <stdint.h>

#include "rules/position.h"

/* Empty points where a stone of `color` would split the area outside its
 * stones locally (two or more pieces of non-own points around it): the only
 * points where a ring can close. A bit-parallel superset of fill points. */
Bitboard tactics_cut_points(const Position *pos, Color color);

typedef struct FillMap {
    Bitboard cuts;            /* the colour's cut points (tactics_cut_points) */
    Bitboard points;          /* empty points where a stone of the colour encloses something */
    Bitboard area;            /* what those stones would fill, all together (points excluded) */
    int best;                 /* the largest gain, 0 when points is empty */
    uint16_t gain[BB_POINTS]; /* for those: filled points + captured stones (score change beyond the stone) */
} FillMap;

/* Every point where one stone of `color` closes a ring, with its gain.
 * gain[] is set only for points in map->points. */
void tactics_fill_points(const Position *pos, Color color, FillMap *map);

/* Whether one stone of `color` can close a ring somewhere. */
bool tactics_has_fill(const Position *pos, Color color);

/* Score change (for `color`, beyond the stone itself) of a stone of `color` at
 * the empty `point`: filled points plus captured stones; 0 if it closes
 * nothing. */
int tactics_fill_gain(const Position *pos, Color color, int point);

/* First stones of two-stone rings: gaps x of `color`'s walls (cut points
 * that close nothing; `fills` are its fill points, from tactics_fill_points) after which a second
 * stone closes a ring. *best_gain (may be NULL) receives the largest gain
 * of the second stone, 0 if none. */
Bitboard tactics_threat_points(const Position *pos, Color color, const FillMap *fills, int *best_gain);

typedef struct ThreatMap {
    Bitboard points;            /* first stones x of two-stone rings (tactics_threat_points) */
    Bitboard seconds;           /* for each x, the second stone of its largest ring */
    int best;                   /* the largest gain, 0 when points is empty */
    uint16_t gain[BB_POINTS];   /* for x in points: the gain of its largest ring */
    int16_t second[BB_POINTS];  /* for x in points: that ring's second stone */
} ThreatMap;

/* The same two-stone rings, with the gain and second stone of each first
 * stone: what a defender must occupy to stop them. */
void tactics_threat_map(const Position *pos, Color color, const FillMap *fills, ThreatMap *map);

/* The gaps of a colour's walls: its cut points that fill nothing, where the
 * first stone of a two-stone ring stands. */
static inline Bitboard tactics_gaps(const FillMap *fills) { return bb_andnot(fills->cuts, fills->points); }

enum { TACTICS_MAX_CHAINS = 64 }; /* 8-connected chains of one colour on 16x16, at most */

/* What the two-stone ring search reads from one colour's stones alone: the
 * 8-connected chain of each stone, and for each chain the cut points (of
 * those stones, whatever occupies them) whose runs of stones touch it.
 * Positions that differ only in the other colour's stones share it. */
typedef struct TacticsChains {
    Bitboard own;                          /* the stones */
    int count;                             /* chains */
    uint8_t label[BB_POINTS];              /* for each stone, its chain */
    Bitboard touching[TACTICS_MAX_CHAINS]; /* for each chain */
} TacticsChains;

void tactics_chains_compute(Bitboard own, TacticsChains *chains);

/* tactics_threat_map with `chains` computed for pos->stones[color], or NULL
 * to compute them here (only when the colour has gaps). */
void tactics_threat_map_with(const Position *pos, Color color, const FillMap *fills, const TacticsChains *chains,
                             ThreatMap *map);

/* What the tactical analysis of a node found, for the evaluation, the move
 * ordering and pruning. */
typedef struct Tactics {
    FillMap mine;     /* fill points of the side to move */
    FillMap theirs;   /* fill points of the opponent */
    Bitboard threats; /* side to move: first stones of two-stone rings */
    int best_threat;  /* largest gain of a two-stone ring (0 without threats) */
    bool threats_known; /* threats and best_threat were looked for */
} Tactics;

/* What a node can take over from its parent's analysis. A stone that fills
 * nothing leaves the other colour's stones, and so its fill points, as they
 * were: only the stone's own point leaves its cut points, and only a fill
 * whose region held that point (its gain grows by the stone) or that was
 * on it changes. `other` is that colour's map at the parent (NULL: take
 * nothing over), `move` the stone (when `other` is set). */
typedef struct TacticsCarry {
    const FillMap *other;
    int move;
} TacticsCarry;

/* The carry from parent to child, where child is parent plus one stone of
 * the parent's side to move and parent_tactics (may be NULL) the parent's
 * analysis. */
TacticsCarry tactics_carry(const Position *parent, const Position *child, const Tactics *parent_tactics);

/* tactics_analyze, taking over what `carry` allows: the same result. */
void tactics_analyze_carried(const Position *pos, bool with_threats, TacticsCarry carry, Tactics *t);

/* Sets t's threats (the side to move's first stones of two-stone rings)
 * from its fill points: with_threats looks for them, else there are none
 * and threats_known is false. */
void tactics_set_threats(const Position *pos, bool with_threats, Tactics *t);

/* tactics_set_threats(pos, true, t) with `chains` computed for the side to
 * move's stones, or NULL (as in tactics_threat_map_with). */
void tactics_set_threats_with(const Position *pos, const TacticsChains *chains, Tactics *t);

/* Both sides' fill points, and with_threats the side to move's first stones
 * of two-stone rings (else none, threats_known false). */
void tactics_analyze(const Position *pos, bool with_threats, Tactics *t);

#endif
