/* Game records: printsgf and loadsgf round trips on random games of many
 * sizes (from the empty board and from set positions, finished or not),
 * loadsgf's move number, the reader's tolerance of formatting, every
 * malformed record refused with its message and place and with the engine
 * unchanged, records written by scripts/match (tests/protocol/sgf/), and
 * random mutations of valid records. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/posstr.h"
#include "formats/sgf.h"
#include "gtp/gtp.h"
#include "gtp/gtp_commands.h"
#include "base/random.h"
#include "version.h"

#define HEADER "(;FF[4]CA[UTF-8]AP[Rin:" RIN_VERSION "]GN[Rin]RU[Rin]"

/* A private directory for the files the tests write, removed at the end. */
static char temp_dir[64];

static const char *temp_path(const char *name, char out[256])
{
    snprintf(out, 256, "%s/%s", temp_dir, name);
    return out;
}

/* A new file each time: ext4 flushes a file truncated and written again
 * when it is closed, which would make these tests wait on the disk. */
static void write_file(const char *path, const char *data, size_t length)
{
    unlink(path);
    FILE *file = fopen(path, "wb");
    assert_non_null(file);
    assert_int_equal(fwrite(data, 1, length, file), length);
    assert_int_equal(fclose(file), 0);
}

static char *read_whole_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        fail_msg("cannot open %s", path);
    char *data = malloc(SGF_FILE_MAX + 1);
    assert_non_null(data);
    size_t length = fread(data, 1, SGF_FILE_MAX, file);
    fclose(file);
    data[length] = '\0';
    return data;
}

static Gtp *new_engine(void)
{
    EngineOptions options;
    options_defaults(&options);
    snprintf(options.player, sizeof options.player, "random");
    Gtp *gtp = gtp_create(&options);
    assert_non_null(gtp);
    return gtp;
}

static const char *exec(Gtp *gtp, const char *line)
{
    const char *response;
    assert_true(gtp_execute(gtp, line, strlen(line), &response));
    return response;
}

static void assert_exec(Gtp *gtp, const char *line, const char *expected)
{
    assert_string_equal(exec(gtp, line), expected);
}

static void assert_exec_f(Gtp *gtp, const char *expected, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void assert_exec_f(Gtp *gtp, const char *expected, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_exec(gtp, line, expected);
}

static void assert_pos_equal(const Position *a, const Position *b)
{
    assert_int_equal(a->size, b->size);
    assert_int_equal(a->ply, b->ply);
    assert_true(bb_equal(a->stones[COLOR_BLACK], b->stones[COLOR_BLACK]));
    assert_true(bb_equal(a->stones[COLOR_WHITE], b->stones[COLOR_WHITE]));
    assert_true(a->hash == b->hash);
}

/* Everything loadsgf may change. */
typedef struct Snapshot {
    Position pos, start;
    int history_length;
    GtpMove history[GTP_HISTORY_MAX];
} Snapshot;

static void take_snapshot(const Gtp *gtp, Snapshot *s)
{
    s->pos = gtp->pos;
    s->start = gtp->start;
    s->history_length = gtp->history_length;
    memcpy(s->history, gtp->history, sizeof s->history);
}

static void assert_same_game(const Gtp *gtp, const Snapshot *s)
{
    assert_pos_equal(&gtp->pos, &s->pos);
    assert_pos_equal(&gtp->start, &s->start);
    assert_int_equal(gtp->history_length, s->history_length);
    for (int i = 0; i < s->history_length; i++) {
        assert_int_equal(gtp->history[i].color, s->history[i].color);
        assert_int_equal(gtp->history[i].point, s->history[i].point);
        assert_pos_equal(&gtp->history[i].before, &s->history[i].before);
    }
}

/* Plays up to `stones` random stones (fewer when the game ends). */
static void play_random(Gtp *gtp, Rng *rng, int stones)
{
    for (int i = 0; i < stones && !pos_is_over(&gtp->pos); i++) {
        Bitboard empty = pos_empty(&gtp->pos);
        gtp_play_stone(gtp, bb_select(empty, (int)rng_below(rng, (uint32_t)bb_count(empty))));
    }
}

/* A position play reaches, as rin-setposition would set it. */
static void random_set_position(Rng *rng, int size, int stones, Position *out)
{
    Position pos;
    pos_init(&pos, size);
    for (int i = 0; i < stones && pos_empty_count(&pos) > 1; i++) {
        Bitboard empty = pos_empty(&pos);
        pos_play(&pos, bb_select(empty, (int)rng_below(rng, (uint32_t)bb_count(empty))));
    }
    char text[POSSTR_MAX], err[160];
    posstr_format(&pos, text);
    assert_true(posstr_parse(text, out, err, sizeof err));
}

/* printsgf's record: the response without "= " and its final empty line,
 * plus the newline the writer ends with. */
static char *printsgf(Gtp *gtp)
{
    const char *response = exec(gtp, "printsgf");
    size_t length = strlen(response);
    assert_true(length > 4);
    assert_memory_equal(response, "= (;", 4);
    assert_string_equal(response + length - 2, "\n\n");
    assert_ptr_equal(strstr(response, "\n\n"), response + length - 2); /* no empty line inside */
    char *text = malloc(length);
    assert_non_null(text);
    memcpy(text, response + 2, length - 4);
    memcpy(text + length - 4, "\n", 2);
    return text;
}

/* The shape of every record: lines within SGF_LINE_WIDTH but RP's, none
 * empty, ")\n" at the end. */
static void assert_record_shape(const char *text)
{
    size_t length = strlen(text);
    assert_true(length < SGF_TEXT_MAX);
    assert_string_equal(text + length - 2, ")\n");
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        assert_true(end > line);
        if (strncmp(line, "RP[", 3) != 0)
            assert_true(end - line <= SGF_LINE_WIDTH);
        line = end + 1;
    }
}

/* ---- round trips ---- */

/* Records the game on `gtp`, loads it into a fresh engine that was busy with
 * another game, and checks both engines hold the same game. */
static void check_round_trip(Gtp *gtp, const char *path)
{
    char *text = printsgf(gtp);
    assert_record_shape(text);
    bool set_up = !bb_is_empty(bb_or(gtp->start.stones[0], gtp->start.stones[1]));
    assert_int_equal(strstr(text, "\nRP[") != NULL, set_up && pos_reachable(&gtp->start) == POS_OK);
    assert_int_equal(strstr(text, "RE[") != NULL, pos_is_over(&gtp->pos));
    assert_null(strstr(text, "KM[")); /* Rin has no komi */
    SgfGame game = {.start = gtp->start, .move_count = gtp->history_length};
    for (int i = 0; i < gtp->history_length; i++)
        game.moves[i] = (SgfMove){gtp->history[i].color, gtp->history[i].point};
    char direct[SGF_TEXT_MAX];
    assert_int_equal(sgf_write(&game, direct, sizeof direct), strlen(text));
    assert_string_equal(direct, text);
    write_file(path, text, strlen(text));

    Gtp *other = new_engine();
    assert_exec(other, "boardsize 5", "=\n\n");
    assert_exec(other, "play b c3", "=\n\n");
    assert_exec(other, "komi 3", "=\n\n");
    assert_exec_f(other, "=\n\n", "loadsgf %s", path);
    Snapshot expected;
    take_snapshot(gtp, &expected);
    assert_same_game(other, &expected);
    char *again = printsgf(other);
    assert_string_equal(again, text);
    if (gtp->history_length > 0) {
        assert_exec(other, "undo", "=\n\n");
        assert_pos_equal(&other->pos, &gtp->history[gtp->history_length - 1].before);
    }
    free(again);
    free(text);
    gtp_destroy(other);
}

