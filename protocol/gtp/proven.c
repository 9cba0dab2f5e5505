/* The values rin-solve proved (proven.h). */
#include "gtp/proven.h"

#include "gtp/search_report.h"
#include "rules/score.h"

static int find(const GtpProven *proven, const Position *pos)
{
    for (int i = 0; i < proven->count; i++)
        if (proven->pos[i].hash == pos->hash && pos_same(&proven->pos[i], pos))
            return i;
    return -1;
}

void gtp_proven_add(GtpProven *proven, const Position *pos, int black_margin)
{
    int i = find(proven, pos);
    if (i < 0) {
        i = proven->next;
        proven->next = (proven->next + 1) % GTP_PROVEN_MAX;
        if (proven->count < GTP_PROVEN_MAX)
            proven->count++;
    }
    proven->pos[i] = *pos;
    proven->black_margin[i] = black_margin;
}

bool gtp_proven_find(const GtpProven *proven, const Position *pos, int *black_margin)
{
    int i = find(proven, pos);
    if (i >= 0)
        *black_margin = proven->black_margin[i];
    return i >= 0;
}

void gtp_proven_view(const GtpProven *proven, const Position *root, GtpProvenView *view)
{
    *view = (GtpProvenView){.known = bb_zero()};
    if (proven->count == 0)
        return;
    int sign = pos_to_move(root) == COLOR_BLACK ? 1 : -1, margin;
    if (gtp_proven_find(proven, root, &margin)) {
        view->root_known = true;
        view->root_margin = sign * margin;
    }
    Bitboard empty = pos_empty(root);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        Position child = *root;
        pos_play(&child, p);
        if (gtp_proven_find(proven, &child, &margin)) {
            bb_set(&view->known, p);
            view->margin[p] = (int16_t)(sign * margin);
        }
    }
}

static void mark(int *score, bool *exact, int margin)
{
    if (score_is_proven(*score, *exact))
        return;
    *score = score_final(margin);
    *exact = true;
}

void gtp_proven_apply(const GtpProvenView *view, SearchInfo *info)
{
    /* one line: its score stands for the root's too, and shows its stone's
     * value (the root's value is that of the best stone, which may be
     * another) */
    if (info->line_count <= 1) {
        SearchLine line = report_line(info, 0);
        if (line.pv_length > 0 && bb_test(view->known, line.pv[0]))
            mark(&info->score, &info->exact, view->margin[line.pv[0]]);
        if (info->line_count) {
            info->lines[0].score = info->score;
            info->lines[0].exact = info->exact;
        }
        return;
    }
    if (view->root_known)
        mark(&info->score, &info->exact, view->root_margin);
    for (int i = 0; i < info->line_count; i++) {
        SearchLine *line = &info->lines[i];
        if (line->pv_length > 0 && bb_test(view->known, line->pv[0]))
            mark(&line->score, &line->exact, view->margin[line->pv[0]]);
    }
}
