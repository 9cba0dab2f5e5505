/* Self-play games, the training data of a learned evaluation: the search
 * player against itself from a random opening, and for every searched or
 * explored stone the position before it with the search's score, Monte
 * Carlo ownership and the exact solver value. The random opening's stones
 * are kept too, so that a game can be stored as its stones and replayed. */
#ifndef RIN_SELFPLAY_GAME_H
#define RIN_SELFPLAY_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/evalmodel.h"
#include "eval/nnue.h"
#include "eval/ntuple.h"
#include "rules/position.h"

enum {
    SELFPLAY_HASH_MIB = 16,        /* the search player's table */
    SELFPLAY_SOLVER_HASH_MIB = 16, /* the solver's table (only with solve_empties) */
    SELFPLAY_MAX_STONES = BB_POINTS /* every stone takes an empty point */
};

typedef struct SelfplaySettings {
    uint64_t seed;     /* of the run: game g depends on (seed, g) only */
    int opening_plies; /* uniformly random stones that open every game */
    double explore;    /* probability that a later stone is random, not searched */
    uint64_t nodes;    /* search nodes per stone (> 0) */
    int mc_playouts;   /* random playouts per position for ownership (0: none) */
    int solve_empties; /* solve positions with at most this many empty points (0: none) */
    const EvalModel *eval; /* learned evaluation weights (kept by the caller), or NULL: classic */
    const NtupleModel *patterns; /* pattern model the search evaluates with (kept by the caller), or NULL */
    const NnueModel *network; /* evaluation network the search evaluates with (kept by the caller), or NULL */
} SelfplaySettings;

/* The position before one stone placed by the search or by exploration. */
typedef struct SelfplayRecord {
    Position pos;
    int point;       /* the stone placed */
    bool explored;   /* a uniformly random stone: no search, no score */
    bool scored;     /* the search completed an iteration: score and exact are set */
    int score;       /* its last completed iteration's SearchInfo.score */
    bool exact;      /* SearchInfo.exact: the score is proven */
    bool solved;     /* solved exactly: solved_margin is set */
    int solved_margin; /* Black's stones minus White's at the end under perfect play */
    uint32_t black_playouts[BB_POINTS]; /* with mc_playouts: playouts in which each point ended Black */
} SelfplayRecord;

typedef struct SelfplayGame {
    uint64_t index;
    int size;        /* N: the board is N x N */
    int opening_count; /* the random opening's stones, which have no record */
    int opening[SELFPLAY_MAX_STONES]; /* their points, in the order played */
    Position final;  /* the full board */
    int mc_playouts; /* behind each record's black_playouts (0: none) */
    int count;       /* records */
    SelfplayRecord records[SELFPLAY_MAX_STONES];
} SelfplayGame;

/* One player of self-play games with its own search (one thread) and
 * solver: threads that play games at once each need their own. */
typedef struct SelfplayPlayer SelfplayPlayer;

/* NULL when memory runs out. */
SelfplayPlayer *selfplay_player_create(const SelfplaySettings *settings);
void selfplay_player_destroy(SelfplayPlayer *player);

/* Plays game `index` on a size x size board to the end into *game. The game
 * depends only on the settings, index and size, never on the games played
 * before. False only when the player answered an illegal stone (a bug). */
bool selfplay_game_play(SelfplayPlayer *player, uint64_t index, int size, SelfplayGame *game);

/* A record's search score as the files write it: centistones for the
 * side to move, a proven result as its margin times 100. */
int selfplay_score_centistones(const SelfplayRecord *record);

#endif
