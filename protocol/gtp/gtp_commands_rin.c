/* The Rin extensions: position strings, perft, options, analysis and the
 * solver. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/eval_file.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "formats/posstr.h"
#include "gtp/gtp_background.h"
#include "gtp/gtp_commands.h"
#include "gtp/search_report.h"
#include "rules/perft.h"
#include "solve/solve.h"

/* rin-perft refuses work beyond this many positions (about a second): a
 * command must not hang the engine. */
#define PERFT_NODE_LIMIT UINT64_C(50000000)
enum { PERFT_DEPTH_MAX = BB_POINTS };

/* rin-solve stops after 10 s unless told otherwise, and an hour at most:
 * a command must not hang the engine for ever. */
#define RIN_SOLVE_DEFAULT_MS 10000
#define RIN_SOLVE_MAX_SECONDS 3600.0

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
    switch (posstr_read(args->rest, &pos, err, sizeof err)) {
    case POSSTR_OK:
        break;
    case POSSTR_SYNTAX:
        return gtp_fail(gtp, "syntax error: invalid position string: %s", err);
    case POSSTR_INVALID:
        return gtp_fail(gtp, "invalid position: %s", err);
    }
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

/* The GoGui "param" form: one "[type] name value" line per option that can
 * change at run time. */
static bool list_options(Gtp *gtp)
{
    for (size_t i = 0, listed = 0; options_spec(i); i++) {
        const OptionSpec *spec = options_spec(i);
        if (spec->startup)
            continue;
        char value[OPTIONS_VALUE_MAX];
        options_format(&gtp->options, spec, value);
        if (listed++)
            gtp_reply(gtp, "\n");
        if (spec->kind == OPTION_PLAYER) {
            gtp_reply(gtp, "[list");
            for (const char *const *p = player_names; *p; p++)
                gtp_reply(gtp, "/%s", *p);
            gtp_reply(gtp, "] %s %s", spec->name, value);
        } else {
            gtp_reply(gtp, "[string] %s %s", spec->name, value);
        }
    }
    return true;
}

/* Options that live in the player: changing them makes it anew. */
static bool shapes_player(const OptionSpec *spec)
{
    const char *name = spec->name;
    return spec->kind == OPTION_PARAM || strcmp(name, "player") == 0 || strcmp(name, "threads") == 0 ||
           strcmp(name, "hash") == 0 || strcmp(name, "seed") == 0;
}

/* Loads the weights options.eval_file names and makes the player anew with
 * them; on failure everything stays as `before`. */
static bool set_eval_file(Gtp *gtp, const EngineOptions *before)
{
    EvalModel *model = NULL;
    char err[OPTIONS_PATH_MAX + 160];
    if (!eval_file_resolve(gtp->options.eval_file, &model, err, sizeof err)) {
        gtp->options = *before;
        return gtp_fail(gtp, "%s (weights unchanged)", err);
    }
    EvalModel *old = gtp->eval;
    gtp->eval = model;
    if (!gtp_apply_options(gtp)) {
        gtp->eval = old;
        gtp->options = *before;
        eval_model_destroy(model);
        return gtp_fail(gtp, "out of memory: weights unchanged");
    }
    eval_model_destroy(old);
    const char *note = pattern_file_eval_note(gtp->options.eval_file, gtp->options.pattern_file);
    return note ? gtp_reply(gtp, "warning: %s", note) : true;
}

/* Loads the pattern model options.pattern_file names and makes the player
 * anew with it; on failure everything stays as `before`. */
static bool set_pattern_file(Gtp *gtp, const EngineOptions *before)
{
    NtupleModel *model = NULL;
    char err[OPTIONS_PATH_MAX + 160];
    if (!pattern_file_resolve(gtp->options.pattern_file, &model, err, sizeof err)) {
        gtp->options = *before;
        return gtp_fail(gtp, "%s (patterns unchanged)", err);
    }
    NtupleModel *old = gtp->patterns;
    gtp->patterns = model;
    if (!gtp_apply_options(gtp)) {
        gtp->patterns = old;
        gtp->options = *before;
        ntuple_model_destroy(model);
        return gtp_fail(gtp, "out of memory: patterns unchanged");
    }
    ntuple_model_destroy(old);
    return true;
}

