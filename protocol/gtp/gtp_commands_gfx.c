/* GoGui overlays: analyze commands of type gfx, whose answer GoGui draws on
 * the board. One instruction a line, in GoGui's format: INFLUENCE v x ...,
 * LABEL v text ..., COLOR #rrggbb v ..., SQUARE v ..., MARK v ...,
 * VAR b v w v ..., TEXT words. Each command also works on its own. */
#include <math.h>
#include <stdlib.h>

#include "eval/ownership.h"
#include "formats/coord.h"
#include "gtp/gtp_commands.h"
#include "gtp/search_report.h"
#include "rules/playout.h"
#include "rules/score.h"
#include "rules/tactics.h"

enum {
    GFX_CANDIDATES_DEFAULT = 5,
    /* random games behind the ownership overlay when the weights have no
     * point model: a few milliseconds on 16x16, steps of 0.001 */
    GFX_OWNERSHIP_PLAYOUTS = 2000,
    GFX_TEXT_MAX = 1024
};

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

/* Centistones rounded to the nearest tenth or whole stone, halves away
 * from zero, with no negative zero. */
static int rounded(int cs, int unit) { return cs >= 0 ? (cs + unit / 2) / unit : -((-cs + unit / 2) / unit); }

/* Tenths of a stone as "+5.4", "-0.3" or "0.0". */
static void tenths_text(int tenths, char *out, size_t size)
{
    snprintf(out, size, "%s%d.%d", tenths > 0 ? "+" : tenths < 0 ? "-" : "", abs(tenths) / 10, abs(tenths) % 10);
}

/* An estimate in tenths of a stone: the one rounding of a score that both
 * the text (to a tenth) and the labels (that tenth to a whole stone) show,
 * so that a label never disagrees with its text (+1.5 is 2, never 1). */
static int estimate_tenths(const SearchLine *line) { return rounded(line->score, 10); }

/* A score for a person, in stones for the side to move: an estimate to a
 * tenth ("+5.4", "-0.3", "0.0"), a proven result ("+3!", "-2!") or a proven
 * draw ("=0"). A proven draw scores 0 like an estimate: only `exact` tells
 * them apart. */
static void stones_text(const SearchLine *line, char *out, size_t size)
{
    if (!score_is_proven(line->score, line->exact))
        tenths_text(estimate_tenths(line), out, size);
    else if (line->score == 0)
        snprintf(out, size, "=0");
    else
        snprintf(out, size, "%+d!", score_final_margin(line->score));
}

/* Every point's expected final owner in [-1, 1], positive for Black: the
 * learned point model's when the weights hold one; otherwise what uniformly
 * random games from here say (the classic evaluation's terms leave most of
 * an open board at 0, an empty overlay). The random games are seeded by the
 * seed option, so the overlay is the same every time. */
static bool gfx_ownership(const Gtp *gtp, float owner[BB_POINTS])
{
    if (ownership_estimate(gtp->eval, &gtp->pos, owner))
        return true;
    if (pos_is_over(&gtp->pos))
        return false; /* the classic estimate of a full board is exact */
    uint32_t black[BB_POINTS];
    Rng rng;
    rng_seed(&rng, (uint64_t)gtp->options.seed);
    playout_ownership(&gtp->pos, GFX_OWNERSHIP_PLAYOUTS, &rng, black);
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = bb_test(bb_board(gtp->pos.size), p) ? 2.0f * (float)black[p] / GFX_OWNERSHIP_PLAYOUTS - 1.0f : 0.0f;
    return false;
}

bool gtp_cmd_rin_gfx_ownership(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    float owner[BB_POINTS];
    bool learned = gfx_ownership(gtp, owner);
    int size = gtp->pos.size;
    double sum = 0.0;
    gtp_reply(gtp, "INFLUENCE");
    for (int r = 0; r < size; r++) {
        for (int c = 0; c < size; c++) {
            int p = point_make(r, c);
            char vertex[COORD_TEXT_MAX];
            coord_format(p, size, vertex);
            /* in hundredths, so that a small negative value reads 0.00, not -0.00 */
            long hundredths = lrintf(owner[p] * 100.0f);
            gtp_reply(gtp, " %s %.2f", vertex, (double)hundredths / 100.0);
            sum += owner[p];
        }
    }
    char text[160], stones[32];
    tenths_text((int)lrint(sum * 10.0), stones, sizeof stones);
    if (learned)
        snprintf(text, sizeof text, "ownership estimate (learned point model): black %s stones", stones);
    else if (pos_is_over(&gtp->pos))
        snprintf(text, sizeof text, "ownership: the board is full, black %s stones", stones);
    else
        snprintf(text, sizeof text, "ownership estimate (%d random games from here): black %s stones",
                 GFX_OWNERSHIP_PLAYOUTS, stones);
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
    const char *mover = color_names[pos_to_move(&gtp->pos)];
    gtp_reply(gtp, "\nTEXT principal variation for %s: ", mover);
    SearchLine best = report_line(&info, 0);
    if (!score_is_proven(best.score, best.exact)) {
        char score[48];
        stones_text(&best, score, sizeof score);
        gtp_reply(gtp, "%s stones for %s", score, mover);
    } else if (best.score == 0) {
        gtp_reply(gtp, "a draw (proven)");
    } else {
        gtp_reply(gtp, "%+d stones for %s (proven)", score_final_margin(best.score), mover);
    }
    gtp_reply(gtp, ", depth %d", info.depth);
    return true;
}

/* A score as a label that fits in a cell (GoGui clips a label at 0.95 of
 * the cell and draws it at about 0.45 of the cell's height: room for about
 * two digits and a sign): whole stones for the side to move, "5", "-2",
 * "0", the text's tenths rounded; "3!" and "-4!" when proven; "=0" for a
 * proven draw. */
static void score_label(const SearchLine *line, char *out, size_t size)
{
    if (!score_is_proven(line->score, line->exact))
        snprintf(out, size, "%d", rounded(estimate_tenths(line), 10));
    else if (line->score == 0)
        snprintf(out, size, "=0");
    else
        snprintf(out, size, "%d!", score_final_margin(line->score));
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
    /* the labels round to whole stones; the text gives every score to a
     * tenth, first, since GoGui's status bar cuts off what does not fit */
    char text[GFX_TEXT_MAX];
    const char *mover = color_names[pos_to_move(&gtp->pos)];
    int count = report_line_count(&info);
    size_t used = 0;
    text[0] = '\0';
    gtp_reply(gtp, "LABEL");
    for (int i = 0; i < count; i++) {
        SearchLine line = report_line(&info, i);
        char vertex[COORD_TEXT_MAX], label[32], stones[48];
        coord_format(line.pv[0], gtp->pos.size, vertex);
        score_label(&line, label, sizeof label);
        gtp_reply(gtp, " %s %s", vertex, label);
        stones_text(&line, stones, sizeof stones);
        if (used < sizeof text)
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%s %s", i ? ", " : "", vertex, stones);
    }
    if (used < sizeof text)
        snprintf(text + used, sizeof text - used, ": %d candidate%s for %s, in stones for %s (!: proven, =0: a proven "
                                                  "draw), depth %d",
                 count, count == 1 ? "" : "s", mover, mover, info.depth);
    char vertex[COORD_TEXT_MAX];
    coord_format(info.pv[0], gtp->pos.size, vertex);
    gtp_reply(gtp, "\nSQUARE %s\nTEXT %s", vertex, text);
    return true;
}
