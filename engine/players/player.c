/* The table of players by name. */
#include "players/player.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"

/* The players, each once: X(name) stands for the player called "name",
 * made by player_name_create. Both tables below are read from this list,
 * so that they cannot disagree. */
#define PLAYERS(X) X(search) X(random) X(greedy) X(mcts) X(rave)

#define PLAYER_NAME(name) #name,
#define PLAYER_CREATE(name) player_##name##_create,

const char *const player_names[] = {PLAYERS(PLAYER_NAME) NULL};

static Player *(*const creators[])(const PlayerConfig *config) = {PLAYERS(PLAYER_CREATE)};

Player *player_create(const char *name, const PlayerConfig *config)
{
    for (size_t i = 0; i < sizeof creators / sizeof creators[0]; i++)
        if (strcmp(player_names[i], name) == 0)
            return creators[i](config);
    return NULL;
}

void player_destroy(Player *player)
{
    if (player)
        player->destroy(player);
}

static void rng_player_destroy(Player *self)
{
    free(self->data);
    free(self);
}

static void rng_player_set_seed(Player *self, uint64_t seed) { rng_seed(self->data, seed); }

Player *player_create_with_rng(const char *name,
                               int (*genmove)(Player *self, const Position *pos,
                                              const PlayerLimits *limits),
                               uint64_t seed)
{
    Player *p = malloc(sizeof *p);
    Rng *rng = malloc(sizeof *rng);
    if (!p || !rng) {
        free(p);
        free(rng);
        return NULL;
    }
    rng_seed(rng, seed);
    *p = (Player){.name = name, .genmove = genmove, .new_game = NULL, .set_seed = rng_player_set_seed,
                .destroy = rng_player_destroy, .data = rng};
    return p;
}
