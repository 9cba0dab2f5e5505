/* Search progress as text: UCI-style info lines for stderr and the score
 * and principal variation for analysis answers. */
#ifndef RIN_SEARCH_REPORT_H
#define RIN_SEARCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "search/search.h"

enum { REPORT_LINE_MAX = 2048 };

/* "cs 120" (centistones for the side to move) or "final +3" / "final -2" /
 * "final 0" for a proven result. */
void report_score(int score, bool exact, char *out, size_t out_size);

/* The principal variation as vertices, space separated. */
void report_pv(const SearchInfo *info, int size, char *out, size_t out_size);

/* "info depth 5 seldepth 9 score cs 120 nodes 1234 nps 300000 time 41
 * hashfull 3 pv D4 E5" (REPORT_LINE_MAX bytes). */
void report_info_line(const SearchInfo *info, int size, char *out);

/* The root candidates of a report: info->line_count, or 1 (score and pv)
 * for a report without lines. */
int report_line_count(const SearchInfo *info);
/* The index-th candidate (0: the best) as a line; a report without lines
 * gives its score and pv as candidate 0. */
SearchLine report_line(const SearchInfo *info, int index);

/* "info multipv 1 move D4 score cs 120 depth 5 seldepth 9 nodes 1234 nps
 * 300000 time 41 pv D4 E5": the index-th candidate, for streamed analysis
 * (REPORT_LINE_MAX bytes). */
void report_candidate_line(const SearchInfo *info, int index, int size, char *out);

/* "move D4 score cs 120 depth 5 nodes 1234 time 41 pv D4 E5": the index-th
 * candidate, for the one-shot rin-analyze answer (REPORT_LINE_MAX bytes). */
void report_answer_line(const SearchInfo *info, int index, int size, char *out);

#endif
