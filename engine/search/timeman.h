/* Time management: how long to think about one stone under the GTP clock
 * (absolute time and Canadian byo-yomi). */
#ifndef RIN_TIMEMAN_H
#define RIN_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search/params.h"

typedef struct TimeControl {
    bool limited;       /* false: no limit from the controller */
    int64_t main_ms;    /* main time */
    int64_t byo_ms;     /* byo-yomi period (0: absolute time) */
    int byo_stones;     /* stones per period */
    /* the clock of the side to move (from time_left, or kept by the engine) */
    int64_t left_ms;    /* time left: main time, or in the current period */
    int left_stones;    /* 0 in main time, else stones left in the period */
} TimeControl;

typedef struct TimeBudget {
    int64_t soft_ms; /* stop deepening after this */
    int64_t hard_ms; /* never exceed */
} TimeBudget;

/* The time control of GTP time_settings (times in seconds, kept to the
 * millisecond). byo-yomi time > 0 with 0 stones means no limit, as GTP 2
 * defines. */
TimeControl timeman_settings(double main_s, double byo_s, int byo_stones);

/* The budget for one stone, with the time_* shares of `params`.
 * `stones_to_go` estimates how many stones the side still has to place in
 * the game; margin_ms is kept back for I/O. */
TimeBudget timeman_budget(const TimeControl *tc, const SearchParams *params, int stones_to_go, int64_t margin_ms);

/* Updates a clock the engine keeps itself after it used `used_ms` for one
 * stone (between time_left messages). */
void timeman_spend(TimeControl *tc, int64_t used_ms);

#endif
