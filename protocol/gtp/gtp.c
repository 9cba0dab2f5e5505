/* The GTP context, the framing of lines and responses, the dispatch through
 * the command table, and the helpers every handler shares. */
#include "gtp/gtp.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formats/board_text.h"
#include "formats/coord.h"
#include "formats/eval_file.h"
#include "formats/pattern_file.h"
#include "formats/number.h"
#include "gtp/gtp_commands.h"

enum { GTP_TEXT_INITIAL = 4096 };

/* ---- text buffers ---- */

static bool text_reserve(GtpText *text, size_t extra)
{
    if (text->failed)
        return false;
    if (text->length + extra + 1 <= text->capacity)
        return true;
    size_t capacity = text->capacity ? text->capacity : GTP_TEXT_INITIAL;
    while (capacity < text->length + extra + 1)
        capacity *= 2;
    char *data = realloc(text->data, capacity);
    if (!data) {
        text->failed = true;
        return false;
    }
    text->data = data;
    text->capacity = capacity;
    return true;
}

static void text_clear(GtpText *text)
{
    text->length = 0;
    text->failed = false;
    if (text->data)
        text->data[0] = '\0';
}

static void text_append(GtpText *text, const char *bytes, size_t length)
{
    if (!text_reserve(text, length))
        return;
    memcpy(text->data + text->length, bytes, length);
    text->length += length;
    text->data[text->length] = '\0';
}

static void text_vprintf(GtpText *text, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int needed = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (needed < 0 || !text_reserve(text, (size_t)needed))
        return;
    vsnprintf(text->data + text->length, (size_t)needed + 1, fmt, ap);
    text->length += (size_t)needed;
}

