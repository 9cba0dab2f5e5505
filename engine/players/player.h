/* A player: anything that chooses a stone for a position (random, greedy,
 * search, ...). The protocol layer and the match tools treat all alike. */
#ifndef RIN_PLAYER_H
#define RIN_PLAYER_H

#include <stdint.h>

#include "rules/position.h"
#include "search/search.h"

/* Limits for one stone; 0 means "no limit of this kind". A player aims to
 * answer within soft_ms (the time manager's share for this stone) and must
 * answer within hard_ms. */
typedef struct PlayerLimits {
    int64_t soft_ms;
    int64_t hard_ms;
    int depth;      /* search plies (stones) */
    uint64_t nodes; /* search nodes, or playouts for Monte Carlo players */
} PlayerLimits;

typedef struct PlayerConfig {
    uint64_t seed;
    int threads;  /* search threads (search player) */
    int hash_mib; /* transposition table size (search player) */
    const EvalModel *eval; /* learned evaluation weights (search player; kept by the caller; NULL: classic) */
    const NtupleModel *patterns; /* pattern model (search player; kept by the caller; NULL: none), search.h */
    const NnueModel *network; /* evaluation network (search player; kept by the caller; NULL: none), search.h */
    const SearchParams *search_params; /* search player: copied; NULL: search_params_default */
    /* progress of searches, e.g. for info lines on stderr (may be NULL) */
    SearchReporter reporter;
    void *reporter_context;
} PlayerConfig;

typedef struct Player Player;
struct Player {
    const char *name;
    /* A legal point for the side to move; the game must not be over. */
    int (*genmove)(Player *self, const Position *pos, const PlayerLimits *limits);
    /* Forget everything learnt from the previous game (may be NULL). */
    void (*new_game)(Player *self);
    /* Reseeds: followed by new_game, the player plays as if just created
     * with this seed, so one player can serve many seeded games (NULL for
     * mcts, a yardstick kept exactly as it was: make a new one instead). */
    void (*set_seed)(Player *self, uint64_t seed);
    void (*destroy)(Player *self);
    /* The search behind the player, for thinking on the opponent's time into
     * the same table (NULL: a player without one). Nobody else may run it
     * while the player is asked for a stone. */
    Search *(*search)(Player *self);
    void *data;
};

/* Names of the players, NULL-terminated, for help texts and validation. */
extern const char *const player_names[];

/* A new player by name, or NULL when the name is unknown or memory ran out. */
Player *player_create(const char *name, const PlayerConfig *config);
void player_destroy(Player *player);

/* Constructors of the individual players. */
Player *player_random_create(const PlayerConfig *config);
Player *player_greedy_create(const PlayerConfig *config);
Player *player_search_create(const PlayerConfig *config);
Player *player_mcts_create(const PlayerConfig *config);
Player *player_rave_create(const PlayerConfig *config);

/* For constructors of players whose only state is a random generator: a
 * player named name with that genmove and its own Rng (in data) seeded with
 * seed; destroy frees both. NULL when memory ran out. */
Player *player_create_with_rng(const char *name,
                               int (*genmove)(Player *self, const Position *pos,
                                              const PlayerLimits *limits),
                               uint64_t seed);

#endif
