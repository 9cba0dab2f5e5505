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

/* own's stones, those of them that are stable, and the empty points next to
 * those or on the edge, where a stone is stable at once. */
typedef struct Wall {
    Bitboard own, stable, unstable, touching;
    int count;
} Wall;

static Wall stable_turn_wall(Bitboard own, Bitboard empty, int size)
{
    Wall w;
    w.own = own;
    w.stable = stable_stones(own, size);
    w.unstable = bb_andnot(own, w.stable);
    w.touching = bb_and(empty, bb_or(bb_edge(size), bb_dilate4(w.stable)));
    w.count = bb_count(w.stable);
    return w;
}

/* The points `point` encloses as own's stone (none for most stones). */
static Bitboard stable_turn_filled(Bitboard own, int size, int point)
{
    bb_set(&own, point);
    unsigned pieces = ring_pieces(own, point);
    if (!(pieces & (pieces - 1)))
        return bb_zero();
    return ring_enclosed_pieces(own, size, point, pieces);
}

/* Places own's stone at the empty `point` and fills what it encloses. */
static Sides stable_turn_place(Sides s, int size, int point)
{
    Bitboard filled = stable_turn_filled(s.own, size, point);
    bb_set(&s.own, point);
    s.own = bb_or(s.own, filled);
    s.other = bb_andnot(s.other, filled);
    return s;
}

/* The stable stones after own's stone at `point`. A stone that fills
 * nothing joins the stable ones only from the edge or beside them, and
 * then brings the unstable stones it touches; one that fills is counted
 * from scratch. */
static int stable_turn_after(const Wall *w, int size, int point)
{
    Bitboard filled = stable_turn_filled(w->own, size, point);
    if (!bb_is_empty(filled)) {
        Bitboard own = bb_or(w->own, filled);
        bb_set(&own, point);
        return bb_count(stable_stones(own, size));
    }
    if (!bb_test(w->touching, point))
        return w->count;
    Bitboard stone = bb_point(point);
    if (!bb_intersects(bb_dilate4(stone), w->unstable))
        return w->count + 1;
    return w->count + bb_count(ring_flood(stone, bb_or(w->unstable, stone)));
}

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

int stable_turn_floor(const Position *pos, int stones, int need)
{
    Color me = pos_to_move(pos);
    int size = pos->size;
    Sides start = {pos->stones[me], pos->stones[color_other(me)]};
    Bitboard board = bb_board(size), empty = pos_empty(pos);
    Wall wall = stable_turn_wall(start.own, empty, size);
    int best = wall.count;
    if (best >= need || bb_is_empty(empty))
        return best;
    bool two = stones >= 2 && pos_stones_left(pos) == 2 && bb_count(empty) >= 2;
    Bitboard firsts = empty;
    for (int p; (p = bb_next(&firsts)) != POINT_NONE;) {
        if (!two) {
            int count = stable_turn_after(&wall, size, p);
            if (count > best)
                best = count;
            if (best >= need)
                return best;
            continue;
        }
        Sides one = stable_turn_place(start, size, p);
        Bitboard seconds = bb_andnot(board, bb_or(one.own, one.other));
        Wall next = stable_turn_wall(one.own, seconds, size);
        if (next.count > best)
            best = next.count;
        if (best >= need)
            return best;
        /* the second stone adds itself, the unstable stones and what it
         * fills at most */
        if (bb_is_empty(seconds) ||
            next.count + 1 + bb_count(next.unstable) + stable_turn_fillable(one.own, size) <= best)
            continue;
        for (int q; (q = bb_next(&seconds)) != POINT_NONE;) {
            int count = stable_turn_after(&next, size, q);
            if (count > best)
                best = count;
            if (best >= need)
                return best;
        }
    }
    return best;
}