static void test_round_trip_random_games(void **state)
{
    (void)state;
    static const int sizes[] = {4, 5, 6, 7, 8, 9, 12, 13, 16};
    static const double komis[] = {0.0, 6.5, -3.0, 0.5, 0.1, 128.0};
    Rng rng;
    rng_seed(&rng, 20240601);
    char path[256];
    temp_path("round_trip.sgf", path);
    int games = 0, finished = 0, from_setup = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int size = sizes[s];
        for (int g = 0; g < 24; g++) {
            Gtp *gtp = new_engine();
            Position start;
            if (g % 3 == 1) {
                random_set_position(&rng, size, 1 + (int)rng_below(&rng, (uint32_t)(size * size / 2)), &start);
                from_setup += !bb_is_empty(bb_or(start.stones[0], start.stones[1]));
            } else {
                pos_init(&start, size);
            }
            gtp_new_game(gtp, &start);
            /* whatever komi a controller sends, the record has none */
            assert_exec_f(gtp, "=\n\n", "komi %g", komis[rng_below(&rng, sizeof komis / sizeof komis[0])]);
            /* half the games to the end, the others stop anywhere */
            play_random(gtp, &rng, g % 2 ? BB_POINTS : (int)rng_below(&rng, (uint32_t)(size * size)));
            finished += pos_is_over(&gtp->pos);
            check_round_trip(gtp, path);
            gtp_destroy(gtp);
            games++;
        }
    }
    assert_int_equal(games, 9 * 24);
    assert_true(finished >= games / 2);
    assert_true(from_setup >= games / 4);
}

/* The result of a finished game as final_score says it: the stones, whatever
 * komi was sent. */
static void test_result_of_finished_games(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 77);
    for (int g = 0; g < 40; g++) {
        Gtp *gtp = new_engine();
        assert_exec(gtp, g % 2 ? "boardsize 6" : "boardsize 7", "=\n\n");
        char *text = printsgf(gtp);
        assert_null(strstr(text, "RE["));
        free(text);
        play_random(gtp, &rng, BB_POINTS);
        int score = pos_score(&gtp->pos);
        /* komi 0, a komi that would make a draw, and GoGui's 6.5 */
        double komis[] = {0.0, (double)score, 6.5};
        for (int k = 0; k < 3; k++) {
            assert_exec_f(gtp, "=\n\n", "komi %g", komis[k]);
            char final_score[64], expected[80];
            snprintf(final_score, sizeof final_score, "%s", exec(gtp, "final_score") + 2);
            final_score[strlen(final_score) - 2] = '\0';
            char stones[32];
            if (score == 0)
                snprintf(stones, sizeof stones, "0");
            else
                snprintf(stones, sizeof stones, "%c+%d", score > 0 ? 'B' : 'W', abs(score));
            assert_string_equal(final_score, stones);
            snprintf(expected, sizeof expected, "RE[%s]", final_score);
            text = printsgf(gtp);
            assert_non_null(strstr(text, expected));
            free(text);
        }
        gtp_destroy(gtp);
    }
}

/* The writer's exact text for small games. */
static void test_writer_text(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 6", "=\n\n");
    char *text = printsgf(gtp);
    assert_string_equal(text, HEADER "SZ[6]\n)\n");
    free(text);
    assert_exec(gtp, "play b c3", "=\n\n");
    assert_exec(gtp, "play w d4", "=\n\n");
    assert_exec(gtp, "play w e5", "=\n\n");
    assert_exec(gtp, "play b a1", "=\n\n");
    text = printsgf(gtp);
    assert_string_equal(text, HEADER "SZ[6]\n;B[cd];W[dc];W[eb];B[af]\n)\n");
    free(text);
    assert_exec(gtp, "rin-setposition 4/1x2/2o1/4 w 2", "=\n\n");
    assert_exec(gtp, "komi 6.5", "=\n\n");
    assert_exec(gtp, "play w a1", "=\n\n");
    text = printsgf(gtp);
    assert_string_equal(text, HEADER "SZ[4]\nAB[bb]\nAW[cc]\nPL[W]\nRP[4/1x2/2o1/4 w 2]\n;W[ad]\n)\n");
    free(text);
    /* the last point filled: 8 stones each, a draw whatever the komi */
    assert_exec(gtp, "komi -0.25", "=\n\n");
    assert_exec(gtp, "rin-setposition xxxx/xxxx/oooo/ooo1 w 1", "=\n\n");
    assert_exec(gtp, "play w d1", "=\n\n");
    text = printsgf(gtp);
    /* RE[0] ends the first line unless the version (longer in a build from
     * git, which names the commit) pushes it past the width */
    const char *re_break = strlen(HEADER "SZ[4]RE[0]") > SGF_LINE_WIDTH ? "\n" : "";
    char expected[512];
    snprintf(expected, sizeof expected,
             HEADER "SZ[4]%sRE[0]\nAB[aa][ba][ca][da][ab][bb][cb][db]\n"
                    "AW[ac][bc][cc][dc][ad][bd][cd]\nPL[W]\nRP[xxxx/xxxx/oooo/ooo1 w 1]\n;W[dd]\n)\n",
             re_break);
    assert_string_equal(text, expected);
    free(text);
    gtp_destroy(gtp);
}

