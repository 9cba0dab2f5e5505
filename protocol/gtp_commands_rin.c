/* The Rin extensions: position strings and perft. */
#include <inttypes.h>

#include "gtp_commands.h"
#include "perft.h"
#include "posstr.h"

/* rin-perft refuses work beyond this many positions (about a second): a
 * command must not hang the engine. */
#define PERFT_NODE_LIMIT UINT64_C(50000000)
enum { PERFT_DEPTH_MAX = BB_POINTS };

bool gtp_cmd_rin_position(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    char text[POSSTR_MAX];
    posstr_format(&gtp->pos, text);
    return gtp_reply(gtp, "%s", text);
}

bool gtp_cmd_rin_setposition(Gtp *gtp, const GtpArgs *args)
{
    Position pos;
    char err[160];
    if (!posstr_parse(args->rest, &pos, err, sizeof err))
        return gtp_fail(gtp, "syntax error: invalid position string: %s", err);
    gtp_new_game(gtp, &pos);
    return true;
}

/* An upper bound on the positions perft visits from a position with `empty`
 * empty points: each stone fills at least its own point. Saturates just
 * above `limit`. */
static uint64_t perft_cost(int empty, int depth, uint64_t limit)
{
    uint64_t level = 1, total = 1;
    for (int d = 0; d + 1 < depth && d < empty; d++) {
        level *= (uint64_t)(empty - d);
        total += level;
        if (level > limit || total > limit)
            return limit + 1;
    }
    return total;
}

bool gtp_cmd_rin_perft(Gtp *gtp, const GtpArgs *args)
{
    int64_t depth;
    if (!gtp_arg_int(gtp, args->v[0], "depth", 0, PERFT_DEPTH_MAX, &depth))
        return false;
    uint64_t cost = perft_cost(pos_empty_count(&gtp->pos), (int)depth, PERFT_NODE_LIMIT);
    if (cost > PERFT_NODE_LIMIT)
        return gtp_fail(gtp, "depth %d is too deep for this position (more than %" PRIu64 " positions to visit)",
                        (int)depth, PERFT_NODE_LIMIT);
    return gtp_reply(gtp, "%" PRIu64, perft(&gtp->pos, (int)depth));
}
