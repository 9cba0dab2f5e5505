/* What the RAVE player's tree holds at its root, for tests and inspection:
 * the real and the all-moves-as-first statistics of each child. */
#ifndef RIN_PLAYER_RAVE_H
#define RIN_PLAYER_RAVE_H

#include <stdint.h>

#include "players/player.h"

typedef struct RaveChildStats {
    int move;
    uint32_t visits;      /* playouts through this child */
    double wins;          /* their values for the player of the move: 1 win, 0.5 draw */
    uint32_t amaf_visits; /* playouts of the root in which that player placed this point */
    double amaf_wins;
} RaveChildStats;

/* Copies the statistics of at most max children of the root of the last
 * genmove to out and returns how many children the root has (0 before any
 * search); -1 when `player` is not a RAVE player. */
int player_rave_root_children(const Player *player, RaveChildStats *out, int max);

#endif