static void text_printf(GtpText *text, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_printf(GtpText *text, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vprintf(text, fmt, ap);
    va_end(ap);
}

bool gtp_reply(Gtp *gtp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vprintf(&gtp->reply, fmt, ap);
    va_end(ap);
    return true;
}

bool gtp_fail(Gtp *gtp, const char *fmt, ...)
{
    text_clear(&gtp->reply);
    va_list ap;
    va_start(ap, fmt);
    text_vprintf(&gtp->reply, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- the context ---- */

static void new_game_state(Gtp *gtp, const Position *pos)
{
    gtp->pos = *pos;
    gtp->start = *pos;
    gtp->history_length = 0;
    gtp->engine_color_set = false; /* a new game: no pondering until the engine plays */
    gtp->ponder_expected = POINT_NONE;
}

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
    gtp->ponder_expected = POINT_NONE;
    gtp->background = analysis_create();
    gtp->line = malloc(GTP_LINE_MAX);
    gtp->clean = malloc(GTP_LINE_MAX + 1);
    gtp->words = malloc(GTP_LINE_MAX + 1);
    if (!gtp_apply_options(gtp) || !gtp->background || !gtp->line || !gtp->clean || !gtp->words || !text_reserve(&gtp->reply, 0) ||
        !text_reserve(&gtp->response, 0)) {
        gtp_destroy(gtp);
        return NULL;
    }
    Position empty;
    pos_init(&empty, (int)options->size);
    new_game_state(gtp, &empty);
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
    free(gtp->reply.data);
    free(gtp->response.data);
    free(gtp->line);
    free(gtp->clean);
    free(gtp->words);
    free(gtp);
}

bool gtp_quit_requested(const Gtp *gtp) { return gtp->quit; }

/* ---- game helpers shared by the handlers ---- */

void gtp_new_game(Gtp *gtp, const Position *pos)
{
    new_game_state(gtp, pos);
    if (gtp->player->new_game)
        gtp->player->new_game(gtp->player);
}

void gtp_play_stone(Gtp *gtp, int point)
{
    if (gtp->history_length < GTP_HISTORY_MAX) {
        GtpMove *move = &gtp->history[gtp->history_length++];
        move->color = pos_to_move(&gtp->pos);
        move->point = point;
        move->before = gtp->pos;
    }
    pos_play(&gtp->pos, point);
}

double gtp_score(const Gtp *gtp) { return (double)pos_score(&gtp->pos); }

bool gtp_check_turn(Gtp *gtp, Color color)
{
    const Position *pos = &gtp->pos;
    if (pos_is_over(pos))
        return gtp_fail(gtp, "illegal move: the game is over (no empty point left)");
    Color to_move = pos_to_move(pos);
    if (color != to_move)
        return gtp_fail(gtp, "illegal move: it is %s's turn (%s)", to_move == COLOR_BLACK ? "black" : "white",
                        board_text_stone_of_turn(pos));
    return true;
}

/* ---- argument decoders ---- */

const char *gtp_quote(const char *arg, char *buf)
{
    enum { KEEP = GTP_QUOTE_MAX - 6 }; /* room for the quotes, "..." and NUL */
    size_t length = strlen(arg);
    if (length <= KEEP) {
        snprintf(buf, GTP_QUOTE_MAX, "'%s'", arg);
        return buf;
    }
    size_t cut = KEEP;
    while (cut > 0 && ((unsigned char)arg[cut] & 0xC0) == 0x80)
        cut--;
    snprintf(buf, GTP_QUOTE_MAX, "'%.*s...'", (int)cut, arg);
    return buf;
}

bool gtp_arg_color(Gtp *gtp, const char *arg, Color *out)
{
    if (strcasecmp(arg, "b") == 0 || strcasecmp(arg, "black") == 0) {
        *out = COLOR_BLACK;
        return true;
    }
    if (strcasecmp(arg, "w") == 0 || strcasecmp(arg, "white") == 0) {
        *out = COLOR_WHITE;
        return true;
    }
    char quoted[GTP_QUOTE_MAX];
    return gtp_fail(gtp, "syntax error: invalid colour %s (expected b, black, w or white)", gtp_quote(arg, quoted));
}

bool gtp_arg_int(Gtp *gtp, const char *arg, const char *what, int64_t min, int64_t max, int64_t *out)
{
    char quoted[GTP_QUOTE_MAX];
    switch (number_parse_int(arg, min, max, out)) {
    case NUMBER_OK:
        return true;
    case NUMBER_RANGE:
        return gtp_fail(gtp, "syntax error: %s %s is out of range (%" PRId64 " to %" PRId64 ")", what,
                        gtp_quote(arg, quoted), min, max);
    default:
        return gtp_fail(gtp, "syntax error: %s must be an integer, got %s", what, gtp_quote(arg, quoted));
    }
}

bool gtp_arg_float(Gtp *gtp, const char *arg, const char *what, double min, double max, double *out)
{
    char quoted[GTP_QUOTE_MAX];
    switch (number_parse_real(arg, min, max, out)) {
    case NUMBER_OK:
        return true;
    case NUMBER_NOT_FINITE:
        return gtp_fail(gtp, "syntax error: %s must be a finite number, got %s", what, gtp_quote(arg, quoted));
    case NUMBER_TINY:
        return gtp_fail(gtp, "syntax error: %s %s is too close to zero to represent", what, gtp_quote(arg, quoted));
    case NUMBER_RANGE:
        return gtp_fail(gtp, "syntax error: %s %s is out of range (%g to %g)", what, gtp_quote(arg, quoted), min,
                        max);
    default:
        return gtp_fail(gtp, "syntax error: %s must be a number, got %s", what, gtp_quote(arg, quoted));
    }
}

bool gtp_arg_vertex(Gtp *gtp, const char *arg, int *point)
{
    char quoted[GTP_QUOTE_MAX];
    int size = gtp->pos.size;
    switch (coord_parse(arg, size, point)) {
    case COORD_OK:
        return true;
    case COORD_PASS:
        return gtp_fail(gtp, "illegal move: pass is not a Rin move (there is always an empty point to fill)");
    case COORD_OFF_BOARD:
        return gtp_fail(gtp, "illegal move: %s is off the %dx%d board", gtp_quote(arg, quoted), size, size);
    case COORD_SYNTAX:
        break;
    }
    return gtp_fail(gtp, "syntax error: invalid vertex %s (expected a letter A-Z without I and a row number)",
                    gtp_quote(arg, quoted));
}

/* ---- framing ---- */

/* Offset of the first byte that is not part of valid UTF-8 (no overlong
 * forms, no surrogates, nothing above U+10FFFF), or -1. */
static long utf8_invalid_at(const unsigned char *s, size_t length)
{
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        size_t need;
        unsigned lo = 0x80, hi = 0xBF; /* allowed range of the first continuation byte */
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0)
                lo = 0xA0;
            else if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F;
        } else {
            return (long)i;
        }
        for (size_t k = 1; k <= need; k++) {
            if (i + k >= length)
                return (long)i;
            unsigned char d = s[i + k];
            if (k == 1 ? (d < lo || d > hi) : (d & 0xC0) != 0x80)
                return (long)i;
        }
        i += need + 1;
    }
    return -1;
}

/* The optional id: digits followed by a space or the end. Sets *end past the
 * id and its spaces. Returns 0 without an id, 1 with one, -1 when the digits
 * do not fit. */
static int parse_id(const char *text, uint64_t *id, const char **end)
{
    size_t digits = strspn(text, "0123456789");
    const char *s = text + digits;
    if (digits == 0 || (*s != ' ' && *s != '\0'))
        return 0;
    while (*s == ' ')
        s++;
    *end = s;
    return number_parse_uint_span(text, digits, 0, UINT64_MAX, id) == NUMBER_OK ? 1 : -1;
}

