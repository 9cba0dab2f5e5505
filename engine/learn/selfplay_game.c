/* Self-play games: random opening, then the search player with a fixed node
 * limit (or, with the exploration probability, a random stone) to the end.
 * Every game draws from its own generators, seeded from the run's seed and
 * the game's index, one per purpose: adding ownership or solving to a run
 * changes none of its games. */
#include "learn/selfplay_game.h"

#include <stdlib.h>

#include "players/player.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"
#include "search/endgame.h"
#include "search/tt.h"

/* The purposes of a game's generators. */
enum { STREAM_STONES = 1, STREAM_PLAYER = 2, STREAM_OWNERSHIP = 3 };

struct SelfplayPlayer {
    SelfplaySettings settings;
    Player *player;
    TT solver_tt;
    uint64_t solver_nodes;
    /* what the search reported last during the current genmove */
    SearchInfo info;
    bool have_info;
};

/* A seed from two numbers (splitmix64 over both): neighbouring inputs give
 * unrelated seeds. */
static uint64_t derive_seed(uint64_t a, uint64_t b)
{
    Rng rng;
    rng_seed(&rng, a);
    rng_seed(&rng, rng_next(&rng) ^ b);
    return rng_next(&rng);
}

static double unit_random(Rng *rng) { return (double)(rng_next(rng) >> 11) * 0x1p-53; }

static void capture_info(const SearchInfo *info, void *context)
{
    SelfplayPlayer *sp = context;
    sp->info = *info;
    sp->have_info = true;
}

SelfplayPlayer *selfplay_player_create(const SelfplaySettings *settings)
{
    SelfplayPlayer *sp = calloc(1, sizeof *sp);
    if (!sp)
        return NULL;
    sp->settings = *settings;
    PlayerConfig config = {.seed = settings->seed, .threads = 1, .hash_mib = SELFPLAY_HASH_MIB,
                           .eval = settings->eval, .patterns = settings->patterns,
                           .network = settings->network, .reporter = capture_info, .reporter_context = sp};
    sp->player = player_create("search", &config);
    bool solver_ok = settings->solve_empties <= 0 || tt_init(&sp->solver_tt, SELFPLAY_SOLVER_HASH_MIB);
    if (!sp->player || !solver_ok) {
        selfplay_player_destroy(sp);
        return NULL;
    }
    return sp;
}

void selfplay_player_destroy(SelfplayPlayer *sp)
{
    if (!sp)
        return;
    player_destroy(sp->player);
    tt_free(&sp->solver_tt);
    free(sp);
}

/* Black's margin at the end of perfect play from pos (not over). */
static int solve_margin(SelfplayPlayer *sp, const Position *pos)
{
    Solver solver = {.tt = sp->solver_tt.entries ? &sp->solver_tt : NULL, .nodes = &sp->solver_nodes,
                     .poll = NULL, .context = NULL, .stopped = false};
    int score = endgame_solve(&solver, pos, -SCORE_INF, SCORE_INF, NULL, NULL);
    int margin = score_final_margin(score); /* for the side to move */
    return pos_to_move(pos) == COLOR_BLACK ? margin : -margin;
}

/* The search's stone for r->pos, with its score. */
static int searched_stone(SelfplayPlayer *sp, SelfplayRecord *r)
{
    PlayerLimits limits = {.soft_ms = 0, .hard_ms = 0, .depth = 0, .nodes = sp->settings.nodes};
    sp->have_info = false;
    int point = sp->player->genmove(sp->player, &r->pos, &limits);
    r->scored = sp->have_info;
    if (r->scored) {
        r->score = sp->info.score;
        r->exact = sp->info.exact;
    }
    return point;
}

bool selfplay_game_play(SelfplayPlayer *sp, uint64_t index, int size, SelfplayGame *game)
{
    const SelfplaySettings *set = &sp->settings;
    uint64_t game_seed = derive_seed(set->seed, index);
    Rng stones, ownership;
    rng_seed(&stones, derive_seed(game_seed, STREAM_STONES));
    rng_seed(&ownership, derive_seed(game_seed, STREAM_OWNERSHIP));
    sp->player->set_seed(sp->player, derive_seed(game_seed, STREAM_PLAYER));
    sp->player->new_game(sp->player);

    game->index = index;
    game->mc_playouts = set->mc_playouts;
    game->size = size;
    game->opening_count = 0;
    game->count = 0;
    Position pos;
    pos_init(&pos, size);
    for (int k = 0; k < set->opening_plies && !pos_is_over(&pos); k++) {
        int point = playout_random_point(&pos, &stones);
        game->opening[game->opening_count++] = point;
        pos_play(&pos, point);
    }

    while (!pos_is_over(&pos)) {
        SelfplayRecord *r = &game->records[game->count++];
        *r = (SelfplayRecord){.pos = pos, .point = POINT_NONE};
        r->explored = unit_random(&stones) < set->explore;
        r->point = r->explored ? playout_random_point(&pos, &stones) : searched_stone(sp, r);
        if (r->point < 0 || r->point >= BB_POINTS || pos_check(&pos, pos_to_move(&pos), r->point) != POS_OK)
            return false;
        if (set->mc_playouts > 0)
            playout_ownership(&pos, set->mc_playouts, &ownership, r->black_playouts);
        if (pos_empty_count(&pos) <= set->solve_empties) {
            r->solved = true;
            r->solved_margin = solve_margin(sp, &pos);
        }
        pos_play(&pos, r->point);
    }
    game->final = pos;
    return true;
}

int selfplay_score_centistones(const SelfplayRecord *r)
{
    return score_is_proven(r->score, r->exact) ? score_final_margin(r->score) * 100 : r->score;
}