/* Long lines wrap between turns and between setup values. */
static void test_writer_wraps_lines(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    for (int g = 0; g < 20; g++) {
        Gtp *gtp = new_engine();
        Position start;
        if (g % 2) {
            random_set_position(&rng, 16, 150 + g, &start);
            gtp_new_game(gtp, &start);
        }
        play_random(gtp, &rng, BB_POINTS);
        char *text = printsgf(gtp);
        assert_record_shape(text);
        /* a turn is never split: every line of moves starts with the first
         * stone of a turn (or with the first stone after a set position) */
        int lines = 0;
        for (const char *line = strchr(text, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
            if (line[0] != ';')
                continue;
            int index = -1; /* the root's ';' comes first */
            for (const char *l = text; l < line; l++)
                index += *l == ';';
            assert_true(index == 0 || pos_stone_of_turn(&gtp->history[index].before) == 1);
            lines++;
        }
        assert_true(lines >= gtp->history_length / 12);
        free(text);
        gtp_destroy(gtp);
    }
}

/* ---- loadsgf ---- */

static void test_loadsgf_move_number(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 9);
    Gtp *source = new_engine();
    assert_exec(source, "boardsize 8", "=\n\n");
    assert_exec(source, "komi 2.5", "=\n\n");
    play_random(source, &rng, BB_POINTS);
    int moves = source->history_length;
    assert_true(moves > 10);
    char path[256];
    temp_path("move_number.sgf", path);
    char *text = printsgf(source);
    write_file(path, text, strlen(text));
    free(text);

    const int numbers[] = {1, 2, 3, moves / 2, moves, moves + 1, moves + 2, 1000, 2147483647};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        Gtp *gtp = new_engine();
        assert_exec_f(gtp, "=\n\n", "loadsgf %s %d", path, numbers[i]);
        int played = numbers[i] - 1 < moves ? numbers[i] - 1 : moves;
        assert_int_equal(gtp->history_length, played);
        assert_pos_equal(&gtp->start, &source->start);
        assert_pos_equal(&gtp->pos, played < moves ? &source->history[played].before : &source->pos);
        for (int k = 0; k < played; k++)
            assert_int_equal(gtp->history[k].point, source->history[k].point);
        if (played > 0) {
            assert_exec(gtp, "undo", "=\n\n");
            assert_pos_equal(&gtp->pos, &source->history[played - 1].before);
        } else {
            assert_exec(gtp, "undo", "? cannot undo: no stone placed since the game started or the position was set\n\n");
        }
        gtp_destroy(gtp);
    }

    /* bad move numbers change nothing */
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 5", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    Snapshot before;
    take_snapshot(gtp, &before);
    assert_exec_f(gtp, "? syntax error: move number '0' is out of range (1 to 2147483647)\n\n", "loadsgf %s 0", path);
    assert_exec_f(gtp, "? syntax error: move number '-1' is out of range (1 to 2147483647)\n\n", "loadsgf %s -1",
                  path);
    assert_exec_f(gtp, "? syntax error: move number '2147483648' is out of range (1 to 2147483647)\n\n",
                  "loadsgf %s 2147483648", path);
    assert_exec_f(gtp, "? syntax error: move number must be an integer, got 'x'\n\n", "loadsgf %s x", path);
    assert_exec_f(gtp, "? syntax error: unexpected argument '3'; usage: loadsgf FILE [MOVE_NUMBER]\n\n",
                  "loadsgf %s 2 3", path);
    assert_exec(gtp, "loadsgf", "? syntax error: missing argument; usage: loadsgf FILE [MOVE_NUMBER]\n\n");
    assert_same_game(gtp, &before);
    gtp_destroy(gtp);
    gtp_destroy(source);
}

/* A record may end with the game over and then nothing else is allowed. */
static void test_stone_after_the_end(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 4", "=\n\n");
    play_random(gtp, &rng, BB_POINTS);
    char *text = printsgf(gtp);
    size_t length = strlen(text);
    char *longer = malloc(length + 16);
    assert_non_null(longer);
    memcpy(longer, text, length - 2);
    strcpy(longer + length - 2, ";W[aa])\n");
    SgfGame game;
    SgfError err;
    assert_false(sgf_parse(longer, strlen(longer), &game, &err));
    assert_string_equal(err.message, "W[aa] comes after the end of the game (no empty point left)");
    /* the stone is the last node, on the last line */
    int lines = 0;
    for (const char *c = longer; *c; c++)
        lines += *c == '\n';
    assert_int_equal(err.line, lines);
    free(longer);
    free(text);
    gtp_destroy(gtp);
}

typedef struct BadRecord {
    const char *text;
    size_t length; /* 0: strlen(text) */
    int line, column;
    const char *message;
} BadRecord;

#define BYTES(literal) literal, sizeof(literal) - 1

