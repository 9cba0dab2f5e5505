/* The search player: alpha-beta (search.c), thinking in whole turns. After
 * the first stone of a two-stone turn it keeps the planned second stone
 * (the PV's next stone) and, when asked for the second stone in the
 * position it expected, checks the plan with a shorter search that tries it
 * first. */
#include <stdlib.h>

#include "players/player.h"

typedef struct SearchPlayer {
    Search *search;
    SearchReporter reporter;
    void *reporter_context;
    int plan;                 /* planned second stone, or POINT_NONE */
    uint64_t plan_hash;       /* the position the plan is for */
    SearchParams params;      /* the search's, for plan_time_divisor */
} SearchPlayer;

static int search_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    SearchPlayer *sp = self->data;
    SearchLimits sl = {.soft_ms = limits->soft_ms, .hard_ms = limits->hard_ms, .depth = limits->depth,
                       .nodes = limits->nodes, .first_move = POINT_NONE};
    bool planned = sp->plan != POINT_NONE && sp->plan_hash == pos->hash && pos_stone_of_turn(pos) == 2 &&
                   pos_check(pos, pos_to_move(pos), sp->plan) == POS_OK;
    if (planned) {
        /* The plan was searched already: it is tried first, and a clock that
         * keeps what a stone does not use (soft below hard) gets a shorter
         * look to confirm it. A fixed time per stone is used whole: what it
         * leaves is lost. */
        sl.first_move = sp->plan;
        if (sl.soft_ms < sl.hard_ms)
            sl.soft_ms /= SEARCH_PARAM(&sp->params, plan_time_divisor);
    }
    SearchInfo info;
    search_run(sp->search, pos, &sl, sp->reporter, sp->reporter_context, &info);
    int move = info.pv[0];
    sp->plan = POINT_NONE;
    if (pos_stones_left(pos) == 2 && info.pv_length >= 2) {
        Position next = *pos;
        pos_play(&next, move);
        sp->plan = info.pv[1];
        sp->plan_hash = next.hash;
    }
    return move;
}

static void search_new_game(Player *self)
{
    SearchPlayer *sp = self->data;
    search_clear(sp->search);
    sp->plan = POINT_NONE;
}

static void search_set_player_seed(Player *self, uint64_t seed)
{
    SearchPlayer *sp = self->data;
    search_set_seed(sp->search, seed);
}

static Search *search_of_player(Player *self)
{
    SearchPlayer *sp = self->data;
    return sp->search;
}

static void search_destroy_player(Player *self)
{
    SearchPlayer *sp = self->data;
    search_destroy(sp->search);
    free(sp);
    free(self);
}

Player *player_search_create(const PlayerConfig *config)
{
    Player *p = malloc(sizeof *p);
    SearchPlayer *sp = malloc(sizeof *sp);
    SearchConfig sc = {.threads = config->threads > 0 ? config->threads : 1,
                       .hash_mib = config->hash_mib > 0 ? config->hash_mib : 64,
                       .seed = config->seed,
                       .eval = config->eval,
                       .patterns = config->patterns,
                       .network = config->network,
                       .params = config->search_params};
    Search *search = p && sp ? search_create(&sc) : NULL;
    if (!search) {
        free(p);
        free(sp);
        return NULL;
    }
    *sp = (SearchPlayer){.search = search, .reporter = config->reporter,
                         .reporter_context = config->reporter_context, .plan = POINT_NONE,
                         .params = config->search_params ? *config->search_params : search_params_default};
    *p = (Player){.name = "search", .genmove = search_genmove, .new_game = search_new_game,
                  .set_seed = search_set_player_seed, .destroy = search_destroy_player, .search = search_of_player,
                  .data = sp};
    return p;
}
