/* Text buffers, the checks of a command line, words and arity against a
 * table given as data, the unknown-command hint, and response framing. */
#include "gtp/gtp_framing.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/number.h"

enum { GTP_TEXT_INITIAL = 4096 };

/* ---- text buffers ---- */

bool gtp_text_reserve(GtpText *text, size_t extra)
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

void gtp_text_clear(GtpText *text)
{
    text->length = 0;
    text->failed = false;
    if (text->data)
        text->data[0] = '\0';
}

void gtp_text_append(GtpText *text, const char *bytes, size_t length)
{
    if (!gtp_text_reserve(text, length))
        return;
    memcpy(text->data + text->length, bytes, length);
    text->length += length;
    text->data[text->length] = '\0';
}

void gtp_text_vprintf(GtpText *text, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int needed = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (needed < 0 || !gtp_text_reserve(text, (size_t)needed))
        return;
    vsnprintf(text->data + text->length, (size_t)needed + 1, fmt, ap);
    text->length += (size_t)needed;
}

void gtp_text_printf(GtpText *text, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtp_text_vprintf(text, fmt, ap);
    va_end(ap);
}

bool gtp_text_fail(GtpText *text, const char *fmt, ...)
{
    gtp_text_clear(text);
    va_list ap;
    va_start(ap, fmt);
    gtp_text_vprintf(text, fmt, ap);
    va_end(ap);
    return false;
}

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

/* ---- the command line ---- */

long gtp_utf8_invalid_at(const unsigned char *s, size_t length)
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

const char *gtp_clean_line(const char *line, size_t length, char *clean)
{
    size_t n = 0;
    for (size_t i = 0; i < length; i++) {
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
    return text;
}

int gtp_parse_id(const char *text, uint64_t *id, const char **end)
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

/* ---- the command table ---- */

const GtpCommand *gtp_table_find(const GtpTable *table, const char *name)
{
    for (size_t i = 0; i < table->count; i++)
        if (strcmp(table->commands[i].name, name) == 0)
            return &table->commands[i];
    return NULL;
}

enum { NEAR_DISTANCE = 2, NAME_MAX = 32 }; /* NAME_MAX: longer than every name */

/* The edit distance (insertions, deletions, substitutions; case ignored)
 * between a and b, both shorter than NAME_MAX. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int row[NAME_MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int above = row[j];
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = diagonal + !same;
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb];
}

const char *gtp_table_nearest(const GtpTable *table, const char *name)
{
    if (strlen(name) >= NAME_MAX)
        return NULL;
    const char *nearest = NULL;
    int best = NEAR_DISTANCE + 1;
    for (size_t i = 0; i < table->count; i++) {
        const char *candidate = table->commands[i].name;
        if (strlen(candidate) >= NAME_MAX)
            continue;
        int distance = edit_distance(name, candidate);
        if (distance < best) {
            best = distance;
            nearest = candidate;
        }
    }
    return nearest;
}

bool gtp_text_fail_unknown(GtpText *reply, const GtpTable *table, const char *prefix, const char *name)
{
    char quoted[GTP_QUOTE_MAX];
    const char *nearest = gtp_table_nearest(table, name);
    if (nearest)
        return gtp_text_fail(reply, "%sunknown command %s; did you mean '%s'? help lists the commands", prefix,
                             gtp_quote(name, quoted), nearest);
    return gtp_text_fail(reply, "%sunknown command %s; help lists the commands", prefix, gtp_quote(name, quoted));
}

const GtpCommand *gtp_parse_command(const GtpTable *table, const char *text, char *words, GtpArgs *args,
                                    GtpText *reply)
{
    char quoted[GTP_QUOTE_MAX];
    /* The words become NUL-terminated in a copy; `rest` points into text. */
    size_t text_length = strlen(text);
    memcpy(words, text, text_length + 1);
    const char *name = NULL;
    *args = (GtpArgs){.count = 0, .rest = ""};
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
            args->rest = after;
        } else {
            if (args->count < GTP_ARGS_MAX)
                args->v[args->count] = word;
            args->count++;
        }
        if (*s)
            *s++ = '\0';
    }
    if (!name) {
        gtp_text_fail(reply, "syntax error: no command after the id");
        return NULL;
    }
    const GtpCommand *command = gtp_table_find(table, name);
    if (!command) {
        gtp_text_fail_unknown(reply, table, "", name);
        return NULL;
    }
    if (args->count < command->min_args) {
        gtp_text_fail(reply, "syntax error: missing argument; usage: %s %s", command->name, command->usage);
        return NULL;
    }
    if (command->max_args != GTP_ARGS_ANY && args->count > command->max_args) {
        gtp_text_fail(reply, "syntax error: unexpected argument %s; usage: %s%s%s",
                      gtp_quote(args->v[command->max_args], quoted), command->name, command->usage[0] ? " " : "",
                      command->usage);
        return NULL;
    }
    return command;
}

/* ---- the response ---- */

void gtp_frame_response(GtpText *out, GtpText *reply, bool success, bool have_id, uint64_t id, bool open)
{
    gtp_text_clear(out);
    if (reply->failed) {
        success = false;
        gtp_text_clear(reply);
        gtp_text_append(reply, "out of memory", 13);
    }
    gtp_text_append(out, success ? "=" : "?", 1);
    if (have_id)
        gtp_text_printf(out, "%" PRIu64, id);
    const char *body = reply->data;
    size_t length = reply->length;
    while (length > 0 && (body[length - 1] == '\n' || body[length - 1] == ' '))
        length--;
    if (length > 0 && body[0] != '\n')
        gtp_text_append(out, " ", 1);
    for (size_t i = 0; i < length; i++) {
        char c = body[i];
        if (c == '\n' && (!success || (out->length > 0 && out->data[out->length - 1] == '\n')))
            c = success ? '\0' : ' ';
        if (c)
            gtp_text_append(out, &c, 1);
    }
    /* a stream's response goes on after the first line */
    gtp_text_append(out, "\n\n", success && open ? 1 : 2);
    if (out->failed) {
        gtp_text_clear(out);
        gtp_text_append(out, "? out of memory\n\n", 17);
    }
}