/* Loads the network options.net_file names and makes the player anew
 * with it; on failure everything stays as `before`. */
static bool set_net_file(Gtp *gtp, const EngineOptions *before)
{
    NnueModel *model = NULL;
    char err[OPTIONS_PATH_MAX + 160];
    if (!net_file_resolve(gtp->options.net_file, &model, err, sizeof err)) {
        gtp->options = *before;
        return gtp_fail(gtp, "%s (network unchanged)", err);
    }
    NnueModel *old = gtp->network;
    gtp->network = model;
    if (!gtp_apply_options(gtp)) {
        gtp->network = old;
        gtp->options = *before;
        nnue_model_destroy(model);
        return gtp_fail(gtp, "out of memory: network unchanged");
    }
    nnue_model_destroy(old);
    return true;
}

bool gtp_cmd_rin_option(Gtp *gtp, const GtpArgs *args)
{
    if (args->count == 0)
        return list_options(gtp);
    const OptionSpec *spec = options_find(args->v[0]);
    char quoted[GTP_QUOTE_MAX];
    if (!spec)
        return gtp_fail(gtp, "syntax error: unknown option %s (rin-option lists them)", gtp_quote(args->v[0], quoted));
    if (spec->startup)
        return gtp_fail(gtp, "syntax error: %s is set when the engine starts (rin --%s N); boardsize N changes the board",
                        spec->name, spec->name);
    if (args->count == 1) {
        char value[OPTIONS_VALUE_MAX];
        options_format(&gtp->options, spec, value);
        return gtp_reply(gtp, "%s", value);
    }
    EngineOptions before = gtp->options;
    char err[OPTIONS_PATH_MAX + 160];
    if (!options_set(&gtp->options, args->v[0], args->v[1], err, sizeof err))
        return gtp_fail(gtp, "syntax error: %s", err);
    if (spec->kind == OPTION_PATH && strcmp(spec->name, "net-file") == 0)
        return set_net_file(gtp, &before);
    if (spec->kind == OPTION_PATH)
        return strcmp(spec->name, "pattern-file") == 0 ? set_pattern_file(gtp, &before) : set_eval_file(gtp, &before);
    if (shapes_player(spec) && !gtp_apply_options(gtp)) {
        gtp->options = before;
        return gtp_fail(gtp, "out of memory: %s unchanged", spec->name);
    }
    return true;
}

/* What rin-analyze was asked for. */
typedef struct AnalyzeRequest {
    SearchLimits limits;
    bool have_limits;
    int64_t interval_cs; /* 0: one-shot */
} AnalyzeRequest;

/* Reads the "interval CS", "multipv K", "movetime MS", "depth D" and
 * "nodes N" pairs. */
