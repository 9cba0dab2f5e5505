/* A Rin position: stones of both colours, the turn, the hash; placing a
 * stone with its ring fill. Small and copyable: the search copies it to
 * make a move and drops the copy to take it back. */
#ifndef RIN_POSITION_H
#define RIN_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/bitboard.h"
#include "rules/ring.h"
#include "rules/zobrist.h"

typedef enum Color { COLOR_BLACK = 0, COLOR_WHITE = 1 } Color;

static inline Color color_other(Color c) { return (Color)(c ^ 1); }

typedef struct Position {
    Bitboard stones[2]; /* indexed by Color */
    uint64_t hash;      /* Zobrist: stones, side to move, stone of the turn */
    int32_t ply;        /* stones placed by the players (fills excluded) */
    int32_t size;       /* N: the board is N x N, 4 <= N <= 16 */
} Position;

typedef enum PosStatus {
    POS_OK = 0,
    POS_ERR_SIZE,        /* board size outside 4..16 */
    POS_ERR_OFF_BOARD,   /* point outside the board */
    POS_ERR_OCCUPIED,    /* point not empty */
    POS_ERR_WRONG_COLOR, /* not that colour's turn */
    POS_ERR_GAME_OVER,   /* no empty point left */
    POS_ERR_OVERLAP,     /* setup: a point holds both colours */
    POS_ERR_ENCLOSED,    /* setup: a region that play would have filled */
    POS_ERR_TURN,        /* setup: empty board but not Black's opening stone */
    POS_ERR_LAST_STONE,  /* reachable: the side that placed the last stone has none */
    POS_ERR_FEW_STONES   /* reachable: fewer stones than were placed before this stone */
} PosStatus;

/* A short English description of a status, e.g. "point is occupied". */
const char *pos_status_text(PosStatus status);

/* The empty board of the given size, Black to play the opening stone. */
PosStatus pos_init(Position *pos, int size);

/* A position from its stones and turn (stone is 1 or 2: which stone of the
 * turn comes next), with the smallest ply count of that turn. Rejects what
 * play cannot go on from: overlapping or off-board stones, a region either
 * colour has enclosed but not filled, and an empty board with anything but
 * Black's opening stone to come. A diagram (an SGF setup) needs no more;
 * whether a game could have reached it is pos_reachable's question. *pos is
 * untouched on failure. */
PosStatus pos_setup(Position *pos, int size, Bitboard black, Bitboard white, Color side, int stone);

/* Whether a game could have reached the position, as far as its stones and
 * turn tell at once: POS_ERR_LAST_STONE when the side that placed the last
 * stone has none (a stone is never captured by its own move),
 * POS_ERR_FEW_STONES when the board holds fewer stones than the turn says
 * were placed: 1 before White's first stone, 2 before its second, 3 before
 * Black's first (after the opening), 4 before its second (a fill turns
 * points into the mover's stones and never empties one, so the board holds
 * at least as many stones as were placed). A position string claims a
 * position of a game, so its readers ask this after pos_setup. */
PosStatus pos_reachable(const Position *pos);

/* Whose turn a given ply count means: B | W W | B B | W W ...
 * (Black when floor((ply + 1) / 2) is even, which includes ply 0). */
static inline Color pos_side_of_ply(int ply) { return (Color)(((ply + 1) >> 1) & 1); }

static inline Color pos_to_move(const Position *pos) { return pos_side_of_ply(pos->ply); }

/* 1 for the first stone of a turn (and Black's opening stone), 2 for the second. */
static inline int pos_stone_of_turn(const Position *pos) { return (pos->ply > 0 && !(pos->ply & 1)) ? 2 : 1; }

/* Stones the side to move still places in this turn, the next one included. */
static inline int pos_stones_left(const Position *pos) { return pos->ply == 0 ? 1 : 3 - pos_stone_of_turn(pos); }

static inline Bitboard pos_empty(const Position *pos)
{
    return bb_andnot(bb_board(pos->size), bb_or(pos->stones[0], pos->stones[1]));
}

static inline int pos_empty_count(const Position *pos) { return bb_count(pos_empty(pos)); }
static inline bool pos_is_over(const Position *pos) { return bb_is_empty(pos_empty(pos)); }
static inline int pos_count(const Position *pos, Color c) { return bb_count(pos->stones[c]); }

/* Black's stones minus White's. */
static inline int pos_score(const Position *pos)
{
    return pos_count(pos, COLOR_BLACK) - pos_count(pos, COLOR_WHITE);
}

/* What is at a point: COLOR_BLACK, COLOR_WHITE or -1 for empty. */
static inline int pos_at(const Position *pos, int point)
{
    if (bb_test(pos->stones[COLOR_BLACK], point))
        return COLOR_BLACK;
    if (bb_test(pos->stones[COLOR_WHITE], point))
        return COLOR_WHITE;
    return -1;
}

/* Whether `color` may place a stone at `point` now. */
PosStatus pos_check(const Position *pos, Color color, int point);

/* The rest of pos_play when the stone encloses something: fills `filled`
 * for `me` and updates the hash. */
void pos_fill(Position *pos, Color me, Bitboard filled);

/* Places a stone of the side to move at the empty on-board `point` and fills
 * what it encloses. Returns the number of points filled (captured stones
 * included), 0 for most stones. Inline: the hottest function there is. */
static inline int pos_play(Position *pos, int point)
{
    Color me = pos_to_move(pos);
    bb_set(&pos->stones[me], point);
    pos->hash ^= zobrist_stone[me][point] ^ zobrist_turn_step[pos->ply & 3];
    pos->ply++;
    unsigned pieces = ring_pieces(pos->stones[me], point);
    if (!(pieces & (pieces - 1)))
        return 0;
    Bitboard filled = ring_enclosed_pieces(pos->stones[me], pos->size, point, pieces);
    if (bb_is_empty(filled))
        return 0;
    pos_fill(pos, me, filled);
    return bb_count(filled);
}

/* The Zobrist hash computed from scratch (pos->hash is kept incrementally). */
uint64_t pos_compute_hash(const Position *pos);

/* Same stones, turn and size (the ply count may differ after a setup). */
bool pos_same(const Position *a, const Position *b);

#endif
