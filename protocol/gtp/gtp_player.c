/* The player behind genmove: made from the engine options, given limits for
 * each stone from the options or the GTP clock, and followed on stderr
 * through info lines. */
#include <inttypes.h>
#include <stdio.h>

#include "gtp/gtp_commands.h"
#include "gtp/search_report.h"

void gtp_report_info(const SearchInfo *info, void *context)
{
    const Gtp *gtp = context;
    if (!gtp->options.verbose)
        return;
    char line[REPORT_LINE_MAX];
    report_info_line(info, gtp->pos.size, line);
    fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

bool gtp_apply_options(Gtp *gtp)
{
    EngineOptions *o = &gtp->options;
    PlayerConfig config = {.seed = (uint64_t)o->seed,
                           .threads = (int)o->threads,
                           .hash_mib = (int)o->hash,
                           .eval = gtp->eval,
                           .patterns = gtp->patterns,
                           .network = gtp->network,
                           .search_params = &o->params,
                           .reporter = gtp_report_info,
                           .reporter_context = gtp};
    Player *player = player_create(o->player, &config);
    /* A table that does not fit: halve it until one does, rather than refuse
     * to play. The hash option then shows the size in use. */
    while (!player && config.hash_mib > 1) {
        config.hash_mib /= 2;
        player = player_create(o->player, &config);
    }
    if (!player)
        return false;
    if (config.hash_mib != o->hash) {
        fprintf(stderr, "rin: warning: no memory for a %" PRId64 " MiB hash table; using %d MiB\n", o->hash,
                config.hash_mib);
        fflush(stderr);
        o->hash = config.hash_mib;
    }
    player_destroy(gtp->player);
    gtp->player = player;
    search_destroy(gtp->analysis);
    gtp->analysis = NULL;
    return true;
}

/* The part of a fixed time per stone kept back for I/O: the margin, but at
 * most a twentieth of the time. The search stops within a few milliseconds
 * of its limit, and answering takes less than one; a fifth kept back made
 * --movetime 200 think for 160 ms. */
static int64_t fixed_margin(int64_t ms, int64_t margin) { return margin < ms / 20 ? margin : ms / 20; }

PlayerLimits gtp_stone_limits(const Gtp *gtp)
{
    const EngineOptions *o = &gtp->options;
    PlayerLimits limits = {.soft_ms = 0, .hard_ms = 0, .depth = (int)o->depth, .nodes = (uint64_t)o->nodes};
    const TimeControl *clock = &gtp->clock[pos_to_move(&gtp->pos)];
    int64_t soft = 0, hard = 0;
    if (gtp->clock_set && clock->limited) {
        /* each side places about half of the empty points left, fewer with fills */
        int stones_to_go = pos_empty_count(&gtp->pos) / 3 + 1;
        TimeBudget budget = timeman_budget(clock, &o->params, stones_to_go, o->margin);
        soft = budget.soft_ms;
        hard = budget.hard_ms;
    }
    if (o->movetime > 0) {
        /* a fixed time per stone wins over the controller's clock: a match
         * runner that tells every engine its clock must not change what an
         * engine given --movetime plays */
        soft = hard = o->movetime - fixed_margin(o->movetime, o->margin);
    } else if (hard == 0 && o->depth == 0 && o->nodes == 0) {
        hard = o->stonetime - fixed_margin(o->stonetime, o->margin);
        soft = hard / 2;
    }
    limits.soft_ms = soft;
    limits.hard_ms = hard;
    return limits;
}
