/* Time allocation. The hard limit never exceeds what the clock allows minus
 * the margin; the soft limit spreads the time over the stones to come. */
#include "search/timeman.h"

#include <math.h>

TimeControl timeman_settings(double main_s, double byo_s, int byo_stones)
{
    TimeControl tc = {0};
    tc.limited = !(byo_s > 0 && byo_stones == 0);
    tc.main_ms = llround(main_s * 1000.0);
    tc.byo_ms = llround(byo_s * 1000.0);
    tc.byo_stones = byo_stones;
    if (tc.main_ms > 0) {
        tc.left_ms = tc.main_ms;
        tc.left_stones = 0;
    } else {
        tc.left_ms = tc.byo_ms;
        tc.left_stones = byo_stones;
    }
    return tc;
}

static int64_t at_least(int64_t v, int64_t floor) { return v < floor ? floor : v; }

TimeBudget timeman_budget(const TimeControl *tc, const SearchParams *params, int stones_to_go, int64_t margin_ms)
{
    enum { MIN_MS = 1 };
    TimeBudget b;
    if (stones_to_go < 1)
        stones_to_go = 1;
    if (tc->left_stones > 0) {
        /* byo-yomi: the period's time for its stones */
        int64_t usable = at_least(tc->left_ms - margin_ms, MIN_MS);
        int64_t per = usable / tc->left_stones;
        b.soft_ms = at_least(per * SEARCH_PARAM(params, time_byo_soft_percent) / 100, MIN_MS);
        b.hard_ms = at_least(per, MIN_MS);
        return b;
    }
    /* main time: spread over the stones to go; after it, byo-yomi (if any)
     * gives each stone its share of a period */
    int64_t usable = at_least(tc->left_ms - margin_ms, MIN_MS);
    int64_t byo_per = tc->byo_ms > 0 && tc->byo_stones > 0 ? (tc->byo_ms - margin_ms) / tc->byo_stones : 0;
    if (byo_per < 0)
        byo_per = 0;
    int64_t share = usable / (stones_to_go + SEARCH_PARAM(params, time_spread_stones)) + byo_per;
    b.soft_ms = at_least(share, MIN_MS);
    /* never more than a fraction (a fifth) of the main time left, unless
     * byo-yomi follows */
    int64_t cap = byo_per > 0 ? usable + byo_per : usable / SEARCH_PARAM(params, time_hard_cap_divisor);
    int64_t hard = share * SEARCH_PARAM(params, time_hard_factor);
    b.hard_ms = at_least(hard < cap ? hard : cap, MIN_MS);
    if (b.soft_ms > b.hard_ms)
        b.soft_ms = b.hard_ms;
    return b;
}

void timeman_spend(TimeControl *tc, int64_t used_ms)
{
    if (!tc->limited)
        return;
    tc->left_ms -= used_ms;
    if (tc->left_stones > 0) {
        if (--tc->left_stones == 0 || tc->left_ms <= 0) {
            tc->left_ms = tc->byo_ms;
            tc->left_stones = tc->byo_stones;
        }
    } else if (tc->left_ms <= 0 && tc->byo_ms > 0) {
        tc->left_ms = tc->byo_ms + tc->left_ms;
        tc->left_stones = tc->byo_stones;
    }
}