static const BadRecord bad_records[] = {
    {"", 0, 1, 1, "the file is empty: no game tree"},
    {" \n\t\n", 0, 3, 1, "the file holds only white space: no game tree"},
    {"x(;RU[Rin])", 0, 1, 1, "expected ( to start the game tree, found 'x'"},
    /* parentheses and brackets */
    {"(;RU[Rin]SZ[8];B[cc]", 0, 1, 21, "the file ends inside the game tree: 1 ) missing"},
    {"(;RU[Rin]SZ[8](;B[cc]\n", 0, 2, 1, "the file ends inside the game tree: 2 ) missing"},
    {"(;RU[Rin]SZ[8];B[cc]))", 0, 1, 22, "unexpected ')' after the game tree (unbalanced parentheses)"},
    {"(;RU[Rin]SZ[8];B[cc])x", 0, 1, 22, "unexpected 'x' after the game tree"},
    {"(;RU[Rin]SZ[8];B[cc\n;W[dd])", 0, 1, 16,
     "B[cc ;W[dd] is not a point (two letters, column then row, from a to h)"},
    {"(;RU[Rin]SZ[8];B[cc]];W[dd])", 0, 1, 21, "unexpected ']' (expected a property, ;, ( or ))"},
    {"(;RU[Rin]SZ[8]C[a comment\\", 0, 1, 16,
     "the file ends in an escape (\\) inside this value: no closing ]"},
    {"(;RU[Rin]SZ[8]C[open\n\n", 0, 1, 16, "this value is not closed: the file ends before its ]"},
    {"()", 0, 1, 2, "empty game tree: () holds no node"},
    {"((;RU[Rin]))", 0, 1, 2, "a game tree must start with a node (;) before its variations"},
    {"(;RU[Rin]SZ[8](;B[cc]);W[dd])", 0, 1, 23, "a node after a variation: a tree's nodes come before its variations"},
    {"(;RU[Rin]sz[8])", 0, 1, 10, "property name 'sz' has no capital letter"},
    {"(;RU[Rin]SZ;B[aa])", 0, 1, 12, "property SZ has no value: expected [ after it, found ';'"},
    {"(;RU[Rin]SZ", 0, 1, 12, "the file ends after the property name SZ (a value [...] expected)"},
    {BYTES("(;RU[Rin]\0SZ[8])"), 1, 10, "NUL byte: an SGF file is text"},
    {BYTES("(;RU[Rin]SZ[8]C[\0])"), 1, 17, "NUL byte: an SGF file is text"},
    /* points */
    {"(;RU[Rin]SZ[8]\n;B[c3])", 0, 2, 2, "B[c3] is not a point (two letters, column then row, from a to h)"},
    {"(;RU[Rin]SZ[8]\n;B[abc])", 0, 2, 2, "B[abc] is not a point (two letters, column then row, from a to h)"},
    {"(;RU[Rin]SZ[8]\n;B[abcdefghijklmnopqrstuvwxyz0123])", 0, 2, 2,
     "B[abcdefghijklmnopqrstuvwx...] is not a point (two letters, column then row, from a to h)"},
    {"(;RU[Rin]SZ[\xC3\xA9\x01])", 0, 1, 10, "SZ[???] is not a board size (Rin boards are 4 to 16)"},
    {"(;RU[Rin]SZ[8]\n;B[c])", 0, 2, 2, "B[c] is not a point (two letters, column then row, from a to h)"},
    {"(;RU[Rin]SZ[8]\n;B[ci])", 0, 2, 2, "B[ci] is off the 8x8 board"},
    {"(;RU[Rin]SZ[8]\n;B[Ca])", 0, 2, 2, "B[Ca] is off the 8x8 board"},
    {"(;RU[Rin]\n;B[qa])", 0, 2, 2, "B[qa] is off the 16x16 board"},
    {"(;RU[Rin]SZ[8]\n;B[cc]\n;W[])", 0, 3, 2,
     "W[] is a pass, and Rin has no pass (there is always an empty point to fill)"},
    {"(;RU[Rin]SZ[8]\n;B[cc]\n;W[tt])", 0, 3, 2,
     "W[tt] is a pass, and Rin has no pass (there is always an empty point to fill)"},
    /* the rules */
    {"(;RU[Rin]SZ[8];B[cc];B[dd])", 0, 1, 22, "B[dd] is out of turn: it is white's turn (first of two stones)"},
    {"(;RU[Rin]SZ[8];W[cc])", 0, 1, 16, "W[cc] is out of turn: it is black's turn (opening stone)"},
    {"(;RU[Rin]SZ[8];B[cc];W[dd];B[ee])", 0, 1, 28,
     "B[ee] is out of turn: it is white's turn (second of two stones)"},
    {"(;GN[Rin]SZ[8]\n;B[dd]\n;W[cc];W[dd])", 0, 3, 8, "W[dd] is occupied"},
    {"(;RU[Rin]SZ[8];B[cc];W[cc])", 0, 1, 22, "W[cc] is occupied"},
    {"(;RU[Rin]SZ[8];B[cc]B[dd])", 0, 1, 21, "B appears twice in one node"},
    {"(;RU[Rin]SZ[8];B[cc]W[dd])", 0, 1, 21, "a node holds both B and W: one stone per node"},
    {"(;RU[Rin]SZ[8];B[aa][bb])", 0, 1, 16, "B takes one value, found 2"},
    /* sizes */
    {"(;RU[Rin]SZ[3])", 0, 1, 10, "SZ[3]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]SZ[17])", 0, 1, 10, "SZ[17]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]SZ[19];B[pd])", 0, 1, 10, "SZ[19]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]SZ[-8])", 0, 1, 10, "SZ[-8]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]SZ[junk])", 0, 1, 10, "SZ[junk] is not a board size (Rin boards are 4 to 16)"},
    {"(;RU[Rin]SZ[8:8])", 0, 1, 10, "SZ[8:8] is not a board size (Rin boards are 4 to 16)"},
    {"(;RU[Rin]SZ[])", 0, 1, 10, "SZ[] is not a board size (Rin boards are 4 to 16)"},
    {"(;RU[Rin]SZ[ 8])", 0, 1, 10, "SZ[ 8] is not a board size (Rin boards are 4 to 16)"},
    {"(;RU[Rin]SZ[8][9])", 0, 1, 10, "SZ takes one value, found 2"},
    {"(;RU[Rin]C[\xC3\xA9]SZ[99])", 0, 1, 14, "SZ[99]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]\r\nC[h\xC3\xA9llo]\r\nSZ[99])", 0, 3, 1, "SZ[99]: Rin is played on boards of 4 to 16"},
    {"(;RU[Rin]\rSZ[99])", 0, 2, 1, "SZ[99]: Rin is played on boards of 4 to 16"},
    /* the game */
    {"(;GM[1]SZ[8];B[cc])", 0, 1, 3, "not a Rin record: GM[1] is Go and neither RU nor GN says Rin"},
    {"(;GM[7]RU[Go])", 0, 1, 3, "not a Rin record: GM[7] and neither RU nor GN says Rin"},
    {"(;SZ[8];B[cc])", 0, 1, 2, "not a Rin record: the root node has no RU[Rin] or GN[Rin]"},
    {"(;GN[Rin match]SZ[8])", 0, 1, 2, "not a Rin record: the root node has no RU[Rin] or GN[Rin]"},
    {"(;GM[Rin]RU[Rin])", 0, 1, 3, "GM[Rin] is not a game number"},
    {"(;FF[5]RU[Rin])", 0, 1, 3, "FF[5] is not an SGF version this reader knows (1 to 4)"},
    {"(;RU[Rin]KM[six])", 0, 1, 10, "KM[six] is not a number"},
    {"(;RU[Rin]KM[1e9])", 0, 1, 10, "KM[1e9] is out of range (-1000 to 1000)"},
    {"(;RU[Rin]KM[nan])", 0, 1, 10, "KM[nan] is not a number"},
    /* setup */
    {"(;RU[Rin]SZ[8];B[cc]AB[dd])", 0, 1, 21,
     "AB is allowed only in the root node (a Rin record sets up its position before the first stone)"},
    {"(;RU[Rin]SZ[8];B[cc];W[dd]PL[B])", 0, 1, 27,
     "PL is allowed only in the root node (a Rin record sets up its position before the first stone)"},
    {"(;RU[Rin]SZ[8];B[cc]SZ[8])", 0, 1, 21, "SZ is allowed only in the root node"},
    {"(;RU[Rin]SZ[8];KM[5])", 0, 1, 16, "KM is allowed only in the root node"},
    {"(;RU[Rin]SZ[4]AB[aa]B[cc])", 0, 1, 21, "B in a node with setup: the first stone goes in a node after the root"},
    {"(;RU[Rin]SZ[4]AB[aa][e1])", 0, 1, 21, "AB[e1] is not a point (two letters, column then row, from a to d)"},
    {"(;RU[Rin]SZ[4]AB[aa][ee])", 0, 1, 21, "AB[ee] is off the 4x4 board"},
    {"(;RU[Rin]SZ[4]AW[aa:ae])", 0, 1, 17, "AW[aa:ae] is off the 4x4 board"},
    {"(;RU[Rin]SZ[4]AW[])", 0, 1, 17, "AW[] is not a point (two letters, column then row, from a to d)"},
    {"(;RU[Rin]SZ[4]AB[aa]AW[aa])", 0, 1, 23, "point aa is set twice in the setup (AB and AW)"},
    {"(;RU[Rin]SZ[4]AB[aa:bb]AE[ba])", 0, 1, 26, "point ba is set twice in the setup (AB and AE)"},
    {"(;RU[Rin]SZ[4]AB[ba][ab][cb][bc]PL[B])", 0, 1, 15,
     "the setup is not a Rin position: a ring encloses a region that play would have filled"},
    {"(;RU[Rin]SZ[4]AB[ba][ab][cb][bc]\n;B[dd])", 0, 1, 15,
     "the setup is not a Rin position: a ring encloses a region that play would have filled"},
    {"(;RU[Rin]SZ[4]PL[W])", 0, 1, 15,
     "the setup is not a Rin position: an empty board must have Black to play the opening stone"},
    {"(;RU[Rin]SZ[4]AE[aa]\n;W[bb])", 0, 1, 15,
     "the setup is not a Rin position: an empty board must have Black to play the opening stone"},
    {"(;RU[Rin]SZ[4]AB[aa]PL[X])", 0, 1, 21, "PL[X]: the player to move is B or W"},
    {"(;RU[Rin]SZ[4]AB[aa]PL[black])", 0, 1, 21, "PL[black]: the player to move is B or W"},
    /* RP */
    {"(;RU[Rin]RP[4/4/4 b 1])", 0, 1, 10,
     "RP is not a valid position string: 3 rows of 4 points: the board must be square"},
    {"(;RU[Rin]RP[4/4/4/4 x 1])", 0, 1, 10,
     "RP is not a valid position string: side to move: expected b or w, found 'x'"},
    {"(;RU[Rin]RP[])", 0, 1, 10, "RP is not a valid position string: row 1 is empty"},
    {"(;RU[Rin]SZ[4]AB[bb]RP[4/4/4/4 b 1])", 0, 1, 21, "RP disagrees with AB/AW at bb (RP: empty, AB/AW: black)"},
    {"(;RU[Rin]SZ[4]AB[bb]RP[4/1o2/4/x3 w 2])", 0, 1, 21,
     "RP disagrees with AB/AW at bb (RP: white, AB/AW: black)"},
    {"(;RU[Rin]SZ[4]AW[bb]RP[4/1o2/2x1/4 w 1])", 0, 1, 21,
     "RP disagrees with AB/AW at cc (RP: black, AB/AW: empty)"},
    {"(;RU[Rin]SZ[4]AE[bb]RP[4/1o2/4/x3 w 2])", 0, 1, 21, "RP has stones on points that AE clears"},
    {"(;RU[Rin]SZ[5]RP[4/4/4/4 b 1])", 0, 1, 15, "RP is a 4x4 position but SZ is 5"},
    {"(;RU[Rin]SZ[4]AB[bb]PL[B]RP[4/1x2/4/4 w 1])", 0, 1, 21, "PL[B] disagrees with RP (white to move)"},
    {"(;RU[Rin]RP[4/1x2/4/o3 w 2]\n;W[aa];W[dd])", 0, 2, 8,
     "W[dd] is out of turn: it is black's turn (first of two stones)"},
};

