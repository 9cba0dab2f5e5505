/* The GTP engine's entry points: the context, the treatment of each line
 * (framing, gtp_framing.c) and its dispatch through the command table
 * (gtp_commands.c), the loop over the input, and the background search
 * around each command (gtp_background.c). */
#include "gtp/gtp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "formats/eval_file.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "gtp/gtp_background.h"
#include "gtp/gtp_commands.h"
#include "gtp/gtp_framing.h"

/* ---- the context ---- */

Gtp *gtp_create(const EngineOptions *options)
{
    Gtp *gtp = calloc(1, sizeof *gtp);
    if (!gtp)
        return NULL;
    gtp->options = *options;
    char err[OPTIONS_PATH_MAX + 160];
    if (!eval_file_resolve(options->eval_file, &gtp->eval, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        free(gtp);
        return NULL;
    }
    if (!pattern_file_resolve(options->pattern_file, &gtp->patterns, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        eval_model_destroy(gtp->eval);
        free(gtp);
        return NULL;
    }
    if (!net_file_resolve(options->net_file, &gtp->network, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        eval_model_destroy(gtp->eval);
        ntuple_model_destroy(gtp->patterns);
        free(gtp);
        return NULL;
    }
    gtp->ponder_expected = POINT_NONE;
    gtp->background = analysis_create();
    gtp->line = malloc(GTP_LINE_MAX);
    gtp->clean = malloc(GTP_LINE_MAX + 1);
    gtp->words = malloc(GTP_LINE_MAX + 1);
    if (!gtp_apply_options(gtp) || !gtp->background || !gtp->line || !gtp->clean || !gtp->words ||
        !gtp_text_reserve(&gtp->reply, 0) || !gtp_text_reserve(&gtp->response, 0)) {
        gtp_destroy(gtp);
        return NULL;
    }
    Position empty;
    pos_init(&empty, (int)options->size);
    gtp_reset_game(gtp, &empty);
    return gtp;
}

void gtp_destroy(Gtp *gtp)
{
    if (!gtp)
        return;
    analysis_destroy(gtp->background); /* stops it first: it may use the searches below */
    player_destroy(gtp->player);
    search_destroy(gtp->analysis);
    eval_model_destroy(gtp->eval);
    ntuple_model_destroy(gtp->patterns); /* after the searches that used it */
    nnue_model_destroy(gtp->network);
    free(gtp->reply.data);
    free(gtp->response.data);
    free(gtp->line);
    free(gtp->clean);
    free(gtp->words);
    free(gtp);
}

bool gtp_quit_requested(const Gtp *gtp) { return gtp->quit; }

/* ---- the background, around each command ---- */

void gtp_start_background(Gtp *gtp, FILE *out) { gtp_background_start(gtp, out); }

void gtp_stop_background(Gtp *gtp) { gtp_background_stop(gtp); }

bool gtp_streaming(Gtp *gtp) { return gtp_background_streaming(gtp); }

void gtp_stream_changes_only(Gtp *gtp, bool on) { gtp->stream_changes_only = on; }

const char *gtp_command_name(size_t index)
{
    const GtpTable *table = gtp_command_table();
    return index < table->count ? table->commands[index].name : NULL;
}

/* ---- one line ---- */

/* Runs the command of a clean line after its id. */
static bool dispatch(Gtp *gtp, const char *text)
{
    GtpArgs args;
    const GtpCommand *command = gtp_parse_command(gtp_command_table(), text, gtp->words, &args, &gtp->reply);
    return command ? command->handler(gtp, &args) : false;
}

/* The whole treatment of one line: `truncated` says that the line went on
 * beyond the `length` bytes given. */
static bool execute_line(Gtp *gtp, const char *line, size_t length, bool truncated, const char **response)
{
    gtp_background_stop(gtp);
    gtp->stream_pending = false;
    const char *hash = memchr(line, '#', length);
    size_t command_length = hash ? (size_t)(hash - line) : length;
    const char *nul = memchr(line, '\0', command_length);
    long bad_utf8 = gtp_utf8_invalid_at((const unsigned char *)line, command_length);

    /* Control characters go (HT becomes a space), the comment is gone. */
    const char *text = gtp_clean_line(line, command_length, gtp->clean);
    bool blank = *text == '\0';

    if (truncated && hash && blank)
        return false; /* a long comment: its start shows that it is one */
    if (blank && !nul && bad_utf8 < 0 && !truncated)
        return false;

    uint64_t id = 0;
    const char *after_id = text;
    int have_id = gtp_parse_id(text, &id, &after_id);
    bool ok = false;
    gtp_text_clear(&gtp->reply);
    if (have_id < 0) {
        have_id = 0;
        gtp_fail(gtp, "syntax error: the id is too large");
    } else if (truncated) {
        gtp_fail(gtp, "syntax error: line longer than %d bytes", GTP_LINE_MAX);
    } else if (nul) {
        gtp_fail(gtp, "syntax error: NUL byte in the command line (byte %zu)", (size_t)(nul - line) + 1);
    } else if (bad_utf8 >= 0) {
        gtp_fail(gtp, "syntax error: invalid UTF-8 in the command line (byte %ld, 0x%02X)", bad_utf8 + 1,
                 (unsigned char)line[bad_utf8]);
    } else {
        ok = dispatch(gtp, after_id);
    }
    gtp_frame_response(&gtp->response, &gtp->reply, ok, have_id > 0, id, gtp->stream_pending);
    *response = gtp->response.data;
    return true;
}

bool gtp_execute(Gtp *gtp, const char *line, size_t length, const char **response)
{
    bool truncated = length > GTP_LINE_MAX;
    if (truncated)
        length = GTP_LINE_MAX;
    return execute_line(gtp, line, length, truncated, response);
}

int gtp_run(Gtp *gtp, FILE *in, FILE *out)
{
    for (;;) {
        size_t length = 0;
        bool truncated = false, empty = true;
        int c = getc(in);
        /* a command is coming: the background search stops at once (a
         * stream ends its response); at the end of the input a stream with
         * limits runs to them first */
        if (c == EOF)
            gtp_background_drain(gtp);
        gtp_background_stop(gtp);
        for (; c != EOF && c != '\n'; c = getc(in)) {
            empty = false;
            if (length < GTP_LINE_MAX)
                gtp->line[length++] = (char)c;
            else
                truncated = true;
        }
        if (c == EOF && empty)
            break;
        const char *response;
        if (execute_line(gtp, gtp->line, length, truncated, &response)) {
            if (fputs(response, out) == EOF || fflush(out) == EOF) {
                fprintf(stderr, "rin: cannot write the response: %s\n", strerror(errno));
                return 1;
            }
        }
        gtp_background_start(gtp, out);
        if (gtp->quit || c == EOF)
            break;
    }
    /* a stream started by the last line, which had no newline */
    gtp_background_drain(gtp);
    gtp_background_stop(gtp);
    if (!gtp->quit && ferror(in)) {
        fprintf(stderr, "rin: cannot read the commands: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
