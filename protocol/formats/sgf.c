/* SGF records: a streaming reader that checks the syntax of the whole file
 * and interprets the main line as it goes (every stone checked with the
 * rules), and the writer. */
#include "formats/sgf.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/board_text.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "version.h"

#define KOMI_MAX 1000.0 /* as GTP's komi: far beyond any score */

enum {
    VALUE_MAX = 512,  /* longest value the reader interprets (RP needs POSSTR_MAX) */
    SHOWN_MAX = 24,   /* bytes of a value quoted in a message */
    NAME_MAX_LEN = 7  /* longer property names are none the reader knows */
};

/* ---- properties ---- */

/* The properties the reader interprets; the rest are ignored. */
typedef enum Prop {
    PROP_B, PROP_W,
    /* root only: setup, then root and game information */
    PROP_AB, PROP_AW, PROP_AE, PROP_PL, PROP_RP, PROP_SZ, PROP_KM, PROP_FF, PROP_GM,
    /* read in the root, ignored elsewhere */
    PROP_RU, PROP_GN, PROP_RE,
    PROP_COUNT
} Prop;

static const char *const prop_names[PROP_COUNT] = {"B",  "W",  "AB", "AW", "AE", "PL", "RP",
                                                   "SZ", "KM", "FF", "GM", "RU", "GN", "RE"};

static bool prop_root_only(Prop p) { return p >= PROP_AB && p <= PROP_GM; }
static bool prop_is_setup(Prop p) { return p >= PROP_AB && p <= PROP_RP; }

/* Where a property of the node being read is: its name and its first '['. */
typedef struct PropRef {
    bool present;
    size_t at;          /* offset of the name */
    size_t first_value; /* offset of the first '[' */
    int count;          /* number of values */
} PropRef;

typedef struct Node {
    size_t at; /* offset of ';' */
    PropRef props[PROP_COUNT];
} Node;

/* ---- the reader's state ---- */

typedef struct Reader {
    const char *text;
    size_t length, at;
    SgfError *err;
    SgfGame game;   /* filled as the main line is read */
    Position pos;   /* the position on the main line */
    bool have_root; /* the root node has been interpreted */
    /* a setup without RP and PL waits for the first stone's colour */
    bool pending;
    Bitboard pending_black, pending_white;
    int size;
    size_t setup_at;
} Reader;

/* Line and column (from 1, in characters) of a byte offset. CR LF, LF and a
 * lone CR each end a line; a UTF-8 byte order mark takes no column. */