/* A bad record is refused by sgf_parse with its place and message, *game
 * untouched, and by loadsgf with the engine unchanged. */
static void check_bad_record(Gtp *gtp, const BadRecord *bad, int index)
{
    size_t length = bad->length ? bad->length : strlen(bad->text);
    SgfGame game;
    memset(&game, 0xA5, sizeof game);
    SgfGame untouched = game;
    SgfError err;
    if (sgf_parse(bad->text, length, &game, &err))
        fail_msg("record %d accepted: %s", index, bad->text);
    if (err.line != bad->line || err.column != bad->column || strcmp(err.message, bad->message) != 0)
        fail_msg("record %d: expected line %d, column %d: %s\ngot line %d, column %d: %s", index, bad->line,
                 bad->column, bad->message, err.line, err.column, err.message);
    assert_memory_equal(&game, &untouched, sizeof game);

    char path[256], name[32], expected[512];
    snprintf(name, sizeof name, "bad-%d.sgf", index);
    temp_path(name, path);
    write_file(path, bad->text, length);
    Snapshot before;
    take_snapshot(gtp, &before);
    snprintf(expected, sizeof expected, "? cannot load file %s: line %d, column %d: %s\n\n", path, bad->line,
             bad->column, bad->message);
    assert_exec_f(gtp, expected, "loadsgf %s", path);
    assert_same_game(gtp, &before);
    unlink(path);
}

