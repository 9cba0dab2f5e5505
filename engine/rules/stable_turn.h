/* The stable stones the side to move can make with the stones left in its
 * turn: a lower bound of its final stones that looks one turn further than
 * the stable stones themselves (stable.h).
 *
 * Why this and not Benson's unconditional regions: under Rin's rules a
 * region the opponent can never reach the edge from does not exist. After
 * every stone, each point that is not X's reaches the safe zone over points
 * that are not X's (the mover's rings fill what they close; the opponent's
 * stones only widen what is not X's). So every region bounded by X's stable
 * stones holds an edge point, empty or the opponent's, and the opponent can
 * always take one there and grow from it: apart from the stable stones no
 * point's colour is decided in every continuation. What the mover can
 * decide is what its own stones of this turn make stable: the stones
 * themselves joined to the stable ones, the stones they join, and the
 * regions they seal against stable walls, all then joined to the safe zone
 * by chains of its stones, which nothing takes back. */
#ifndef RIN_STABLE_TURN_H
#define RIN_STABLE_TURN_H

#include "rules/position.h"

/* The most stable stones (stable.h) of the side to move after it places the
 * stones left in its turn (fewer when the board fills first), as the rules
 * fill them, over every choice of those stones; or, once some choice
 * reaches `need`, that choice's count (at least `need`). A continuation
 * exists in which the mover ends with at least this many stones, whatever
 * the opponent does after the turn: a lower bound of the mover's final
 * count in minimax. At least the stable stones it has now. */
int stable_turn_floor(const Position *pos, int stones, int need);

/* An upper bound of stable_turn_floor(pos, any), for free: the mover's
 * stones, the stones left in the turn and every point off the edge that is
 * neither the mover's nor the opponent's stable stone (only those can be
 * filled). */
int stable_turn_ceiling(const Position *pos);

#endif
