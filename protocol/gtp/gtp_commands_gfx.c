/* GoGui overlays: analyze commands of type gfx, whose answer GoGui draws on
 * the board. One instruction a line, in GoGui's format: INFLUENCE v x ...,
 * LABEL v text ..., COLOR #rrggbb v ..., SQUARE v ..., MARK v ...,
 * VAR b v w v ..., TEXT words. Each command also works on its own. */
#include <stdlib.h>

#include "eval/ownership.h"
#include "formats/coord.h"
#include "gtp/gtp_commands.h"
#include "gtp/search_report.h"
#include "rules/score.h"
#include "rules/tactics.h"

enum { GFX_CANDIDATES_DEFAULT = 5 };

static const char *const color_names[2] = {"black", "white"};

/* "NAME v v v" for the points of b (nothing when b is empty). */
static void reply_points(Gtp *gtp, const char *name, Bitboard b, bool *first)
{
    if (bb_is_empty(b))
        return;
    gtp_reply(gtp, "%s%s", *first ? "" : "\n", name);
    *first = false;
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        char vertex[COORD_TEXT_MAX];
        coord_format(p, gtp->pos.size, vertex);
        gtp_reply(gtp, " %s", vertex);
    }
}

static void reply_text_line(Gtp *gtp, bool first, const char *text)
{
    gtp_reply(gtp, "%sTEXT %s", first ? "" : "\n", text);
}

bool gtp_cmd_rin_gfx_immune(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    Bitboard black = ownership_immune(&gtp->pos, COLOR_BLACK), white = ownership_immune(&gtp->pos, COLOR_WHITE);
    bool first = true;
    reply_points(gtp, "SQUARE", black, &first);
    reply_points(gtp, "MARK", white, &first);
    char text[128];
    snprintf(text, sizeof text, "immune stones (never capturable): black %d (squares), white %d (marks)",
             bb_count(black), bb_count(white));
    reply_text_line(gtp, first, text);
    return true;
}

/* "B3", "W5" or "B3/W5": who fills at the point and how many stones it
 * gains beyond the stone itself. */
bool gtp_cmd_rin_gfx_fills(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    FillMap fills[2];
    for (Color c = COLOR_BLACK; c <= COLOR_WHITE; c++)
        tactics_fill_points(&gtp->pos, c, &fills[c]);
    Bitboard any = bb_or(fills[COLOR_BLACK].points, fills[COLOR_WHITE].points);
    bool first = true;
    if (!bb_is_empty(any)) {
        gtp_reply(gtp, "LABEL");
        first = false;
        for (int p; (p = bb_next(&any)) != POINT_NONE;) {
            char vertex[COORD_TEXT_MAX];
            coord_format(p, gtp->pos.size, vertex);
            gtp_reply(gtp, " %s ", vertex);
            bool black = bb_test(fills[COLOR_BLACK].points, p), white = bb_test(fills[COLOR_WHITE].points, p);
            if (black)
                gtp_reply(gtp, "B%d", fills[COLOR_BLACK].gain[p]);
            if (white)
                gtp_reply(gtp, "%sW%d", black ? "/" : "", fills[COLOR_WHITE].gain[p]);
        }
    }
    reply_points(gtp, "COLOR #4080ff", fills[COLOR_BLACK].area, &first);
    reply_points(gtp, "COLOR #ff8040", fills[COLOR_WHITE].area, &first);
    char text[160];
    snprintf(text, sizeof text, "fill points (one stone closes a ring), labelled with the stones gained: black %d "
                                "(best +%d), white %d (best +%d)",
             bb_count(fills[COLOR_BLACK].points), fills[COLOR_BLACK].best, bb_count(fills[COLOR_WHITE].points),
             fills[COLOR_WHITE].best);
    reply_text_line(gtp, first, text);
    return true;
}

bool gtp_cmd_rin_gfx_ownership(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    float owner[BB_POINTS];
    bool learned = ownership_estimate(gtp->eval, &gtp->pos, owner);
    int size = gtp->pos.size;
    double sum = 0.0;
    gtp_reply(gtp, "INFLUENCE");
    for (int r = 0; r < size; r++) {
        for (int c = 0; c < size; c++) {
            int p = point_make(r, c);
            char vertex[COORD_TEXT_MAX];
            coord_format(p, size, vertex);
            gtp_reply(gtp, " %s %.2f", vertex, owner[p]);
            sum += owner[p];
        }
    }
    char text[128];
    snprintf(text, sizeof text, "ownership estimate (%s): black %+.1f stones",
             learned ? "learned point model" : "hand-set evaluation", sum);
    reply_text_line(gtp, false, text);
    return true;
}

bool gtp_cmd_rin_gfx_pv(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    SearchLimits limits = gtp_analysis_limits(gtp);
    limits.multipv = 1;
    SearchInfo info;
    if (!gtp_analyze_once(gtp, &limits, &info))
        return false;
    /* the colours of Rin's turn order, stone by stone */
    Position pos = gtp->pos;
    gtp_reply(gtp, "VAR");
    for (int i = 0; i < info.pv_length && !pos_is_over(&pos); i++) {
        if (pos_check(&pos, pos_to_move(&pos), info.pv[i]) != POS_OK)
            break;
        char vertex[COORD_TEXT_MAX];
        coord_format(info.pv[i], pos.size, vertex);
        gtp_reply(gtp, " %c %s", pos_to_move(&pos) == COLOR_BLACK ? 'b' : 'w', vertex);
        pos_play(&pos, info.pv[i]);
    }
    char score[32];
    report_score(info.score, info.exact, score, sizeof score);
    gtp_reply(gtp, "\nTEXT principal variation for %s: score %s, depth %d", color_names[pos_to_move(&gtp->pos)], score,
              info.depth);
    return true;
}

/* A score as a short label: stones with one decimal, "=+3" when proven. */
static void score_label(const SearchLine *line, char *out, size_t size)
{
    if (score_is_final(line->score) || (line->exact && line->score == 0))
        snprintf(out, size, "=%+d", score_final_margin(line->score));
    else
        snprintf(out, size, "%+.1f", line->score / 100.0);
}

bool gtp_cmd_rin_gfx_candidates(Gtp *gtp, const GtpArgs *args)
{
    int64_t k = gtp->options.multipv > 1 ? gtp->options.multipv : GFX_CANDIDATES_DEFAULT;
    if (args->count == 1 && !gtp_arg_int(gtp, args->v[0], "candidates", 1, SEARCH_MAX_MULTIPV, &k))
        return false;
    SearchLimits limits = gtp_analysis_limits(gtp);
    limits.multipv = (int)k;
    SearchInfo info;
    if (!gtp_analyze_once(gtp, &limits, &info))
        return false;
    gtp_reply(gtp, "LABEL");
    for (int i = 0; i < report_line_count(&info); i++) {
        SearchLine line = report_line(&info, i);
        char vertex[COORD_TEXT_MAX], label[32];
        coord_format(line.pv[0], gtp->pos.size, vertex);
        score_label(&line, label, sizeof label);
        gtp_reply(gtp, " %s %s", vertex, label);
    }
    char vertex[COORD_TEXT_MAX];
    coord_format(info.pv[0], gtp->pos.size, vertex);
    gtp_reply(gtp, "\nSQUARE %s\nTEXT %d candidates for %s, scores in stones for %s (=: proven), depth %d",
              vertex, report_line_count(&info), color_names[pos_to_move(&gtp->pos)],
              color_names[pos_to_move(&gtp->pos)], info.depth);
    return true;
}