static void test_bad_records(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 5", "=\n\n");
    assert_exec(gtp, "komi 1.5", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    assert_exec(gtp, "play w b2", "=\n\n");
    for (size_t i = 0; i < sizeof bad_records / sizeof bad_records[0]; i++)
        check_bad_record(gtp, &bad_records[i], (int)i);
    /* and from a set position */
    assert_exec(gtp, "rin-setposition 4/1x2/2o1/4 w 2", "=\n\n");
    for (size_t i = 0; i < sizeof bad_records / sizeof bad_records[0]; i += 7)
        check_bad_record(gtp, &bad_records[i], (int)i);
    gtp_destroy(gtp);
}

/* Problems of the file itself: no place in the text. */
static void test_bad_files(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    Snapshot before;
    take_snapshot(gtp, &before);
    char path[256], expected[512];

    temp_path("no-such-file.sgf", path);
    snprintf(expected, sizeof expected, "? cannot load file %s: No such file or directory\n\n", path);
    assert_exec_f(gtp, expected, "loadsgf %s", path);
    snprintf(expected, sizeof expected, "? cannot load file %s: Is a directory\n\n", temp_dir);
    assert_exec_f(gtp, expected, "loadsgf %s", temp_dir);

    /* 1 MiB is the limit: one byte more is refused */
    char *big = malloc(SGF_FILE_MAX + 2);
    assert_non_null(big);
    const char *head = "(;RU[Rin]SZ[4]C[", *tail = "];B[aa])\n";
    memset(big, 'x', SGF_FILE_MAX + 1);
    memcpy(big, head, strlen(head));
    memcpy(big + SGF_FILE_MAX - strlen(tail), tail, strlen(tail));
    temp_path("big.sgf", path);
    write_file(path, big, SGF_FILE_MAX);
    assert_exec_f(gtp, "=\n\n", "loadsgf %s", path);
    assert_int_equal(gtp->history_length, 1);
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    memcpy(big + SGF_FILE_MAX + 1 - strlen(tail), tail, strlen(tail));
    write_file(path, big, SGF_FILE_MAX + 1);
    snprintf(expected, sizeof expected, "? cannot load file %s: the file is larger than 1048576 bytes (1 MiB)\n\n",
             path);
    assert_exec_f(gtp, expected, "loadsgf %s", path);
    SgfGame game;
    SgfError err;
    assert_false(sgf_parse(big, SGF_FILE_MAX + 1, &game, &err));
    assert_int_equal(err.line, 0);
    assert_string_equal(err.message, "the record is larger than 1048576 bytes (1 MiB)");
    unlink(path);
    free(big);

    if (access("/dev/null", R_OK) == 0)
        assert_exec(gtp, "loadsgf /dev/null",
                    "? cannot load file /dev/null: line 1, column 1: the file is empty: no game tree\n\n");
    assert_same_game(gtp, &before);

    /* printsgf to a file that cannot be written */
    snprintf(expected, sizeof expected, "? cannot write %s: Is a directory\n\n", temp_dir);
    assert_exec_f(gtp, expected, "printsgf %s", temp_dir);
    temp_path("no-dir/game.sgf", path);
    snprintf(expected, sizeof expected, "? cannot write %s: No such file or directory\n\n", path);
    assert_exec_f(gtp, expected, "printsgf %s", path);
    assert_exec(gtp, "printsgf a b", "? syntax error: unexpected argument 'b'; usage: printsgf [FILE]\n\n");
    assert_same_game(gtp, &before);
    gtp_destroy(gtp);
}

static void test_printsgf_to_a_file(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 7", "=\n\n");
    assert_exec(gtp, "play b d4", "=\n\n");
    assert_exec(gtp, "play w a1", "=\n\n");
    char path[256];
    temp_path("printed.sgf", path);
    assert_exec_f(gtp, "=\n\n", "printsgf %s", path);
    char *written = read_whole_file(path);
    char *text = printsgf(gtp);
    assert_string_equal(written, text);
    assert_string_equal(written, HEADER "SZ[7]\n;B[dd];W[ag]\n)\n");
    /* written again: replaced, not appended */
    assert_exec(gtp, "play w b1", "=\n\n");
    assert_exec_f(gtp, "=\n\n", "printsgf %s", path);
    free(written);
    written = read_whole_file(path);
    assert_string_equal(written, HEADER "SZ[7]\n;B[dd];W[ag];W[bg]\n)\n");
    free(written);
    free(text);
    unlink(path);
    gtp_destroy(gtp);
}

/* ---- what the reader tolerates ---- */

static SgfGame parse_ok(const char *text, size_t length)
{
    SgfGame game;
    SgfError err;
    if (!sgf_parse(text, length ? length : strlen(text), &game, &err))
        fail_msg("refused: line %d, column %d: %s\n%s", err.line, err.column, err.message, text);
    return game;
}

static void assert_start(const SgfGame *game, const char *posstr)
{
    char text[POSSTR_MAX];
    posstr_format(&game->start, text);
    assert_string_equal(text, posstr);
}

static void assert_moves(const SgfGame *game, const char *points)
{
    char text[3 * BB_POINTS + 1] = "";
    for (int i = 0; i < game->move_count; i++) {
        int p = game->moves[i].point;
        char one[5];
        snprintf(one, sizeof one, "%s%c%c", i ? " " : "", 'a' + point_col(p), 'a' + point_row(p));
        strcat(text, one);
    }
    assert_string_equal(text, points);
}

static void test_reader_tolerance(void **state)
{
    (void)state;
    /* lowercase letters in names, white space everywhere, CR LF, variations
     * (the others are not played), a second game tree, RE and KM */
    SgfGame game = parse_ok("\n (;FF[4]GM[40]AddBlack[cc]AddWhite [dd:ee]\n PLayer[W]RU[ rin ]SZ[6]KoMi[0.5]"
                            "RE[W+Resign]\n ; W [ab] \n;W[ba]\r\n;B[ff](;B[fe]\t;W[ef])(;B[aa];B[aa]))\n"
                            "(;C[another game])\n",
                            0);
    assert_start(&game, "6/6/2x3/3oo1/3oo1/6 w 1");
    assert_moves(&game, "ab ba ff fe ef");
    assert_int_equal(game.moves[0].color, COLOR_WHITE);
    assert_int_equal(game.moves[2].color, COLOR_BLACK);
    assert_true(game.komi == 0.5);
    assert_string_equal(game.result, "W+Resign");

    /* no PL: the first stone's colour, else Black */
    game = parse_ok("(;RU[Rin]SZ[5]AB[cc]\n;W[aa];W[bb];B[dd])", 0);
    assert_start(&game, "5/5/2x2/5/5 w 1");
    assert_int_equal(game.move_count, 3);
    game = parse_ok("(;RU[Rin]SZ[5]AB[aa]AW[cc][ee])", 0);
    assert_start(&game, "x4/5/2o2/5/4o b 1");
    assert_int_equal(game.move_count, 0);
    game = parse_ok("(;RU[Rin]SZ[4]AE[aa]AB[bb]AW[cc][dd]PL[B])", 0);
    assert_start(&game, "4/1x2/2o1/3o b 1");
    game = parse_ok("(;RU[Rin]SZ[4]PL[B];B[aa])", 0);
    assert_start(&game, "4/4/4/4 b 1");
    assert_int_equal(game.start.ply, 0);

    /* RP: the size without SZ; agreeing AB/AW/AE/PL; a soft line break */
    game = parse_ok("(;GN[RIN]RP[5/5/2o2/5/xo2o b 2];B[aa])", 0);
    assert_start(&game, "5/5/2o2/5/xo2o b 2");
    assert_moves(&game, "aa");
    game = parse_ok("(;RU[Rin]SZ[4]AB[bb]AW[cc]AE[aa]PL[W]RP[4/1x2/2o1/4 w 2]\n;W[ad];B[dd])", 0);
    assert_start(&game, "4/1x2/2o1/4 w 2");
    assert_moves(&game, "ad dd");
    game = parse_ok("(;RU[Rin]RP[5/5/2o2\\\n/5/xo2o b 2]\n;B[aa])", 0);
    assert_start(&game, "5/5/2o2/5/xo2o b 2");
    game = parse_ok("(;RU[Rin]RP[5/5/2o2\\\r\n/5/xo2o   b\n2])", 0);
    assert_start(&game, "5/5/2o2/5/xo2o b 2");

    /* no SZ: 16; escapes; a move in the root; the BOM; GM[1] with RU[Rin] */
    game = parse_ok("(;RU[Rin];B[aa])", 0);
    assert_int_equal(game.start.size, 16);
    game = parse_ok("(;RU[Rin]C[a \\] b \\\\]GN[\\R\\i\\n]SZ[4];B[aa])", 0);
    assert_moves(&game, "aa");
    game = parse_ok("(;RU[Rin]SZ[4]B[aa];W[bb])", 0);
    assert_moves(&game, "aa bb");
    game = parse_ok("\xEF\xBB\xBF(;RU[Rin]SZ[4]B[aa])", 0);
    assert_moves(&game, "aa");
    game = parse_ok("(;GM[1]FF[3]RU[Rin]SZ[4]B[aa])", 0);
    assert_moves(&game, "aa");
    game = parse_ok("(;RU[Rin]SZ[4](;B[aa];W[bb])(;B[cc]))", 0);
    assert_moves(&game, "aa bb");
    game = parse_ok("(;RU[Rin]SZ[4];B[aa];C[a node without a stone];W[bb]RU[Go]GN[x]RE[?])", 0);
    assert_moves(&game, "aa bb");
    assert_string_equal(game.result, "");
    game = parse_ok("(;RU[Rin]SZ[4]KM[-7]RE[" "0123456789012345678901234567890123456789012345678901234567890123456789])",
                    0);
    assert_true(game.komi == -7.0);
    assert_int_equal(strlen(game.result), SGF_RESULT_MAX - 1);

    /* deep nesting is read without recursion */
    enum { DEPTH = 100000 };
    size_t length = 0;
    char *deep = malloc(DEPTH * 8 + 64);
    assert_non_null(deep);
    length += (size_t)sprintf(deep, "(;RU[Rin]SZ[4]");
    for (int i = 0; i < DEPTH; i++)
        length += (size_t)sprintf(deep + length, "(;C[x]");
    memset(deep + length, ')', DEPTH + 1);
    length += DEPTH + 1;
    game = parse_ok(deep, length);
    assert_int_equal(game.move_count, 0);
    free(deep);
}

/* ---- records of scripts/match ---- */

/* ---- diagrams ---- */

/* An AB/AW setup is a diagram, not a claim about a game: it loads when
 * play can go on from it, even where no game reaches it (AB alone with
 * PL[B], as another editor writes a problem), and is written back without
 * RP; the same position as a position string is refused. */
static void test_diagram_setups(void **state)
{
    (void)state;
    char path[256];
    temp_path("diagram.sgf", path);
    const char *diagram = "(;FF[4]RU[Rin]SZ[4]AB[bb]PL[B])";
    write_file(path, diagram, strlen(diagram));
    Gtp *gtp = new_engine();
    assert_exec_f(gtp, "=\n\n", "loadsgf %s", path);
    assert_exec(gtp, "rin-position", "= 4/1x2/4/4 b 1\n\n");
    assert_exec(gtp, "rin-setposition 4/1x2/4/4 b 1",
                "? invalid position: no game reaches it: the side that placed the last stone has none on the "
                "board\n\n");
    char *text = printsgf(gtp);
    assert_string_equal(text, HEADER "SZ[4]\nAB[bb]\nPL[B]\n)\n");
    free(text);
    check_round_trip(gtp, path);
    assert_exec(gtp, "play b a1", "=\n\n");
    check_round_trip(gtp, path);
    unlink(path);
    gtp_destroy(gtp);

    SgfGame game = parse_ok("(;RU[Rin]SZ[5]AW[cc])", 0);
    assert_start(&game, "5/5/2o2/5/5 b 1");
    game = parse_ok("(;RU[Rin]SZ[4]AE[aa]AB[bb]PL[B])", 0);
    assert_start(&game, "4/1x2/4/4 b 1");
    game = parse_ok("(;RU[Rin]SZ[4]AB[bb]AW[cc]PL[W];W[aa];W[dd];B[ad])", 0);
    assert_start(&game, "4/1x2/2o1/4 w 1");
    assert_moves(&game, "aa dd ad");

    /* what play cannot go on from is refused as before */
    SgfError err;
    const char *ring = "(;RU[Rin]SZ[5]AB[bc][cb][dc][cd])";
    assert_false(sgf_parse(ring, strlen(ring), &game, &err));
    assert_string_equal(err.message, "the setup is not a Rin position: a ring encloses a region that play "
                                     "would have filled");
    /* a position string, RP included, must be one a game reaches */
    const char *rp = "(;RU[Rin]SZ[4]AB[bb]PL[B]RP[4/1x2/4/4 b 1])";
    assert_false(sgf_parse(rp, strlen(rp), &game, &err));
    assert_string_equal(err.message, "RP is not a valid position string: no game reaches it: the side that placed "
                                     "the last stone has none on the board");
    Position pos;
    char why[160];
    assert_false(posstr_parse("5/5/2o2/5/5 b 1", &pos, why, sizeof why));
    assert_string_equal(why, "no game reaches it: fewer stones on the board than were placed before this stone");
}

static void test_match_records(void **state)
{
    (void)state;
    static const struct {
        const char *file, *final, *score, *result;
        int stones;
    } records[] = {
        {"match_position.sgf", "xoxxoo/oooxox/ooooox/xxxoxx/oxoxxx/xxooxo b 2", "0", "0", 34},
        {"match_random.sgf", "xxxxoxo/xooooxo/xoxoxxx/ooxxxxo/ooxxxxx/xooooxx/ooooxox b 1", "B+3", "B+3", 47},
    };
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
        char path[512], expected[256];
        snprintf(path, sizeof path, "%s/protocol/formats/sgf/%s", RIN_TEST_DATA_DIR, records[i].file);
        Gtp *gtp = new_engine();
        assert_exec_f(gtp, "=\n\n", "loadsgf %s", path);
        snprintf(expected, sizeof expected, "= %s\n\n", records[i].final);
        assert_exec(gtp, "rin-position", expected);
        snprintf(expected, sizeof expected, "= %s\n\n", records[i].score);
        assert_exec(gtp, "final_score", expected);
        assert_int_equal(gtp->history_length, records[i].stones);
        SgfGame game;
        SgfError err;
        assert_true(sgf_read_file(path, &game, &err));
        assert_string_equal(game.result, records[i].result);
        /* and through our writer back to the same game */
        char *text = printsgf(gtp);
        assert_record_shape(text);
        Snapshot loaded;
        take_snapshot(gtp, &loaded);
        char copy[256];
        temp_path("match_copy.sgf", copy);
        write_file(copy, text, strlen(text));
        assert_exec(gtp, "clear_board", "=\n\n");
        assert_exec_f(gtp, "=\n\n", "loadsgf %s", copy);
        assert_same_game(gtp, &loaded);
        unlink(copy);
        free(text);
        gtp_destroy(gtp);
    }
    /* the position record starts from RP: white's second stone */
    SgfGame game;
    SgfError err;
    char path[512];
    snprintf(path, sizeof path, "%s/protocol/formats/sgf/match_position.sgf", RIN_TEST_DATA_DIR);
    assert_true(sgf_read_file(path, &game, &err));
    assert_start(&game, "6/6/3o2/2x3/6/6 w 2");
    /* without RP, AB/AW/PL cannot say that White plays a second stone */
    char *text = read_whole_file(path);
    char *rp = strstr(text, "RP[");
    assert_non_null(rp);
    memset(rp, ' ', (size_t)(strchr(rp, ']') - rp) + 1);
    assert_false(sgf_parse(text, strlen(text), &game, &err));
    assert_int_equal(err.line, 3);
    assert_int_equal(err.column, 2);
    assert_string_equal(err.message, "B[aa] is out of turn: it is white's turn (second of two stones)");
    free(text);
}