static bool analyze_request(Gtp *gtp, const GtpArgs *args, AnalyzeRequest *request)
{
    if (args->count % 2)
        return gtp_fail(gtp, "syntax error: arguments come in pairs: [interval CS] [multipv K] [movetime MS] "
                             "[depth D] [nodes N]");
    SearchLimits *limits = &request->limits;
    for (int i = 0; i < args->count; i += 2) {
        const char *key = args->v[i];
        int64_t v;
        if (strcmp(key, "interval") == 0) {
            if (!gtp_arg_int(gtp, args->v[i + 1], "interval", 1, INT64_C(360000), &v))
                return false;
            request->interval_cs = v;
        } else if (strcmp(key, "multipv") == 0) {
            if (!gtp_arg_int(gtp, args->v[i + 1], "multipv", 1, SEARCH_MAX_MULTIPV, &v))
                return false;
            limits->multipv = (int)v;
        } else if (strcmp(key, "movetime") == 0) {
            if (!gtp_arg_int(gtp, args->v[i + 1], "movetime", 1, INT64_C(86400000), &v))
                return false;
            limits->soft_ms = limits->hard_ms = v;
            request->have_limits = true;
        } else if (strcmp(key, "depth") == 0) {
            if (!gtp_arg_int(gtp, args->v[i + 1], "depth", 1, SEARCH_MAX_DEPTH, &v))
                return false;
            limits->depth = (int)v;
            request->have_limits = true;
        } else if (strcmp(key, "nodes") == 0) {
            if (!gtp_arg_int(gtp, args->v[i + 1], "nodes", 1, INT64_C(1000000000000), &v))
                return false;
            limits->nodes = (uint64_t)v;
            request->have_limits = true;
        } else {
            char quoted[GTP_QUOTE_MAX];
            return gtp_fail(gtp, "syntax error: unknown argument %s (interval, multipv, movetime, depth or nodes)",
                            gtp_quote(key, quoted));
        }
    }
    return true;
}

SearchLimits gtp_analysis_limits(const Gtp *gtp)
{
    PlayerLimits stone = gtp_stone_limits(gtp);
    return (SearchLimits){.soft_ms = stone.soft_ms, .hard_ms = stone.hard_ms, .depth = stone.depth,
                          .nodes = stone.nodes, .first_move = POINT_NONE, .multipv = (int)gtp->options.multipv};
}

bool gtp_analyze_once(Gtp *gtp, const SearchLimits *limits, SearchInfo *info)
{
    if (pos_is_over(&gtp->pos))
        return gtp_fail(gtp, "the game is over (no empty point left)");
    Search *search = gtp_analysis_search(gtp);
    if (!search)
        return false;
    AnalysisJob job = {.search = search, .pos = gtp->pos, .limits = *limits, .reporter = gtp_report_info,
                       .context = gtp};
    if (!analysis_start(gtp->background, &job))
        return gtp_fail(gtp, "cannot start the analysis thread");
    analysis_wait(gtp->background, info);
    return true;
}

bool gtp_cmd_rin_analyze(Gtp *gtp, const GtpArgs *args)
{
    if (pos_is_over(&gtp->pos))
        return gtp_fail(gtp, "the game is over (no empty point left)");
    AnalyzeRequest request = {.limits = {.first_move = POINT_NONE, .multipv = (int)gtp->options.multipv}};
    if (!analyze_request(gtp, args, &request))
        return false;
    if (!request.have_limits && request.interval_cs == 0) {
        /* one-shot without limits: as long as a stone would take */
        int multipv = request.limits.multipv;
        request.limits = gtp_analysis_limits(gtp);
        request.limits.multipv = multipv;
    }
    if (!gtp_analysis_search(gtp))
        return false;
    if (request.interval_cs > 0) {
        /* streamed: "=" now, the lines from the background until the next
         * command (gtp_start_background) */
        gtp->stream.interval_ms = request.interval_cs * 10;
        gtp->stream.limits = request.limits;
        gtp->stream_pending = true;
        return true;
    }
    SearchInfo info;
    if (!gtp_analyze_once(gtp, &request.limits, &info))
        return false;
    GtpProvenView proven;
    gtp_proven_view(&gtp->proven, &gtp->pos, &proven);
    gtp_proven_apply(&proven, &info);
    char line[REPORT_LINE_MAX];
    for (int i = 0; i < report_line_count(&info); i++) {
        report_answer_line(&info, i, gtp->pos.size, line);
        gtp_reply(gtp, "%s%s", i ? "\n" : "", line);
    }
    return true;
}

/* What a solve proved, for later analyses: the position's value, the
 * same value after each stone of its line, and the opening table's. */
