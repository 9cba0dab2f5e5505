/* The GTP framing below the command table (GTP 2 and protocol/PROTOCOL.md):
 * growing text buffers, the checks and clean-up of a command line (UTF-8,
 * the id), splitting it into a command and its arguments checked against
 * a table given as data, the unknown-command hint, and the framing of a
 * response. It knows no command and no engine. */
#ifndef RIN_GTP_FRAMING_H
#define RIN_GTP_FRAMING_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    GTP_ARGS_MAX = 16,  /* arguments kept for a handler; more are counted */
    GTP_ARGS_ANY = -1,  /* max_args of a command that reads the rest of the line */
    GTP_QUOTE_MAX = 48  /* an argument quoted in a message, quotes and NUL included */
};

/* A growing text buffer; `failed` records that memory ran out. */
typedef struct GtpText {
    char *data;
    size_t length, capacity;
    bool failed;
} GtpText;

/* Room for `extra` more bytes and a NUL; false (and `failed` set) when
 * memory runs out, or when it already ran out. */
bool gtp_text_reserve(GtpText *text, size_t extra);
void gtp_text_clear(GtpText *text);
void gtp_text_append(GtpText *text, const char *bytes, size_t length);
void gtp_text_vprintf(GtpText *text, const char *fmt, va_list ap);
void gtp_text_printf(GtpText *text, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Replaces the text by a formatted message; returns false (a failure). */
bool gtp_text_fail(GtpText *text, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* `arg` in single quotes for a message, cut short (at a UTF-8 character
 * boundary, with "...") when long. Returns buf (GTP_QUOTE_MAX bytes). */
const char *gtp_quote(const char *arg, char *buf);

/* Offset of the first byte that is not part of valid UTF-8 (no overlong
 * forms, no surrogates, nothing above U+10FFFF), or -1. */
long gtp_utf8_invalid_at(const unsigned char *s, size_t length);

/* The `length` bytes of a line without its comment (cut by the caller)
 * into `clean` (length + 1 bytes): control characters dropped, HT made a
 * space, trailing spaces gone. Returns the text after its leading spaces. */
const char *gtp_clean_line(const char *line, size_t length, char *clean);

/* The optional id: digits followed by a space or the end. Sets *end past the
 * id and its spaces. Returns 0 without an id, 1 with one, -1 when the digits
 * do not fit. */
int gtp_parse_id(const char *text, uint64_t *id, const char **end);

typedef struct Gtp Gtp;

/* The arguments after the command name. `rest` is the whole argument text
 * as given (spaces between words kept, none at either end). */
typedef struct GtpArgs {
    int count; /* all arguments, even beyond GTP_ARGS_MAX */
    const char *v[GTP_ARGS_MAX];
    const char *rest;
} GtpArgs;

/* A handler answers through gtp_reply (success) or gtp_fail (failure) and
 * returns whether the command succeeded. A failing handler leaves the game
 * as it was. */
typedef bool (*GtpHandler)(Gtp *gtp, const GtpArgs *args);

typedef struct GtpCommand {
    const char *name;
    GtpHandler handler;
    int min_args, max_args; /* checked before the handler runs */
    const char *usage;      /* the arguments, for error messages and help */
    const char *summary;    /* what it does, for help: one short line */
} GtpCommand;

/* The commands, in the order list_commands and help show them. */
typedef struct GtpTable {
    const GtpCommand *commands;
    size_t count;
} GtpTable;

/* The table entry of a command, or NULL. */
const GtpCommand *gtp_table_find(const GtpTable *table, const char *name);

/* The command name nearest to `name` (an edit distance of at most 2, case
 * ignored; the first in table order on a tie), or NULL. */
const char *gtp_table_nearest(const GtpTable *table, const char *name);

/* Replaces `reply` by "PREFIXunknown command 'NAME'; did you mean
 * 'NEAREST'? help lists the commands" (without the question when no name
 * is near); returns false. */
bool gtp_text_fail_unknown(GtpText *reply, const GtpTable *table, const char *prefix, const char *name);

/* The command of a clean line after its id, and its arguments: the words
 * become NUL-terminated in `words` (strlen(text) + 1 bytes), args->rest
 * points into `text`. NULL, with the error message in `reply`, when the
 * line holds no command, the table has none of its name, or the number of
 * arguments is outside the command's range. */
const GtpCommand *gtp_parse_command(const GtpTable *table, const char *text, char *words, GtpArgs *args,
                                    GtpText *reply);

/* Frames `reply` into `out`: "=" or "?" (a reply whose memory ran out
 * becomes "? out of memory"), the id, the text (results may span lines but
 * never hold an empty one; error messages are one line) and the empty line
 * that ends a response, or a single newline when `open` (a stream goes on
 * after the first line). */
void gtp_frame_response(GtpText *out, GtpText *reply, bool success, bool have_id, uint64_t id, bool open);

#endif
