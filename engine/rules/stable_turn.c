/* The stable stones the mover can make in its turn (stable_turn.h): every
 * stone, and with two left every pair, placed as the rules place them, and
 * the stable stones counted after; a choice that cannot beat the best so
 * far is not followed to its second stone. */
#include "rules/stable_turn.h"

#include "rules/ring.h"
#include "rules/stable.h"

typedef struct Sides {
    Bitboard own, other;
} Sides;

/* Places own's stone at the empty `point` and fills what it encloses. */
static Sides stable_turn_place(Sides s, int size, int point)
{
    bb_set(&s.own, point);
    unsigned pieces = ring_pieces(s.own, point);
    if (pieces & (pieces - 1)) {
        Bitboard filled = ring_enclosed_pieces(s.own, size, point, pieces);
        s.own = bb_or(s.own, filled);
        s.other = bb_andnot(s.other, filled);
    }
    return s;
}

static int stable_turn_count(Bitboard own, int size) { return bb_count(stable_stones(own, size)); }

/* Points a stone may still fill: off the edge and not own's. */
static int stable_turn_fillable(Bitboard own, int size)
{
    return bb_count(bb_andnot(bb_andnot(bb_board(size), bb_edge(size)), own));
}

int stable_turn_ceiling(const Position *pos)
{
    Color me = pos_to_move(pos);
    int left = pos_stones_left(pos), empties = pos_empty_count(pos);
    if (left > empties)
        left = empties;
    return pos_count(pos, me) + left + stable_turn_fillable(pos->stones[me], pos->size);
}

int stable_turn_floor(const Position *pos, int need)
{
    Color me = pos_to_move(pos);
    int size = pos->size;
    Sides start = {pos->stones[me], pos->stones[color_other(me)]};
    int best = stable_turn_count(start.own, size);
    if (best >= need)
        return best;
    Bitboard board = bb_board(size);
    bool two = pos_stones_left(pos) == 2;
    Bitboard firsts = pos_empty(pos);
    for (int p; (p = bb_next(&firsts)) != POINT_NONE;) {
        Sides one = stable_turn_place(start, size, p);
        Bitboard seconds = bb_andnot(board, bb_or(one.own, one.other));
        if (!two || bb_is_empty(seconds)) {
            int count = stable_turn_count(one.own, size);
            if (count > best)
                best = count;
            if (best >= need)
                return best;
            continue;
        }
        /* the second stone adds itself and what it fills at most */
        if (bb_count(one.own) + 1 + stable_turn_fillable(one.own, size) <= best)
            continue;
        for (int q; (q = bb_next(&seconds)) != POINT_NONE;) {
            Sides both = stable_turn_place(one, size, q);
            int count = stable_turn_count(both.own, size);
            if (count > best)
                best = count;
            if (best >= need)
                return best;
        }
    }
    return best;
}