static void keep_proven(Gtp *gtp, const SolveResult *r)
{
    if (r->proven) {
        Position pos = gtp->pos;
        gtp_proven_add(&gtp->proven, &pos, r->black_margin);
        for (int i = 0; i < r->pv_length; i++) {
            pos_play(&pos, r->pv[i]);
            gtp_proven_add(&gtp->proven, &pos, r->black_margin);
        }
    }
    for (int i = 0; i < r->opening_count; i++) {
        const SolveOpening *o = &r->openings[i];
        if (!o->proven)
            continue;
        Position child = gtp->pos;
        pos_play(&child, o->point);
        gtp_proven_add(&gtp->proven, &child, o->black_lower);
    }
}

bool gtp_cmd_rin_solve(Gtp *gtp, const GtpArgs *args)
{
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = (size_t)gtp->options.hash << 20;
    options.time_limit_ms = RIN_SOLVE_DEFAULT_MS;
    for (int i = 0; i < args->count; i++) {
        if (strcmp(args->v[i], "openings") == 0) {
            options.openings = true;
        } else if (strcmp(args->v[i], "time") == 0) {
            double seconds;
            if (i + 1 >= args->count)
                return gtp_fail(gtp, "time needs a number of seconds");
            if (!gtp_arg_float(gtp, args->v[++i], "time", 0.001, RIN_SOLVE_MAX_SECONDS, &seconds))
                return false;
            options.time_limit_ms = (int64_t)(seconds * 1000.0 + 0.5);
        } else {
            return gtp_fail(gtp, "unexpected argument '%s' (rin-solve [time SECONDS] [openings])", args->v[i]);
        }
    }
    SolveResult *r = malloc(sizeof *r);
    if (!r)
        return gtp_fail(gtp, "out of memory");
    SolveStatus status = solve_position(&gtp->pos, &options, r);
    if (status == SOLVE_ERR_MEMORY) {
        free(r);
        return gtp_fail(gtp, "%s (hash %" PRId64 " MiB)", solve_status_text(status), gtp->options.hash);
    }
    keep_proven(gtp, r);
    int size = gtp->pos.size;
    char text[16];
    if (r->proven) {
        gtp_result_text(r->black_margin, text, sizeof text);
        /* the side to move's margin, signed as a final score: +3, -2, 0 */
        gtp_reply(gtp, r->margin ? "result %s margin %+d" : "result %s margin %d", text, r->margin);
        if (r->best_point != POINT_NONE) {
            char vertex[COORD_TEXT_MAX];
            coord_format(r->best_point, size, vertex);
            gtp_reply(gtp, " best %s", vertex);
        }
    } else {
        gtp_reply(gtp, "result unproven lower %+d upper %+d target %+d pn %" PRIu32 " dn %" PRIu32, r->black_lower,
                  r->black_upper, r->target, r->pn, r->dn);
    }
    gtp_reply(gtp, " nodes %" PRIu64 " time %.3f table %zu/%zu", r->nodes, (double)r->elapsed_ms / 1000.0,
              r->table_used, r->table_capacity);
    if (r->proven && r->pv_length > 0) {
        gtp_reply(gtp, " pv");
        for (int i = 0; i < r->pv_length; i++) {
            char vertex[COORD_TEXT_MAX];
            coord_format(r->pv[i], size, vertex);
            gtp_reply(gtp, " %s", vertex);
        }
    }
    for (int i = 0; i < r->opening_count; i++) {
        const SolveOpening *o = &r->openings[i];
        char vertex[COORD_TEXT_MAX];
        coord_format(o->point, size, vertex);
        if (o->proven) {
            gtp_result_text(o->black_lower, text, sizeof text);
            gtp_reply(gtp, "\n%s %s", vertex, text);
        } else {
            gtp_reply(gtp, "\n%s unproven %+d %+d", vertex, o->black_lower, o->black_upper);
        }
        if (o->same_as != POINT_NONE) {
            coord_format(o->same_as, size, vertex);
            gtp_reply(gtp, " = %s", vertex);
        }
    }
    free(r);
    return true;
}