/* ---- mutations ---- */

static void assert_games_equal(const SgfGame *a, const SgfGame *b)
{
    assert_pos_equal(&a->start, &b->start);
    assert_int_equal(a->move_count, b->move_count);
    for (int i = 0; i < a->move_count; i++) {
        assert_int_equal(a->moves[i].color, b->moves[i].color);
        assert_int_equal(a->moves[i].point, b->moves[i].point);
    }
    assert_true(a->komi == b->komi);
}

/* One random change: a byte replaced, inserted or deleted, a range
 * deleted or doubled, or the text cut. Returns the new length. */
static size_t mutate(Rng *rng, char *text, size_t length, size_t capacity)
{
    static const char alphabet[] = "()[];\\:ABWPLRSZKMGNEaabbccddttz0123456789 \n\r\t\0\xC3";
    char c = alphabet[rng_below(rng, sizeof alphabet - 1)];
    size_t at = length ? rng_below(rng, (uint32_t)length) : 0;
    switch (rng_below(rng, 6)) {
    case 0:
        if (length)
            text[at] = c;
        break;
    case 1:
        if (length + 1 < capacity) {
            memmove(text + at + 1, text + at, length - at);
            text[at] = c;
            length++;
        }
        break;
    case 2:
        if (length) {
            memmove(text + at, text + at + 1, length - at - 1);
            length--;
        }
        break;
    case 3: {
        size_t n = rng_below(rng, 8) + 1;
        if (at + n <= length) {
            memmove(text + at, text + at + n, length - at - n);
            length -= n;
        }
        break;
    }
    case 4: {
        size_t n = rng_below(rng, 12) + 1;
        if (at + n <= length && length + n < capacity) {
            memmove(text + at + n, text + at, length - at);
            length += n;
        }
        break;
    }
    default:
        length = at;
        break;
    }
    return length;
}

