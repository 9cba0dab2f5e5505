/* What the engine does between commands: a streamed rin-analyze writing
 * batches of info lines on stdout until the next command, or pondering
 * (the search player thinking on the opponent's turn into its own table).
 * Both are an Analysis job; the GTP loop stops it when input arrives. */
#include "gtp/gtp_background.h"

#include <inttypes.h>
#include <stdio.h>

#include "formats/coord.h"
#include "gtp/search_report.h"

/* FNV-1a of the batch's lines: two batches of one iteration are the same. */
static uint64_t batch_hash(const GtpStream *stream)
{
    uint64_t hash = UINT64_C(14695981039346656037);
    char line[REPORT_LINE_MAX];
    for (int i = 0; i < report_line_count(&stream->marked); i++) {
        report_candidate_line(&stream->marked, i, stream->size, line);
        for (const char *c = line; *c; c++)
            hash = (hash ^ (unsigned char)*c) * UINT64_C(1099511628211);
        hash = (hash ^ '\n') * UINT64_C(1099511628211);
    }
    return hash;
}

/* One batch: a line per candidate, written at once and flushed; with
 * changes_only, not when it repeats the last one written. */
static void emit_batch(const SearchInfo *info, bool last, void *context)
{
    (void)last;
    GtpStream *stream = context;
    stream->marked = *info;
    gtp_proven_apply(&stream->proven, &stream->marked);
    if (stream->changes_only) {
        uint64_t hash = batch_hash(stream);
        if (stream->written && hash == stream->last_hash)
            return;
        stream->written = true;
        stream->last_hash = hash;
    }
    char line[REPORT_LINE_MAX];
    flockfile(stream->out);
    for (int i = 0; i < report_line_count(&stream->marked); i++) {
        report_candidate_line(&stream->marked, i, stream->size, line);
        fputs(line, stream->out);
        fputc('\n', stream->out);
    }
    fflush(stream->out);
    funlockfile(stream->out);
}

/* The empty line that ends the response. */
static void end_stream(void *context)
{
    const GtpStream *stream = context;
    fputc('\n', stream->out);
    fflush(stream->out);
}

Search *gtp_analysis_search(Gtp *gtp)
{
    if (!gtp->analysis) {
        SearchConfig config = {.threads = (int)gtp->options.threads,
                               .hash_mib = (int)gtp->options.hash,
                               .seed = (uint64_t)gtp->options.seed,
                               .eval = gtp->eval,
                               .patterns = gtp->patterns,
                               .network = gtp->network,
                               .params = &gtp->options.params};
        gtp->analysis = search_create(&config);
        if (!gtp->analysis)
            gtp_fail(gtp, "out of memory for the analysis search");
    }
    return gtp->analysis;
}

static void start_stream(Gtp *gtp, FILE *out)
{
    gtp->stream.out = out;
    gtp->stream.size = gtp->pos.size;
    gtp->stream.changes_only = gtp->stream_changes_only;
    gtp->stream.written = false;
    gtp_proven_view(&gtp->proven, &gtp->pos, &gtp->stream.proven);
    AnalysisJob job = {.search = gtp->analysis,
                       .pos = gtp->pos,
                       .limits = gtp->stream.limits,
                       .interval_ms = gtp->stream.interval_ms,
                       .emit = emit_batch,
                       .finish = end_stream,
                       .context = &gtp->stream};
    gtp->background_ponders = false;
    if (!analysis_start(gtp->background, &job)) {
        /* no thread: the response still ends as promised */
        fprintf(stderr, "rin: cannot start the analysis thread\n");
        end_stream(&gtp->stream);
    }
}

/* The search player's own search, when pondering may run now: it is on,
 * the engine knows its colour, and the other side is to move. */
static Search *ponder_search(Gtp *gtp)
{
    if (!gtp->options.ponder || !gtp->engine_color_set || gtp->quit || pos_is_over(&gtp->pos) ||
        pos_to_move(&gtp->pos) == gtp->engine_color || !gtp->player->search)
        return NULL;
    return gtp->player->search(gtp->player);
}

void gtp_background_start(Gtp *gtp, FILE *out)
{
    if (analysis_active(gtp->background))
        return;
    if (gtp->stream_pending) {
        gtp->stream_pending = false;
        start_stream(gtp, out);
        return;
    }
    Search *search = ponder_search(gtp);
    if (!search)
        return;
    /* no limits: it thinks until the next command (or the end of the game) */
    AnalysisJob job = {.search = search, .pos = gtp->pos, .limits = {.first_move = POINT_NONE}};
    gtp->background_ponders = true;
    gtp->ponder_hash = gtp->pos.hash;
    if (!analysis_start(gtp->background, &job))
        fprintf(stderr, "rin: cannot start pondering\n");
}

void gtp_background_stop(Gtp *gtp)
{
    if (!analysis_active(gtp->background))
        return;
    SearchInfo result;
    analysis_stop(gtp->background, &result);
    if (!gtp->background_ponders)
        return;
    gtp->ponder_expected = result.pv_length > 0 && result.depth > 0 ? result.pv[0] : POINT_NONE;
    if (gtp->options.verbose && result.depth > 0) {
        char line[REPORT_LINE_MAX];
        report_info_line(&result, gtp->pos.size, line);
        fprintf(stderr, "ponder %s\n", line);
        fflush(stderr);
    }
}

bool gtp_background_streaming(Gtp *gtp)
{
    return analysis_active(gtp->background) && !gtp->background_ponders && !analysis_finished(gtp->background);
}

void gtp_background_drain(Gtp *gtp)
{
    const SearchLimits *limits = &gtp->stream.limits;
    if (analysis_active(gtp->background) && !gtp->background_ponders &&
        (limits->hard_ms || limits->depth || limits->nodes))
        analysis_wait(gtp->background, NULL);
}
