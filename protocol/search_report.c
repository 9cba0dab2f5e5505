/* Formatting of search results. */
#include "search_report.h"

#include <inttypes.h>
#include <string.h>

#include "coord.h"
#include "score.h"

void report_score(int score, bool exact, char *out, size_t out_size)
{
    if (score_is_final(score) || (exact && score == 0))
        snprintf(out, out_size, "final %+d", score_final_margin(score));
    else
        snprintf(out, out_size, "cs %d", score);
}

void report_pv(const SearchInfo *info, int size, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < info->pv_length && used + COORD_TEXT_MAX + 1 < out_size; i++) {
        char vertex[COORD_TEXT_MAX];
        coord_format(info->pv[i], size, vertex);
        used += (size_t)snprintf(out + used, out_size - used, "%s%s", i ? " " : "", vertex);
    }
}

void report_info_line(const SearchInfo *info, int size, char *out)
{
    char score[32], pv[REPORT_LINE_MAX - 256];
    report_score(info->score, info->exact, score, sizeof score);
    report_pv(info, size, pv, sizeof pv);
    snprintf(out, REPORT_LINE_MAX,
             "info depth %d seldepth %d score %s nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64
             " hashfull %d pv %s",
             info->depth, info->seldepth, score, info->nodes, info->nps,
             info->time_ms, info->hashfull, pv);
}
