/* A player: anything that chooses a stone for a position (random, greedy,
 * search, ...). The protocol layer and the match tools treat all alike. */
#ifndef RIN_PLAYER_H
#define RIN_PLAYER_H

#include <stdint.h>

#include "position.h"

/* Limits for one stone; 0 means "no limit of this kind". */
typedef struct PlayerLimits {
    int64_t time_ms;
    int depth;
    uint64_t nodes;
} PlayerLimits;

typedef struct PlayerConfig {
    uint64_t seed;
} PlayerConfig;

typedef struct Player Player;
struct Player {
    const char *name;
    /* A legal point for the side to move; the game must not be over. */
    int (*genmove)(Player *self, const Position *pos, const PlayerLimits *limits);
    /* Forget everything learnt from the previous game (may be NULL). */
    void (*new_game)(Player *self);
    void (*destroy)(Player *self);
    void *data;
};

/* Names of the players, NULL-terminated, for help texts and validation. */
extern const char *const player_names[];

/* A new player by name, or NULL when the name is unknown or memory ran out. */
Player *player_create(const char *name, const PlayerConfig *config);
void player_destroy(Player *player);

/* Constructors of the individual players. */
Player *player_random_create(const PlayerConfig *config);

#endif