static void test_mutated_records(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 424242);
    enum { SEEDS = 12, ROUNDS = 20000, CAPACITY = SGF_TEXT_MAX * 2 };
    char *seeds[SEEDS];
    int seed_count = 0;
    /* records of random games, and a hand-written one with every feature */
    for (int i = 0; i < SEEDS - 2; i++) {
        Gtp *gtp = new_engine();
        Position start;
        int size = 4 + (int)rng_below(&rng, 5);
        if (i % 2)
            random_set_position(&rng, size, 1 + i, &start);
        else
            pos_init(&start, size);
        gtp_new_game(gtp, &start);
        play_random(gtp, &rng, i % 4 ? 12 : BB_POINTS);
        seeds[seed_count++] = printsgf(gtp);
        gtp_destroy(gtp);
    }
    seeds[seed_count++] = strdup("(;FF[4]GM[40]AddBlack[cc]AddWhite[dd:ee]PLayer[W]RU[Rin]SZ[6]KM[0.5]RE[W+R]"
                                 "\n;W[ab];W[ba]\r\n;B[ff]C[\\]\\\\](;B[fe];W[ef])(;B[aa];B[aa]))(;C[x])\n");
    seeds[seed_count++] = strdup("(;RU[Rin]RP[5/5/2o2\\\n/5/xo2o b 2]AB[ae]AW[cc][be][ee]\n;B[aa];B[bb];W[cd])");

    char *text = malloc(CAPACITY);
    assert_non_null(text);
    char path[256];
    temp_path("mutated.sgf", path);
    Gtp *gtp = new_engine();
    int accepted = 0, refused = 0;
    for (int round = 0; round < ROUNDS; round++) {
        const char *seed = seeds[rng_below(&rng, (uint32_t)seed_count)];
        size_t length = strlen(seed);
        memcpy(text, seed, length);
        int changes = 1 + (int)rng_below(&rng, 4);
        for (int k = 0; k < changes; k++)
            length = mutate(&rng, text, length, CAPACITY);

        SgfGame game;
        memset(&game, 0x5A, sizeof game);
        SgfGame untouched = game;
        SgfError err;
        if (sgf_parse(text, length, &game, &err)) {
            accepted++;
            /* what was accepted is a legal game the writer can record */
            char out[SGF_TEXT_MAX];
            size_t out_length = sgf_write(&game, out, sizeof out);
            assert_true(out_length > 0);
            assert_record_shape(out);
            SgfGame again = parse_ok(out, out_length);
            assert_games_equal(&game, &again);
        } else {
            refused++;
            assert_memory_equal(&game, &untouched, sizeof game);
            assert_true(err.line >= 1 && err.column >= 1);
            assert_true(err.message[0] != '\0');
            assert_null(strchr(err.message, '\n'));
        }
        /* every tenth through loadsgf: nothing changes on failure */
        if (round % 10 == 0) {
            write_file(path, text, length);
            Snapshot before;
            take_snapshot(gtp, &before);
            char line[320];
            snprintf(line, sizeof line, "loadsgf %s", path);
            const char *response = exec(gtp, line);
            if (response[0] == '?') {
                assert_same_game(gtp, &before);
                assert_ptr_equal(strchr(response, '\n'), response + strlen(response) - 2);
            } else {
                assert_string_equal(response, "=\n\n");
                Position end;
                sgf_replay(&game, game.move_count, &end);
                assert_pos_equal(&gtp->pos, &end);
            }
        }
    }
    print_message("mutated records: %d accepted, %d refused\n", accepted, refused);
    /* the mutations must exercise both outcomes */
    assert_true(accepted > ROUNDS / 50);
    assert_true(refused > ROUNDS / 2);
    unlink(path);
    free(text);
    for (int i = 0; i < seed_count; i++)
        free(seeds[i]);
    gtp_destroy(gtp);
}

static int remove_temp_dir(void)
{
    DIR *dir = opendir(temp_dir);
    if (!dir)
        return 0;
    struct dirent *entry;
    char path[512];
    while ((entry = readdir(dir)))
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", temp_dir, entry->d_name);
            unlink(path);
        }
    closedir(dir);
    return rmdir(temp_dir);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(temp_dir, sizeof temp_dir, "%s/rin-sgf-XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    if (!mkdtemp(temp_dir)) {
        fprintf(stderr, "cannot make a temporary directory: %s\n", strerror(errno));
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_random_games),
        cmocka_unit_test(test_result_of_finished_games),
        cmocka_unit_test(test_writer_text),
        cmocka_unit_test(test_writer_wraps_lines),
        cmocka_unit_test(test_loadsgf_move_number),
        cmocka_unit_test(test_stone_after_the_end),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_printsgf_to_a_file),
        cmocka_unit_test(test_diagram_setups),
        cmocka_unit_test(test_reader_tolerance),
        cmocka_unit_test(test_match_records),
        cmocka_unit_test(test_mutated_records),
    };
    int failures = cmocka_run_group_tests(tests, NULL, NULL);
    remove_temp_dir();
    return failures;
}
