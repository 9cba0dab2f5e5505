/* The table of players by name. */
#include "players/player.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rules/random.h"

typedef struct PlayerEntry {
    const char *name;
    Player *(*create)(const PlayerConfig *config);
} PlayerEntry;

static const PlayerEntry entries[] = {
    {"search", player_search_create},
    {"random", player_random_create},
    {"greedy", player_greedy_create},
    {"mcts", player_mcts_create},
    {"rave", player_rave_create},
};

const char *const player_names[] = {"search", "random", "greedy", "mcts", "rave", NULL};

Player *player_create(const char *name, const PlayerConfig *config)
{
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)
        if (strcmp(entries[i].name, name) == 0)
            return entries[i].create(config);
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
