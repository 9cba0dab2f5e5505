/* Position set-up, validation and the placement of a stone. */
#include "rules/position.h"


const char *pos_status_text(PosStatus status)
{
    switch (status) {
    case POS_OK: return "ok";
    case POS_ERR_SIZE: return "board size must be between 4 and 16";
    case POS_ERR_OFF_BOARD: return "point is off the board";
    case POS_ERR_OCCUPIED: return "point is occupied";
    case POS_ERR_WRONG_COLOR: return "it is the other colour's turn";
    case POS_ERR_GAME_OVER: return "the game is over";
    case POS_ERR_OVERLAP: return "a point holds stones of both colours";
    case POS_ERR_ENCLOSED: return "a ring encloses a region that play would have filled";
    case POS_ERR_TURN: return "an empty board must have Black to play the opening stone";
    case POS_ERR_LAST_STONE: return "no game reaches it: the side that placed the last stone has none on the board";
    case POS_ERR_FEW_STONES: return "no game reaches it: fewer stones on the board than were placed before this stone";
    }
    return "unknown status";
}

/* Index into zobrist_turn: side * 2 + (stone of turn - 1). It depends only
 * on ply mod 4 (see zobrist_turn_step). */
static inline int turn_index(int ply)
{
    static const int8_t index_of[4] = {1, 2, 3, 0}; /* B2, W1, W2, B1 */
    return index_of[ply & 3];
}

uint64_t pos_compute_hash(const Position *pos)
{
    uint64_t h = zobrist_turn[turn_index(pos->ply)];
    for (int c = 0; c < 2; c++) {
        Bitboard b = pos->stones[c];
        while (!bb_is_empty(b))
            h ^= zobrist_stone[c][bb_pop(&b)];
    }
    return h;
}

PosStatus pos_init(Position *pos, int size)
{
    if (size < BB_MIN_SIZE || size > BB_MAX_SIZE)
        return POS_ERR_SIZE;
    pos->stones[COLOR_BLACK] = bb_zero();
    pos->stones[COLOR_WHITE] = bb_zero();
    pos->ply = 0;
    pos->size = size;
    pos->hash = pos_compute_hash(pos);
    return POS_OK;
}

PosStatus pos_setup(Position *pos, int size, Bitboard black, Bitboard white, Color side, int stone)
{
    if (size < BB_MIN_SIZE || size > BB_MAX_SIZE)
        return POS_ERR_SIZE;
    Bitboard board = bb_board(size);
    if (!bb_is_empty(bb_andnot(bb_or(black, white), board)))
        return POS_ERR_OFF_BOARD;
    if (bb_intersects(black, white))
        return POS_ERR_OVERLAP;
    if (!bb_is_empty(ring_enclosed_all(black, size)) || !bb_is_empty(ring_enclosed_all(white, size)))
        return POS_ERR_ENCLOSED;
    /* The smallest ply count with this turn state: B1 W1 W2 B1 B2 = 0 1 2 3 4. */
    int ply;
    if (bb_is_empty(bb_or(black, white))) {
        if (side != COLOR_BLACK || stone != 1)
            return POS_ERR_TURN;
        ply = 0;
    } else if (side == COLOR_WHITE) {
        ply = stone == 1 ? 1 : 2;
    } else {
        ply = stone == 1 ? 3 : 4;
    }
    pos->stones[COLOR_BLACK] = black;
    pos->stones[COLOR_WHITE] = white;
    pos->size = size;
    pos->ply = ply;
    pos->hash = pos_compute_hash(pos);
    return POS_OK;
}

PosStatus pos_reachable(const Position *pos)
{
    /* the smallest ply count with this turn state, as pos_setup counts */
    if (pos->ply == 0)
        return POS_OK;
    int stone = pos_stone_of_turn(pos);
    int ply = pos_to_move(pos) == COLOR_WHITE ? stone : 2 + stone;
    if (bb_is_empty(pos->stones[pos_side_of_ply(ply - 1)]))
        return POS_ERR_LAST_STONE;
    if (bb_count(bb_or(pos->stones[COLOR_BLACK], pos->stones[COLOR_WHITE])) < ply)
        return POS_ERR_FEW_STONES;
    return POS_OK;
}

PosStatus pos_check(const Position *pos, Color color, int point)
{
    if (point < 0 || point >= BB_POINTS || !bb_test(bb_board(pos->size), point))
        return POS_ERR_OFF_BOARD;
    if (pos_is_over(pos))
        return POS_ERR_GAME_OVER;
    if (pos_at(pos, point) >= 0)
        return POS_ERR_OCCUPIED;
    if (color != pos_to_move(pos))
        return POS_ERR_WRONG_COLOR;
    return POS_OK;
}

void pos_fill(Position *pos, Color me, Bitboard filled)
{
    Color them = color_other(me);
    Bitboard captured = bb_and(filled, pos->stones[them]);
    pos->stones[me] = bb_or(pos->stones[me], filled);
    pos->stones[them] = bb_andnot(pos->stones[them], filled);
    uint64_t h = pos->hash;
    while (!bb_is_empty(filled))
        h ^= zobrist_stone[me][bb_pop(&filled)];
    while (!bb_is_empty(captured))
        h ^= zobrist_stone[them][bb_pop(&captured)];
    pos->hash = h;
}

bool pos_same(const Position *a, const Position *b)
{
    return a->size == b->size && bb_equal(a->stones[0], b->stones[0]) && bb_equal(a->stones[1], b->stones[1]) &&
           (a->ply & 3) == (b->ply & 3) && (a->ply == 0) == (b->ply == 0);
}