/* Frames the reply into gtp->response. Results may span lines but never hold
 * an empty one; error messages are one line. */
static void frame_response(Gtp *gtp, bool success, bool have_id, uint64_t id)
{
    GtpText *out = &gtp->response;
    text_clear(out);
    if (gtp->reply.failed) {
        success = false;
        text_clear(&gtp->reply);
        text_append(&gtp->reply, "out of memory", 13);
    }
    text_append(out, success ? "=" : "?", 1);
    if (have_id)
        text_printf(out, "%" PRIu64, id);
    const char *body = gtp->reply.data;
    size_t length = gtp->reply.length;
    while (length > 0 && (body[length - 1] == '\n' || body[length - 1] == ' '))
        length--;
    if (length > 0 && body[0] != '\n')
        text_append(out, " ", 1);
    for (size_t i = 0; i < length; i++) {
        char c = body[i];
        if (c == '\n' && (!success || (out->length > 0 && out->data[out->length - 1] == '\n')))
            c = success ? '\0' : ' ';
        if (c)
            text_append(out, &c, 1);
    }
    /* a stream's response goes on after the first line */
    text_append(out, "\n\n", success && gtp->stream_pending ? 1 : 2);
    if (out->failed) {
        text_clear(out);
        text_append(out, "? out of memory\n\n", 17);
    }
}

/* Splits the clean line into words and runs the command. */
static bool dispatch(Gtp *gtp, const char *text)
{
    char quoted[GTP_QUOTE_MAX];
    /* The words become NUL-terminated in a copy; `rest` points into text. */
    size_t text_length = strlen(text);
    char *words = gtp->words;
    memcpy(words, text, text_length + 1);
    const char *name = NULL;
    GtpArgs args = {.count = 0, .rest = ""};
    char *s = words;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char *word = s;
        while (*s && *s != ' ')
            s++;
        if (!name) {
            name = word;
            /* The rest of the line starts after the name, in the original text. */
            const char *after = text + (s - words);
            while (*after == ' ')
                after++;
            args.rest = after;
        } else {
            if (args.count < GTP_ARGS_MAX)
                args.v[args.count] = word;
            args.count++;
        }
        if (*s)
            *s++ = '\0';
    }
    if (!name)
        return gtp_fail(gtp, "syntax error: no command after the id");

    const GtpCommand *command = gtp_command_find(name);
    if (!command)
        return gtp_fail_unknown_command(gtp, "", name);
    if (args.count < command->min_args)
        return gtp_fail(gtp, "syntax error: missing argument; usage: %s %s", command->name, command->usage);
    if (command->max_args != GTP_ARGS_ANY && args.count > command->max_args)
        return gtp_fail(gtp, "syntax error: unexpected argument %s; usage: %s%s%s",
                        gtp_quote(args.v[command->max_args], quoted), command->name, command->usage[0] ? " " : "",
                        command->usage);
    return command->handler(gtp, &args);
}

/* The whole treatment of one line: `truncated` says that the line went on
 * beyond the `length` bytes given. */
static bool execute_line(Gtp *gtp, const char *line, size_t length, bool truncated, const char **response)
{
    gtp_stop_background(gtp);
    gtp->stream_pending = false;
    const char *hash = memchr(line, '#', length);
    size_t command_length = hash ? (size_t)(hash - line) : length;
    const char *nul = memchr(line, '\0', command_length);
    long bad_utf8 = utf8_invalid_at((const unsigned char *)line, command_length);

    /* Control characters go (HT becomes a space), the comment is gone. */
    char *clean = gtp->clean;
    size_t n = 0;
    for (size_t i = 0; i < command_length; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '\t')
            clean[n++] = ' ';
        else if (c >= 0x20 && c != 0x7F)
            clean[n++] = (char)c;
    }
    while (n > 0 && clean[n - 1] == ' ')
        n--;
    clean[n] = '\0';
    const char *text = clean;
    while (*text == ' ')
        text++;
    bool blank = *text == '\0';

    if (truncated && hash && blank)
        return false; /* a long comment: its start shows that it is one */
    if (blank && !nul && bad_utf8 < 0 && !truncated)
        return false;

    uint64_t id = 0;
    const char *after_id = text;
    int have_id = parse_id(text, &id, &after_id);
    bool ok = false;
    text_clear(&gtp->reply);
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
    frame_response(gtp, ok, have_id > 0, id);
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
            gtp_drain_background(gtp);
        gtp_stop_background(gtp);
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
        gtp_start_background(gtp, out);
        if (gtp->quit || c == EOF)
            break;
    }
    /* a stream started by the last line, which had no newline */
    gtp_drain_background(gtp);
    gtp_stop_background(gtp);
    if (!gtp->quit && ferror(in)) {
        fprintf(stderr, "rin: cannot read the commands: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
