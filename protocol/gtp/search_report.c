/* Formatting of search results. */
#include "gtp/search_report.h"

#include <inttypes.h>
#include <string.h>

#include "formats/coord.h"
#include "rules/score.h"

void report_score(int score, bool exact, char *out, size_t out_size)
{
    if (!score_is_proven(score, exact))
        snprintf(out, out_size, "cs %d", score);
    else if (score == 0)
        snprintf(out, out_size, "final 0"); /* a draw has no sign */
    else
        snprintf(out, out_size, "final %+d", score_final_margin(score));
}

static void format_pv(const int *pv, int length, int size, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < length && used + COORD_TEXT_MAX + 1 < out_size; i++) {
        char vertex[COORD_TEXT_MAX];
        coord_format(pv[i], size, vertex);
        used += (size_t)snprintf(out + used, out_size - used, "%s%s", i ? " " : "", vertex);
    }
}

void report_pv(const SearchInfo *info, int size, char *out, size_t out_size)
{
    format_pv(info->pv, info->pv_length, size, out, out_size);
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

int report_line_count(const SearchInfo *info) { return info->line_count > 0 ? info->line_count : 1; }

SearchLine report_line(const SearchInfo *info, int index)
{
    if (info->line_count > 0 && index < info->line_count)
        return info->lines[index];
    SearchLine line = {.score = info->score, .exact = info->exact, .pv_length = info->pv_length};
    memcpy(line.pv, info->pv, (size_t)info->pv_length * sizeof(int));
    return line;
}

/* The candidate's first stone, score and PV as text. */
static void line_parts(const SearchLine *line, int size, char *vertex, char *score, size_t score_size, char *pv,
                       size_t pv_size)
{
    coord_format(line->pv_length > 0 ? line->pv[0] : POINT_NONE, size, vertex);
    report_score(line->score, line->exact, score, score_size);
    format_pv(line->pv, line->pv_length, size, pv, pv_size);
}

void report_candidate_line(const SearchInfo *info, int index, int size, char *out)
{
    SearchLine line = report_line(info, index);
    char vertex[COORD_TEXT_MAX], score[32], pv[REPORT_LINE_MAX - 256];
    line_parts(&line, size, vertex, score, sizeof score, pv, sizeof pv);
    snprintf(out, REPORT_LINE_MAX,
             "info multipv %d move %s score %s depth %d seldepth %d nodes %" PRIu64 " nps %" PRIu64
             " time %" PRId64 " pv %s",
             index + 1, vertex, score, info->depth, info->seldepth, info->nodes, info->nps, info->time_ms, pv);
}

void report_answer_line(const SearchInfo *info, int index, int size, char *out)
{
    SearchLine line = report_line(info, index);
    char vertex[COORD_TEXT_MAX], score[32], pv[REPORT_LINE_MAX - 256];
    line_parts(&line, size, vertex, score, sizeof score, pv, sizeof pv);
    snprintf(out, REPORT_LINE_MAX, "move %s score %s depth %d nodes %" PRIu64 " time %" PRId64 " pv %s", vertex,
             score, info->depth, info->nodes, info->time_ms, pv);
}