static void locate(const char *text, size_t length, size_t offset, int *line, int *column)
{
    int l = 1, c = 1;
    size_t i = 0;
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 && offset >= 3)
        i = 3;
    for (; i < offset && i < length; i++) {
        unsigned char b = (unsigned char)text[i];
        if (b == '\n' || (b == '\r' && !(i + 1 < length && text[i + 1] == '\n'))) {
            l++;
            c = 1;
        } else if (b != '\r' && (b & 0xC0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *column = c;
}

static bool fail_at(Reader *r, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_at(Reader *r, size_t offset, const char *fmt, ...)
{
    locate(r->text, r->length, offset, &r->err->line, &r->err->column);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
    return false;
}

static bool fail_file(SgfError *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail_file(SgfError *err, const char *fmt, ...)
{
    err->line = err->column = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* A byte for a message: 'x' when printable ASCII, else its hex value. */
static const char *describe(unsigned char c, char buf[16])
{
    if (c >= 0x20 && c < 0x7F)
        snprintf(buf, 16, "'%c'", c);
    else
        snprintf(buf, 16, "byte 0x%02X", c);
    return buf;
}

/* PROP[value] for a message: the value cut short (with "...") and every
 * byte that is not printable ASCII shown as '?', so that the message is one
 * clean line whatever the file holds. */
static const char *show(Prop prop, const char *value, char buf[64])
{
    size_t length = strlen(value);
    size_t keep = length > SHOWN_MAX ? SHOWN_MAX : length;
    char shown[SHOWN_MAX + 1];
    for (size_t i = 0; i < keep; i++) {
        unsigned char c = (unsigned char)value[i];
        shown[i] = c >= 0x20 && c < 0x7F ? (char)c : '?';
    }
    shown[keep] = '\0';
    snprintf(buf, 64, "%s[%s%s]", prop_names[prop], shown, keep < length ? "..." : "");
    return buf;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

static void skip_space(Reader *r)
{
    while (r->at < r->length && is_space(r->text[r->at]))
        r->at++;
}

/* Moves past the value that starts at the '[' under r->at. */
static bool skip_value(Reader *r)
{
    size_t open = r->at++;
    while (r->at < r->length) {
        char c = r->text[r->at];
        if (c == '\\') {
            if (r->at + 1 >= r->length)
                return fail_at(r, open, "the file ends in an escape (\\) inside this value: no closing ]");
            r->at += 2;
        } else {
            r->at++;
            if (c == ']')
                return true;
        }
    }
    return fail_at(r, open, "this value is not closed: the file ends before its ]");
}

/* The text of the value whose '[' is at `open` (checked by skip_value):
 * escapes resolved, soft line breaks (\ and a line break) removed, other
 * white space turned into spaces, as SGF's SimpleText. Cut at out_size - 1
 * bytes; *too_long says so. Returns the offset after the ']'. */
static size_t value_text(const Reader *r, size_t open, char *out, size_t out_size, bool *too_long)
{
    const char *t = r->text;
    size_t i = open + 1, n = 0;
    *too_long = false;
    for (;;) {
        char c = t[i++];
        if (c == ']')
            break;
        if (c == '\\') {
            c = t[i++];
            if (c == '\n' || c == '\r') {
                char pair = c == '\n' ? '\r' : '\n';
                if (i < r->length && t[i] == pair)
                    i++;
                continue;
            }
        }
        if (is_space(c))
            c = ' ';
        if (n + 1 < out_size)
            out[n++] = c;
        else
            *too_long = true;
    }
    out[n] = '\0';
    return i;
}

/* The offset of the next value after the one at `open`. */
static size_t next_value(const Reader *r, size_t open)
{
    char scratch[2];
    bool too_long;
    size_t i = value_text(r, open, scratch, sizeof scratch, &too_long);
    while (i < r->length && is_space(r->text[i]))
        i++;
    return i;
}

/* The value of a property that takes exactly one; fails otherwise. */
static bool single_value(Reader *r, const Node *node, Prop prop, char *out, size_t out_size, bool *too_long)
{
    const PropRef *ref = &node->props[prop];
    if (ref->count != 1)
        return fail_at(r, ref->at, "%s takes one value, found %d", prop_names[prop], ref->count);
    value_text(r, ref->first_value, out, out_size, too_long);
    return true;
}

/* ---- values ---- */

typedef enum PointStatus { POINT_OK, POINT_PASS, POINT_SYNTAX, POINT_OFF } PointStatus;

/* An SGF point letter: a-z are 0-25, A-Z 26-51 (FF[4]); -1 otherwise. */
static int point_letter(char c)
{
    if (is_lower(c))
        return c - 'a';
    if (is_upper(c))
        return c - 'A' + 26;
    return -1;
}

/* A point of two letters, column then row. "" and "tt" are Go's passes. */
static PointStatus parse_point(const char *v, size_t length, int size, int *point)
{
    if (length == 0 || (length == 2 && v[0] == 't' && v[1] == 't'))
        return POINT_PASS;
    if (length != 2)
        return POINT_SYNTAX;
    int col = point_letter(v[0]), row = point_letter(v[1]);
    if (col < 0 || row < 0)
        return POINT_SYNTAX;
    if (col >= size || row >= size)
        return POINT_OFF;
    *point = point_make(row, col);
    return POINT_OK;
}

static void point_text(int point, char out[3])
{
    out[0] = (char)('a' + point_col(point));
    out[1] = (char)('a' + point_row(point));
    out[2] = '\0';
}

/* An SGF Number: an optional sign and decimal digits, within what an int
 * holds (none of the properties read wants more). */
static bool parse_number(const char *v, int64_t *out)
{
    const char *unsigned_part = v + (v[0] == '+' && v[1] != '-'); /* '+' is SGF's, not the parser's */
    return number_parse_int(unsigned_part, INT32_MIN, INT32_MAX, out) == NUMBER_OK;
}

/* An SGF Real (sign, digits, optional fraction), an exponent tolerated; a
 * value too close to zero to represent is 0. */
static bool parse_real(const char *v, double *out)
{
    switch (number_parse_real(v, -DBL_MAX, DBL_MAX, out)) {
    case NUMBER_OK:
        return true;
    case NUMBER_TINY:
        *out = 0.0;
        return true;
    default:
        return false;
    }
}

/* Whether a text value, spaces around it ignored, is "Rin" in any case. */
static bool names_rin(const char *v)
{
    while (*v == ' ')
        v++;
    if (strncasecmp(v, "rin", 3) != 0)
        return false;
    for (v += 3; *v == ' '; v++)
        ;
    return *v == '\0';
}

/* ---- interpreting the main line ---- */

static bool start_game(Reader *r, const Position *start)
{
    r->game.start = *start;
    r->pos = *start;
    r->pending = false;
    return true;
}

/* The start of an AB/AW setup without RP: `side` (PL's, else the first
 * stone's colour, else Black) plays the first stone of its turn. */
static bool finish_pending_setup(Reader *r, Color side)
{
    Position start;
    PosStatus status = pos_setup(&start, r->size, r->pending_black, r->pending_white, side, 1);
    if (status != POS_OK)
        return fail_at(r, r->setup_at, "the setup is not a Rin position: %s", pos_status_text(status));
    return start_game(r, &start);
}

/* Reads the points of one AB, AW or AE into *set, each point in at most one
 * list (owner: which list holds a point, -1 for none). Values may be single
 * points or FF[4] rectangles "ul:lr". */
static bool setup_points(Reader *r, const Node *node, Prop prop, int size, Bitboard *set, int8_t owner[BB_POINTS])
{
    const PropRef *ref = &node->props[prop];
    size_t open = ref->first_value;
    for (int k = 0; k < ref->count; k++, open = next_value(r, open)) {
        char v[VALUE_MAX], shown[64];
        bool too_long;
        value_text(r, open, v, sizeof v, &too_long);
        const char *colon = strchr(v, ':');
        size_t first_length = colon ? (size_t)(colon - v) : strlen(v);
        int a = 0, b = 0;
        PointStatus sa = parse_point(v, first_length, size, &a);
        PointStatus sb = colon ? parse_point(colon + 1, strlen(colon + 1), size, &b) : sa;
        if (!colon)
            b = a;
        if (sa == POINT_OFF || sb == POINT_OFF)
            return fail_at(r, open, "%s is off the %dx%d board", show(prop, v, shown), size, size);
        if (sa != POINT_OK || sb != POINT_OK || too_long)
            return fail_at(r, open, "%s is not a point (two letters, column then row, from a to %c)",
                           show(prop, v, shown), 'a' + size - 1);
        int row0 = point_row(a) < point_row(b) ? point_row(a) : point_row(b);
        int row1 = point_row(a) ^ point_row(b) ^ row0;
        int col0 = point_col(a) < point_col(b) ? point_col(a) : point_col(b);
        int col1 = point_col(a) ^ point_col(b) ^ col0;
        for (int row = row0; row <= row1; row++) {
            for (int col = col0; col <= col1; col++) {
                int p = point_make(row, col);
                if (owner[p] >= 0) {
                    char name[3];
                    point_text(p, name);
                    return fail_at(r, open, "point %s is set twice in the setup (%s and %s)", name,
                                   prop_names[owner[p]], prop_names[prop]);
                }
                owner[p] = (int8_t)prop;
                bb_set(set, p);
            }
        }
    }
    return true;
}

/* The first setup property of the node in file order: where setup errors
 * are reported. */
static size_t setup_location(const Node *node)
{
    size_t at = node->at;
    bool found = false;
    for (int p = PROP_AB; p <= PROP_RP; p++)
        if (node->props[p].present && (!found || node->props[p].at < at)) {
            at = node->props[p].at;
            found = true;
        }
    return at;
}

static bool read_root(Reader *r, const Node *node)
{
    const PropRef *props = node->props;
    char v[VALUE_MAX], shown[64];
    bool too_long;
    int64_t number;

    if (props[PROP_FF].present) {
        if (!single_value(r, node, PROP_FF, v, sizeof v, &too_long))
            return false;
        if (!parse_number(v, &number) || number < 1 || number > 4)
            return fail_at(r, props[PROP_FF].at, "%s is not an SGF version this reader knows (1 to 4)",
                           show(PROP_FF, v, shown));
    }
    bool have_gm = false;
    char gm[VALUE_MAX] = "";
    if (props[PROP_GM].present) {
        if (!single_value(r, node, PROP_GM, gm, sizeof gm, &too_long))
            return false;
        if (!parse_number(gm, &number))
            return fail_at(r, props[PROP_GM].at, "%s is not a game number", show(PROP_GM, gm, shown));
        have_gm = true;
    }

    /* The game must be Rin by name: GM has no number for it. */
    bool rin = false;
    for (Prop p = PROP_RU; p <= PROP_GN; p++) {
        if (!props[p].present)
            continue;
        if (!single_value(r, node, p, v, sizeof v, &too_long))
            return false;
        rin = rin || (!too_long && names_rin(v));
    }
    if (!rin) {
        if (have_gm)
            return fail_at(r, props[PROP_GM].at, "not a Rin record: %s%s and neither RU nor GN says Rin",
                           show(PROP_GM, gm, shown), strcmp(gm, "1") == 0 ? " is Go" : "");
        return fail_at(r, node->at, "not a Rin record: the root node has no RU[Rin] or GN[Rin]");
    }

    /* The size: SZ, else RP's, else 16. */
    int size = 0;
    if (props[PROP_SZ].present) {
        if (!single_value(r, node, PROP_SZ, v, sizeof v, &too_long))
            return false;
        if (!parse_number(v, &number))
            return fail_at(r, props[PROP_SZ].at, "%s is not a board size (Rin boards are %d to %d)",
                           show(PROP_SZ, v, shown), BB_MIN_SIZE, BB_MAX_SIZE);
        if (number < BB_MIN_SIZE || number > BB_MAX_SIZE)
            return fail_at(r, props[PROP_SZ].at, "%s: Rin is played on boards of %d to %d", show(PROP_SZ, v, shown),
                           BB_MIN_SIZE, BB_MAX_SIZE);
        size = (int)number;
    }
    Position set;
    bool have_rp = props[PROP_RP].present;
    if (have_rp) {
        if (!single_value(r, node, PROP_RP, v, sizeof v, &too_long))
            return false;
        char why[160];
        if (too_long)
            return fail_at(r, props[PROP_RP].at, "RP is too long for a position string");
        if (!posstr_parse(v, &set, why, sizeof why))
            return fail_at(r, props[PROP_RP].at, "RP is not a valid position string: %s", why);
        if (size == 0)
            size = set.size;
        else if (set.size != size)
            return fail_at(r, props[PROP_RP].at, "RP is a %dx%d position but SZ is %d", set.size, set.size, size);
    }
    if (size == 0)
        size = BB_MAX_SIZE;
    r->size = size;

    if (props[PROP_KM].present) {
        if (!single_value(r, node, PROP_KM, v, sizeof v, &too_long))
            return false;
        double komi;
        if (!parse_real(v, &komi))
            return fail_at(r, props[PROP_KM].at, "%s is not a number", show(PROP_KM, v, shown));
        if (fabs(komi) > KOMI_MAX)
            return fail_at(r, props[PROP_KM].at, "%s is out of range (%g to %g)", show(PROP_KM, v, shown), -KOMI_MAX,
                           KOMI_MAX);
        r->game.komi = komi;
    }
    if (props[PROP_RE].present) {
        if (!single_value(r, node, PROP_RE, v, sizeof v, &too_long))
            return false;
        size_t keep = strlen(v);
        if (keep >= SGF_RESULT_MAX) {
            keep = SGF_RESULT_MAX - 1;
            while (keep > 0 && ((unsigned char)v[keep] & 0xC0) == 0x80)
                keep--;
        }
        memcpy(r->game.result, v, keep);
        r->game.result[keep] = '\0';
    }

    /* The setup. */
    Bitboard lists[3] = {bb_zero(), bb_zero(), bb_zero()}; /* AB, AW, AE */
    int8_t owner[BB_POINTS];
    memset(owner, -1, sizeof owner);
    for (Prop p = PROP_AB; p <= PROP_AE; p++)
        if (props[p].present && !setup_points(r, node, p, size, &lists[p - PROP_AB], owner))
            return false;
    bool have_pl = props[PROP_PL].present;
    Color side = COLOR_BLACK;
    if (have_pl) {
        if (!single_value(r, node, PROP_PL, v, sizeof v, &too_long))
            return false;
        if (strcmp(v, "B") != 0 && strcmp(v, "W") != 0)
            return fail_at(r, props[PROP_PL].at, "%s: the player to move is B or W", show(PROP_PL, v, shown));
        side = v[0] == 'B' ? COLOR_BLACK : COLOR_WHITE;
    }
    bool have_setup = false;
    for (Prop p = PROP_AB; p <= PROP_RP; p++)
        have_setup = have_setup || props[p].present;
    if ((props[PROP_B].present || props[PROP_W].present) && have_setup) {
        Prop move = props[PROP_B].present ? PROP_B : PROP_W;
        return fail_at(r, props[move].at, "%s in a node with setup: the first stone goes in a node after the root",
                       prop_names[move]);
    }
    r->setup_at = setup_location(node);

    if (have_rp) {
        bool have_lists = props[PROP_AB].present || props[PROP_AW].present;
        for (int p = 0; p < BB_POINTS && have_lists; p++) {
            if (point_row(p) >= size || point_col(p) >= size)
                continue;
            int listed = bb_test(lists[0], p) ? COLOR_BLACK : bb_test(lists[1], p) ? COLOR_WHITE : -1;
            if (listed != pos_at(&set, p)) {
                static const char *const what[] = {"empty", "black", "white"};
                char name[3];
                point_text(p, name);
                return fail_at(r, props[PROP_RP].at, "RP disagrees with AB/AW at %s (RP: %s, AB/AW: %s)", name,
                               what[pos_at(&set, p) + 1], what[listed + 1]);
            }
        }
        if (bb_intersects(lists[2], bb_or(set.stones[0], set.stones[1])))
            return fail_at(r, props[PROP_RP].at, "RP has stones on points that AE clears");
        if (have_pl && side != pos_to_move(&set))
            return fail_at(r, props[PROP_PL].at, "PL[%c] disagrees with RP (%s to move)", side ? 'W' : 'B',
                           pos_to_move(&set) == COLOR_BLACK ? "black" : "white");
        return start_game(r, &set);
    }
    if (have_setup) {
        r->pending_black = lists[0];
        r->pending_white = lists[1];
        r->pending = true;
        return have_pl ? finish_pending_setup(r, side) : true;
    }
    Position empty;
    pos_init(&empty, size);
    return start_game(r, &empty);
}

static bool read_move(Reader *r, const Node *node)
{
    const PropRef *props = node->props;
    if (props[PROP_B].present && props[PROP_W].present) {
        size_t later = props[PROP_B].at > props[PROP_W].at ? props[PROP_B].at : props[PROP_W].at;
        return fail_at(r, later, "a node holds both B and W: one stone per node");
    }
    Prop prop = props[PROP_B].present ? PROP_B : PROP_W;
    Color color = prop == PROP_B ? COLOR_BLACK : COLOR_WHITE;
    size_t at = props[prop].at;
    char v[VALUE_MAX], shown[64];
    bool too_long;
    if (!single_value(r, node, prop, v, sizeof v, &too_long))
        return false;
    if (r->pending && !finish_pending_setup(r, color))
        return false;
    int size = r->pos.size, point = POINT_NONE;
    switch (too_long ? POINT_SYNTAX : parse_point(v, strlen(v), size, &point)) {
    case POINT_OK:
        break;
    case POINT_PASS:
        return fail_at(r, at, "%s is a pass, and Rin has no pass (there is always an empty point to fill)",
                       show(prop, v, shown));
    case POINT_OFF:
        return fail_at(r, at, "%s is off the %dx%d board", show(prop, v, shown), size, size);
    case POINT_SYNTAX:
        return fail_at(r, at, "%s is not a point (two letters, column then row, from a to %c)", show(prop, v, shown),
                       'a' + size - 1);
    }
    switch (pos_check(&r->pos, color, point)) {
    case POS_OK:
        break;
    case POS_ERR_OCCUPIED:
        return fail_at(r, at, "%s is occupied", show(prop, v, shown));
    case POS_ERR_WRONG_COLOR: {
        Color to_move = pos_to_move(&r->pos);
        return fail_at(r, at, "%s is out of turn: it is %s's turn (%s)", show(prop, v, shown),
                       to_move == COLOR_BLACK ? "black" : "white", board_text_stone_of_turn(&r->pos));
    }
    case POS_ERR_GAME_OVER:
        return fail_at(r, at, "%s comes after the end of the game (no empty point left)", show(prop, v, shown));
    default:
        return fail_at(r, at, "%s: %s", show(prop, v, shown), pos_status_text(pos_check(&r->pos, color, point)));
    }
    r->game.moves[r->game.move_count++] = (SgfMove){color, point};
    pos_play(&r->pos, point);
    return true;
}

/* Interprets a node of the main line. */
static bool interpret_node(Reader *r, const Node *node)
{
    bool root = !r->have_root;
    r->have_root = true;
    if (root) {
        if (!read_root(r, node))
            return false;
    } else {
        for (Prop p = 0; p < PROP_COUNT; p++)
            if (prop_root_only(p) && node->props[p].present)
                return fail_at(r, node->props[p].at, "%s is allowed only in the root node%s", prop_names[p],
                               prop_is_setup(p) ? " (a Rin record sets up its position before the first stone)"
                                                : "");
    }
    if (node->props[PROP_B].present || node->props[PROP_W].present)
        return read_move(r, node);
    return true;
}

/* ---- syntax ---- */

/* Reads the node whose ';' is under r->at; interprets it when it is on the
 * main line. */
static bool read_node(Reader *r, bool main_line)
{
    Node node;
    memset(&node, 0, sizeof node);
    node.at = r->at++;
    bool root = !r->have_root;
    for (;;) {
        skip_space(r);
        if (r->at >= r->length || !(is_upper(r->text[r->at]) || is_lower(r->text[r->at])))
            break;
        size_t name_at = r->at;
        char name[NAME_MAX_LEN + 1];
        int upper = 0;
        bool long_name = false;
        while (r->at < r->length && (is_upper(r->text[r->at]) || is_lower(r->text[r->at]))) {
            char c = r->text[r->at++];
            if (is_upper(c)) {
                if (upper < NAME_MAX_LEN)
                    name[upper++] = c;
                else
                    long_name = true;
            }
        }
        name[upper] = '\0';
        if (upper == 0)
            return fail_at(r, name_at, "property name '%.*s' has no capital letter",
                           (int)(r->at - name_at > 20 ? 20 : r->at - name_at), r->text + name_at);
        skip_space(r);
        if (r->at >= r->length || r->text[r->at] != '[') {
            char what[16];
            if (r->at >= r->length)
                return fail_at(r, r->at, "the file ends after the property name %s (a value [...] expected)", name);
            return fail_at(r, r->at, "property %s has no value: expected [ after it, found %s", name,
                           describe((unsigned char)r->text[r->at], what));
        }
        size_t first_value = r->at;
        int count = 0;
        while (r->at < r->length && r->text[r->at] == '[') {
            if (!skip_value(r))
                return false;
            count++;
            skip_space(r);
        }
        if (!main_line || long_name)
            continue;
        for (Prop p = 0; p < PROP_COUNT; p++) {
            if (strcmp(name, prop_names[p]) != 0)
                continue;
            if (!root && p >= PROP_RU)
                break; /* game information outside the root: not read */
            PropRef *ref = &node.props[p];
            if (ref->present)
                return fail_at(r, name_at, "%s appears twice in one node", name);
            *ref = (PropRef){true, name_at, first_value, count};
            break;
        }
    }
    return main_line ? interpret_node(r, &node) : true;
}

/* The collection: game trees, the first of which is the game. Iterative, so
 * that deep nesting cannot exhaust the stack. */
static bool read_collection(Reader *r)
{
    char what[16];
    if (r->length >= 3 && memcmp(r->text, "\xEF\xBB\xBF", 3) == 0)
        r->at = 3;
    skip_space(r);
    if (r->at >= r->length)
        return fail_at(r, r->at, r->length == 0 ? "the file is empty: no game tree"
                                                : "the file holds only white space: no game tree");
    if (r->text[r->at] != '(')
        return fail_at(r, r->at, "expected ( to start the game tree, found %s",
                       describe((unsigned char)r->text[r->at], what));

    enum { AFTER_OPEN, AFTER_NODE, AFTER_CLOSE } state = AFTER_CLOSE;
    size_t depth = 0, main_depth = 1;
    bool main_open = true; /* the main line goes on: its last tree is still open */
    for (;;) {
        skip_space(r);
        if (r->at >= r->length) {
            if (depth > 0)
                return fail_at(r, r->at, "the file ends inside the game tree: %zu ) missing", depth);
            return true;
        }
        char c = r->text[r->at];
        if (depth == 0 && c != '(')
            return fail_at(r, r->at, "unexpected %s after the game tree%s", describe((unsigned char)c, what),
                           c == ')' ? " (unbalanced parentheses)" : "");
        if (c == '(') {
            if (state == AFTER_OPEN)
                return fail_at(r, r->at, "a game tree must start with a node (;) before its variations");
            if (main_open && depth == main_depth && depth > 0)
                main_depth++;
            depth++;
            r->at++;
            state = AFTER_OPEN;
        } else if (c == ')') {
            if (state == AFTER_OPEN)
                return fail_at(r, r->at, "empty game tree: () holds no node");
            if (main_open && depth == main_depth)
                main_open = false;
            depth--;
            r->at++;
            state = AFTER_CLOSE;
        } else if (c == ';') {
            if (state == AFTER_CLOSE)
                return fail_at(r, r->at, "a node after a variation: a tree's nodes come before its variations");
            if (!read_node(r, main_open && depth == main_depth))
                return false;
            state = AFTER_NODE;
        } else {
            return fail_at(r, r->at, "unexpected %s (expected a property, ;, ( or ))",
                           describe((unsigned char)c, what));
        }
    }
}

bool sgf_parse(const char *text, size_t length, SgfGame *game, SgfError *err)
{
    if (length > SGF_FILE_MAX)
        return fail_file(err, "the record is larger than %d bytes (1 MiB)", SGF_FILE_MAX);
    Reader *r = calloc(1, sizeof *r);
    if (!r)
        return fail_file(err, "out of memory");
    r->text = text;
    r->length = length;
    r->err = err;
    const char *nul = memchr(text, '\0', length);
    bool ok = nul ? fail_at(r, (size_t)(nul - text), "NUL byte: an SGF file is text") : read_collection(r);
    if (ok && r->pending)
        ok = finish_pending_setup(r, COLOR_BLACK);
    if (ok)
        *game = r->game;
    free(r);
    return ok;
}

bool sgf_read_file(const char *path, SgfGame *game, SgfError *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return fail_file(err, "%s", strerror(errno));
    struct stat st;
    int code = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (code != 0) {
        close(fd);
        return fail_file(err, "%s", strerror(code));
    }
    char *text = malloc((size_t)SGF_FILE_MAX + 1);
    if (!text) {
        close(fd);
        return fail_file(err, "out of memory");
    }
    size_t length = 0;
    while (length <= SGF_FILE_MAX) {
        ssize_t n = read(fd, text + length, (size_t)SGF_FILE_MAX + 1 - length);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            code = errno;
            free(text);
            close(fd);
            return fail_file(err, "%s", strerror(code));
        }
        if (n == 0)
            break;
        length += (size_t)n;
    }
    close(fd);
    bool ok = length > SGF_FILE_MAX ? fail_file(err, "the file is larger than %d bytes (1 MiB)", SGF_FILE_MAX)
                                    : sgf_parse(text, length, game, err);
    free(text);
    return ok;
}

void sgf_replay(const SgfGame *game, int count, Position *pos)
{
    *pos = game->start;
    for (int i = 0; i < count && i < game->move_count; i++)
        pos_play(pos, game->moves[i].point);
}

/* ---- writing ---- */

typedef struct Writer {
    char *out;
    size_t size, length;
    size_t line; /* characters on the current line */
    bool overflow;
} Writer;

static void put_raw(Writer *w, const char *text)
{
    size_t n = strlen(text);
    if (w->overflow || w->length + n + 1 > w->size) {
        w->overflow = true;
        return;
    }
    memcpy(w->out + w->length, text, n + 1);
    w->length += n;
    const char *newline = strrchr(text, '\n');
    w->line = newline ? n - (size_t)(newline - text) - 1 : w->line + n;
}

static void put_newline(Writer *w)
{
    if (w->line > 0)
        put_raw(w, "\n");
}

/* Text that may not be split, on a new line when it would not fit. */
static void put_token(Writer *w, const char *text)
{
    if (w->line > 0 && w->line + strlen(text) > SGF_LINE_WIDTH)
        put_raw(w, "\n");
    put_raw(w, text);
}

static void put_tokenf(Writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put_tokenf(Writer *w, const char *fmt, ...)
{
    char text[POSSTR_MAX + 16];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    put_token(w, text);
}

static void put_points(Writer *w, const char *name, Bitboard points)
{
    bool first = true;
    while (!bb_is_empty(points)) {
        char p[3];
        point_text(bb_pop(&points), p);
        put_tokenf(w, "%s[%s]", first ? name : "", p);
        first = false;
    }
    put_newline(w);
}

size_t sgf_write(const SgfGame *game, char *out, size_t size)
{
    Writer w = {out, size, 0, 0, size == 0};
    const Position *start = &game->start;
    Position end;
    sgf_replay(game, game->move_count, &end);

    put_raw(&w, "(;FF[4]");
    put_token(&w, "CA[UTF-8]");
    put_token(&w, "AP[Rin:" RIN_VERSION "]");
    put_token(&w, "GN[Rin]");
    put_token(&w, "RU[Rin]");
    put_tokenf(&w, "SZ[%d]", start->size);
    char number[32];
    if (game->komi != 0.0) {
        number_format_real(game->komi, number, sizeof number);
        put_tokenf(&w, "KM[%s]", number);
    }
    if (pos_is_over(&end)) {
        double score = (double)pos_score(&end) - game->komi;
        if (score == 0.0)
            put_token(&w, "RE[0]");
        else
            put_tokenf(&w, "RE[%c+%.10g]", score > 0 ? 'B' : 'W', fabs(score));
    }
    put_newline(&w);
    if (!bb_is_empty(bb_or(start->stones[COLOR_BLACK], start->stones[COLOR_WHITE]))) {
        put_points(&w, "AB", start->stones[COLOR_BLACK]);
        put_points(&w, "AW", start->stones[COLOR_WHITE]);
        put_tokenf(&w, "PL[%c]", pos_to_move(start) == COLOR_BLACK ? 'B' : 'W');
        put_newline(&w);
        /* a diagram no game reaches has no position string; AB, AW and PL
         * tell it whole (the first stone of PL's turn) */
        if (pos_reachable(start) == POS_OK) {
            char position[POSSTR_MAX];
            posstr_format(start, position);
            put_tokenf(&w, "RP[%s]", position);
            put_newline(&w);
        }
    }
    /* A turn's stones stay on one line. */
    for (int i = 0; i < game->move_count;) {
        char turn[32] = "";
        size_t n = 0;
        int j = i;
        for (; j < game->move_count && game->moves[j].color == game->moves[i].color && j < i + 2; j++) {
            char p[3];
            point_text(game->moves[j].point, p);
            n += (size_t)snprintf(turn + n, sizeof turn - n, ";%c[%s]", game->moves[j].color ? 'W' : 'B', p);
        }
        put_token(&w, turn);
        i = j;
    }
    put_newline(&w);
    put_raw(&w, ")\n");
    return w.overflow ? 0 : w.length;
}
