/* GTP conformance through the real dispatcher: the framing cases that need
 * bytes a transcript file cannot hold (CR, NUL, control characters, invalid
 * UTF-8, 64 KiB lines), failed commands leaving the game untouched, whole
 * games by genmove and undo, and random junk that must never break the
 * one-response-per-line rule. Command-by-command behaviour is in the
 * transcripts (test_gtp_scripts, tests/protocol/gtp/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "formats/coord.h"
#include "formats/posstr.h"
#include "gtp/gtp.h"
#include "gtp/gtp_commands.h"
#include "base/clock.h"
#include "base/random.h"
#include "version.h"

enum { POSSTR_MAX_TEXT = POSSTR_MAX + 8 }; /* "= ", the string, "\n\n" */

static Gtp *new_engine(uint64_t seed)
{
    EngineOptions options;
    options_defaults(&options);
    snprintf(options.player, sizeof options.player, "random");
    options.seed = (int64_t)seed;
    Gtp *gtp = gtp_create(&options);
    assert_non_null(gtp);
    return gtp;
}

/* The whole output of gtp_run on `length` bytes of input, given to gtp. */
static char *run_on(Gtp *gtp, const char *input, size_t length)
{
    FILE *in = fmemopen((void *)input, length, "r");
    assert_non_null(in);
    char *output = NULL;
    size_t output_length = 0;
    FILE *out = open_memstream(&output, &output_length);
    assert_non_null(out);
    assert_int_equal(gtp_run(gtp, in, out), 0);
    fclose(in);
    fclose(out);
    return output;
}

/* The same on a new engine. */
static char *run_bytes(const char *input, size_t length)
{
    Gtp *gtp = new_engine(1);
    char *output = run_on(gtp, input, length);
    gtp_destroy(gtp);
    return output;
}

static void assert_run(const char *input, size_t length, const char *expected)
{
    char *output = run_bytes(input, length);
    assert_string_equal(output, expected);
    free(output);
}

#define ASSERT_RUN(input, expected) assert_run(input, sizeof(input) - 1, expected)

/* The response to one line, or NULL when there is none. */
static const char *exec(Gtp *gtp, const char *line)
{
    const char *response;
    return gtp_execute(gtp, line, strlen(line), &response) ? response : NULL;
}

static void assert_exec(Gtp *gtp, const char *line, const char *expected)
{
    const char *response = exec(gtp, line);
    assert_non_null(response);
    assert_string_equal(response, expected);
}

/* Checks the shape every response must have: '=' or '?', the end "\n\n", no
 * empty line inside, and a single line for errors. */
static void assert_well_formed(const char *response)
{
    size_t length = strlen(response);
    assert_true(length >= 3);
    assert_true(response[0] == '=' || response[0] == '?');
    assert_string_equal(response + length - 2, "\n\n");
    const char *blank = strstr(response, "\n\n");
    assert_ptr_equal(blank, response + length - 2);
    if (response[0] == '?')
        assert_ptr_equal(strchr(response, '\n'), response + length - 2);
    for (size_t i = 0; i < length; i++)
        assert_true((unsigned char)response[i] >= 0x20 || response[i] == '\n');
}

/* ---- framing ---- */

static void test_crlf(void **state)
{
    (void)state;
    ASSERT_RUN("name\r\n1 protocol_version\r\n\r\n", "= Rin\n\n=1 2\n\n");
    ASSERT_RUN("play b c15\r\nrin-position\r\n",
               "=\n\n= 16/2x13/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 1\n\n");
}

static void test_control_characters_removed(void **state)
{
    (void)state;
    ASSERT_RUN("na\x01me\x7f\n", "= Rin\n\n");
    ASSERT_RUN("\x1b\x02\x03 3 protocol_version\x04\n", "=3 2\n\n");
    ASSERT_RUN("pl\x05\x06\x0b\x0c\x0e\x1f" "ay b\x08 c15\n", "=\n\n");
    /* only control characters: an empty line, no response */
    ASSERT_RUN("\x01\x02\r\x7f\n\x0b\nname\n", "= Rin\n\n");
}

static void test_tabs_are_spaces(void **state)
{
    (void)state;
    ASSERT_RUN("\t7\tknown_command\tname\t\n", "=7 true\n\n");
    ASSERT_RUN("play\tb\t\tc15\nrin-position\n",
               "=\n\n= 16/2x13/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 1\n\n");
}

static void test_blank_and_comment_lines_get_no_response(void **state)
{
    (void)state;
    ASSERT_RUN("", "");
    ASSERT_RUN("\n\n \n\t\n\r\n# comment\n  # indented comment\n#\n", "");
    ASSERT_RUN("\n\nname\n\n\n", "= Rin\n\n");
    ASSERT_RUN("5 name # comment with = and ? and \\ and #\n", "=5 Rin\n\n");
}

static void test_last_line_without_newline(void **state)
{
    (void)state;
    ASSERT_RUN("name", "= Rin\n\n");
    ASSERT_RUN("name\n9 name", "= Rin\n\n=9 Rin\n\n");
    ASSERT_RUN("name\n# no newline at the end", "= Rin\n\n");
}

static void test_ids(void **state)
{
    (void)state;
    ASSERT_RUN("0 name\n", "=0 Rin\n\n");
    ASSERT_RUN("123 foo\n", "?123 unknown command 'foo'; help lists the commands\n\n");
    ASSERT_RUN("0042 version\n", "=42 " RIN_VERSION "\n\n");
    ASSERT_RUN("18446744073709551615 name\n", "=18446744073709551615 Rin\n\n");
    ASSERT_RUN("18446744073709551616 name\n", "? syntax error: the id is too large\n\n");
    ASSERT_RUN("77\n", "?77 syntax error: no command after the id\n\n");
    ASSERT_RUN("77 # only an id\n", "?77 syntax error: no command after the id\n\n");
}

static void test_nul_byte(void **state)
{
    (void)state;
    ASSERT_RUN("na\0me\nname\n", "? syntax error: NUL byte in the command line (byte 3)\n\n= Rin\n\n");
    ASSERT_RUN("4 name\0\n5 name\n", "?4 syntax error: NUL byte in the command line (byte 7)\n\n=5 Rin\n\n");
    /* a line of only NUL is not empty: it gets its error */
    ASSERT_RUN("\0\nname\n", "? syntax error: NUL byte in the command line (byte 1)\n\n= Rin\n\n");
    /* a failed play with a NUL inside leaves the board empty */
    ASSERT_RUN("play b c1\0\x35\nrin-position\n",
               "? syntax error: NUL byte in the command line (byte 10)\n\n"
               "= 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b 1\n\n");
    /* inside a comment it is part of the comment */
    ASSERT_RUN("name # a\0b\n", "= Rin\n\n");
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    ASSERT_RUN("name \xff\n", "? syntax error: invalid UTF-8 in the command line (byte 6, 0xFF)\n\n");
    ASSERT_RUN("3 play b c\xc3\n", "?3 syntax error: invalid UTF-8 in the command line (byte 11, 0xC3)\n\n");
    /* overlong NUL, surrogate, above U+10FFFF, lone continuation, truncated */
    ASSERT_RUN("known_command \xc0\x80\n", "? syntax error: invalid UTF-8 in the command line (byte 15, 0xC0)\n\n");
    ASSERT_RUN("known_command \xed\xa0\x80\n",
               "? syntax error: invalid UTF-8 in the command line (byte 15, 0xED)\n\n");
    ASSERT_RUN("known_command \xf4\x90\x80\x80\n",
               "? syntax error: invalid UTF-8 in the command line (byte 15, 0xF4)\n\n");
    ASSERT_RUN("known_command \x80\n", "? syntax error: invalid UTF-8 in the command line (byte 15, 0x80)\n\n");
    ASSERT_RUN("known_command \xe2\x82\n", "? syntax error: invalid UTF-8 in the command line (byte 15, 0xE2)\n\n");
    ASSERT_RUN("\xfe\n", "? syntax error: invalid UTF-8 in the command line (byte 1, 0xFE)\n\n");
    /* valid UTF-8 is just text */
    ASSERT_RUN("known_command h\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\n", "= false\n\n");
    ASSERT_RUN("play b \xc3\xa9\n",
               "? syntax error: invalid vertex '\xc3\xa9' (expected a letter A-Z without I and a row number)\n\n");
    /* anything goes in a comment */
    ASSERT_RUN("name # caf\xe9\n", "= Rin\n\n");
}

/* A line of `length` bytes: `head`, then `fill` up to the length. */
static char *long_line(const char *head, char fill, size_t length, const char *after)
{
    size_t head_length = strlen(head), after_length = strlen(after);
    char *s = malloc(length + after_length + 1);
    assert_non_null(s);
    memcpy(s, head, head_length);
    memset(s + head_length, fill, length - head_length);
    memcpy(s + length, after, after_length + 1);
    return s;
}

static void test_line_length_limit(void **state)
{
    (void)state;
    /* exactly the limit: an ordinary line */
    char *s = long_line("known_command ", 'x', GTP_LINE_MAX, "\nname\n");
    assert_run(s, strlen(s), "= false\n\n= Rin\n\n");
    free(s);
    /* one byte more: one error, then back in step */
    s = long_line("known_command ", 'x', GTP_LINE_MAX + 1, "\nname\n");
    assert_run(s, strlen(s), "? syntax error: line longer than 65536 bytes\n\n= Rin\n\n");
    free(s);
    /* far longer, with an id */
    s = long_line("12 play b ", 'y', 5 * GTP_LINE_MAX, "\n13 name\n");
    assert_run(s, strlen(s), "?12 syntax error: line longer than 65536 bytes\n\n=13 Rin\n\n");
    free(s);
    /* a long line of spaces is not a comment */
    s = long_line("", ' ', GTP_LINE_MAX + 10, "x\nname\n");
    assert_run(s, strlen(s), "? syntax error: line longer than 65536 bytes\n\n= Rin\n\n");
    free(s);
    /* a long comment is still a comment */
    s = long_line("  # ", 'z', 3 * GTP_LINE_MAX, "\nname\n");
    assert_run(s, strlen(s), "= Rin\n\n");
    free(s);
    /* NUL and invalid bytes in a long line: still one response */
    s = long_line("name ", '\0', 2 * GTP_LINE_MAX, "\xff\nname\n");
    assert_run(s, 2 * GTP_LINE_MAX + 7, "? syntax error: line longer than 65536 bytes\n\n= Rin\n\n");
    free(s);
    /* gtp_execute applies the same limit */
    Gtp *gtp = new_engine(1);
    s = long_line("name ", 'x', GTP_LINE_MAX + 1, "");
    const char *response;
    assert_true(gtp_execute(gtp, s, strlen(s), &response));
    assert_string_equal(response, "? syntax error: line longer than 65536 bytes\n\n");
    free(s);
    gtp_destroy(gtp);
}

static void test_quit_stops_reading(void **state)
{
    (void)state;
    ASSERT_RUN("quit\nname\n", "=\n\n");
    ASSERT_RUN("8 quit\nname\n", "=8\n\n");
    /* a failed quit does not quit */
    ASSERT_RUN("quit now\nname\n", "? syntax error: unexpected argument 'now'; usage: quit\n\n= Rin\n\n");
    Gtp *gtp = new_engine(1);
    assert_false(gtp_quit_requested(gtp));
    assert_exec(gtp, "quit", "=\n\n");
    assert_true(gtp_quit_requested(gtp));
    gtp_destroy(gtp);
}

static void test_execute_single_lines(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_null(exec(gtp, ""));
    assert_null(exec(gtp, "   "));
    assert_null(exec(gtp, "# comment"));
    assert_exec(gtp, "name", "= Rin\n\n");
    assert_exec(gtp, "version", "= " RIN_VERSION "\n\n");
    assert_exec(gtp, "2 name\n", "=2 Rin\n\n"); /* a trailing newline is allowed */
    const char *response;
    assert_true(gtp_execute(gtp, "name\0junk", 9, &response));
    assert_string_equal(response, "? syntax error: NUL byte in the command line (byte 5)\n\n");
    gtp_destroy(gtp);
}

/* ---- the command table ---- */

static void test_command_table(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    char list[4096];
    snprintf(list, sizeof list, "%s", exec(gtp, "list_commands"));
    assert_well_formed(list);
    /* list_commands is the table, in order, one name a line */
    char expected[4096] = "= ";
    size_t count = 0;
    for (const char *name; (name = gtp_command_name(count)); count++) {
        char known[128];
        snprintf(known, sizeof known, "known_command %s", name);
        assert_exec(gtp, known, "= true\n\n");
        strcat(expected, name);
        strcat(expected, "\n");
        assert_non_null(gtp_command_find(name));
    }
    strcat(expected, "\n");
    assert_string_equal(list, expected);
    assert_true(count >= 27);
    assert_null(gtp_command_name(count));
    assert_null(gtp_command_find("savesgf"));
    /* every standard command protocol/PROTOCOL.md lists for this stage is there */
    static const char *const required[] = {
        "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
        "clear_board", "komi", "play", "genmove", "reg_genmove", "undo", "showboard", "final_score",
        "time_settings", "time_left", "loadsgf", "printsgf", "gogui-rules_game_id", "gogui-rules_board_size",
        "gogui-rules_board", "gogui-rules_legal_moves", "gogui-rules_side_to_move", "gogui-rules_final_result",
        "gogui-analyze_commands", "rin-position", "rin-setposition", "rin-perft"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        assert_non_null(gtp_command_find(required[i]));
    /* help has a line for every command, short enough for an 80-column
     * terminal ("= " before the first) */
    const char *help = exec(gtp, "help");
    assert_well_formed(help);
    int width = 0;
    for (size_t i = 0; i < count; i++)
        if ((int)strlen(gtp_command_name(i)) > width)
            width = (int)strlen(gtp_command_name(i));
    for (size_t i = 0; i < count; i++) {
        const GtpCommand *command = gtp_command_find(gtp_command_name(i));
        assert_non_null(command->summary);
        assert_true(command->summary[0] != '\0');
        char line[128];
        snprintf(line, sizeof line, "%s%-*s  %s\n", i ? "" : "= ", width, command->name, command->summary);
        assert_non_null(strstr(help, line));
        assert_true(strlen(line) <= 80);
    }
    gtp_destroy(gtp);
}

static void test_unknown_player(void **state)
{
    (void)state;
    EngineOptions options, before;
    options_defaults(&options);
    before = options;
    char err[160];
    assert_false(options_set(&options, "player", "nobody", err, sizeof err));
    assert_non_null(strstr(err, "unknown player 'nobody'"));
    assert_memory_equal(&options, &before, sizeof options);
    assert_false(options_set(&options, "threads", "0", err, sizeof err));
    assert_false(options_set(&options, "hash", "99999999999999999999", err, sizeof err));
    assert_false(options_set(&options, "nodes", "-5", err, sizeof err));
    assert_false(options_set(&options, "nosuch", "1", err, sizeof err));
    assert_memory_equal(&options, &before, sizeof options);
    assert_true(options_set(&options, "player", "greedy", err, sizeof err));
    assert_string_equal(options.player, "greedy");
    assert_true(options_set(&options, "threads", "2", err, sizeof err));
    assert_int_equal(options.threads, 2);
}

static void test_options_and_analysis(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    /* the GoGui param form, one "[type] name value" line per option */
    const char *list = exec(gtp, "rin-option");
    assert_non_null(list);
    assert_int_equal(strncmp(list, "= [list/search/", 15), 0);
    assert_non_null(strstr(list, "] player random\n[string] threads 1\n[string] hash 64\n"));
    /* (a build with RIN_TUNE lists the search parameters after these) */
    assert_non_null(strstr(list, "\n[string] verbose 1\n[string] eval-file builtin\n"));
    assert_exec(gtp, "rin-option verbose 0", "=\n\n");
    /* analysis searches without playing, whatever the player */
    assert_exec(gtp, "boardsize 8", "=\n\n");
    assert_exec(gtp, "rin-setposition 8/8/3x4/2xo4/3x4/8/o7/8 b 2", "=\n\n");
    const char *analysis = exec(gtp, "rin-analyze depth 3");
    assert_non_null(analysis);
    assert_int_equal(strncmp(analysis, "= move E5 score cs ", 19), 0);
    assert_non_null(strstr(analysis, " depth 3 nodes "));
    assert_non_null(strstr(analysis, " pv E5"));
    assert_exec(gtp, "rin-position", "= 8/8/3x4/2xo4/3x4/8/o7/8 b 2\n\n");
    /* the search player takes the capture too, within a node limit */
    assert_exec(gtp, "rin-option player search", "=\n\n");
    assert_exec(gtp, "rin-option nodes 5000", "=\n\n");
    assert_exec(gtp, "genmove b", "= E5\n\n");
    assert_exec(gtp, "rin-position", "= 8/8/3x4/2xxx3/3x4/8/o7/8 w 1\n\n");
    /* a finished game cannot be analysed */
    assert_exec(gtp, "rin-setposition xxxx/xxxx/xxxx/xxxx w 1", "=\n\n");
    assert_exec(gtp, "rin-analyze", "? the game is over (no empty point left)\n\n");
    gtp_destroy(gtp);
}

/* rin-solve: the value of the current position under perfect play, the
 * same as rin solve's: the result for Black, the margin for the side to
 * move, a best stone and a line; the opening table; a time limit that
 * leaves it unproven with its bounds; a finished game. */
static void test_rin_solve(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "rin-option hash 16", "=\n\n");
    assert_exec(gtp, "boardsize 4", "=\n\n");
    const char *table = exec(gtp, "rin-solve openings");
    assert_well_formed(table);
    assert_int_equal(strncmp(table, "= result 0 margin 0 best ", 25), 0);
    assert_non_null(strstr(table, " pv "));
    assert_non_null(strstr(table, "\nA4 0\nB4 0\nC4 0 = B4\nD4 0 = A4\n"));
    assert_non_null(strstr(table, "\nD1 0 = A4\n\n"));
    assert_exec(gtp, "rin-setposition xoxo1/oxo2/x1ox1/2xo1/o3x w 2", "=\n\n");
    const char *value = exec(gtp, "rin-solve time 30");
    assert_int_equal(strncmp(value, "= result B+1 margin -1 best ", 28), 0);
    assert_non_null(strstr(value, " nodes "));
    assert_exec(gtp, "rin-position", "= xoxo1/oxo2/x1ox1/2xo1/o3x w 2\n\n");
    assert_exec(gtp, "boardsize 6", "=\n\n");
    const char *stopped = exec(gtp, "rin-solve time 0.2");
    /* asking "a win?" (+1) or, once the probe has searched it, "at least a draw?" (+0) */
    assert_int_equal(strncmp(stopped, "= result unproven lower -36 upper +36 target +", 46), 0);
    assert_true(strncmp(stopped + 46, "1 pn ", 5) == 0 || strncmp(stopped + 46, "0 pn ", 5) == 0);
    assert_exec(gtp, "rin-setposition xxxx/xxxx/xxxx/xxxo w 1", "=\n\n");
    const char *over = exec(gtp, "rin-solve");
    assert_int_equal(strncmp(over, "= result B+14 margin -14 nodes 0 time ", 38), 0);
    gtp_destroy(gtp);
}

/* The stone after `key` in a response ("best", "pv"), into vertex. */
static void word_after(const char *response, const char *key, char *vertex, size_t size)
{
    const char *at = strstr(response, key);
    assert_non_null(at);
    at += strlen(key);
    size_t n = strcspn(at, " \n");
    assert_true(n > 0 && n < size);
    memcpy(vertex, at, n);
    vertex[n] = '\0';
}

/* The kept values: whole positions compared (the same stones with the
 * other side to move are another position), a value replaced in place,
 * the oldest given up beyond GTP_PROVEN_MAX. */
static void test_proven_values_kept(void **state)
{
    (void)state;
    GtpProven *proven = calloc(1, sizeof *proven);
    assert_non_null(proven);
    /* all different: Black's opening stone and White's first */
    Position pos[GTP_PROVEN_MAX + 1];
    for (int i = 0; i <= GTP_PROVEN_MAX; i++) {
        pos_init(&pos[i], 16);
        pos_play(&pos[i], i % BB_POINTS);
        pos_play(&pos[i], (i % BB_POINTS + 1 + i / BB_POINTS) % BB_POINTS);
    }
    int margin;
    assert_false(gtp_proven_find(proven, &pos[0], &margin));
    gtp_proven_add(proven, &pos[0], 3);
    gtp_proven_add(proven, &pos[1], -5);
    gtp_proven_add(proven, &pos[0], 1);
    assert_true(gtp_proven_find(proven, &pos[0], &margin));
    assert_int_equal(margin, 1);
    assert_true(gtp_proven_find(proven, &pos[1], &margin));
    assert_int_equal(margin, -5);
    assert_int_equal(proven->count, 2);
    Position other = pos[1];
    other.ply++; /* White's second stone of the turn instead of its first */
    assert_false(gtp_proven_find(proven, &other, &margin));
    for (int i = 2; i <= GTP_PROVEN_MAX; i++)
        gtp_proven_add(proven, &pos[i], i);
    assert_int_equal(proven->count, GTP_PROVEN_MAX);
    assert_false(gtp_proven_find(proven, &pos[0], &margin));
    assert_true(gtp_proven_find(proven, &pos[1], &margin));
    assert_true(gtp_proven_find(proven, &pos[GTP_PROVEN_MAX], &margin));
    assert_int_equal(margin, GTP_PROVEN_MAX);
    free(proven);
}

/* Values rin-solve proved show as final in a later rin-analyze, one-shot
 * and streamed: the empty 4x4 board is a draw, and so is every position
 * on its line of perfect play; a stone whose value is not known keeps its
 * estimate. */
static void test_analysis_shows_solved_values(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "rin-option hash 16", "=\n\n");
    assert_exec(gtp, "boardsize 4", "=\n\n");
    const char *before = exec(gtp, "rin-analyze depth 1 multipv 16");
    assert_non_null(before);
    assert_null(strstr(before, "final"));
    char first[COORD_TEXT_MAX], second[COORD_TEXT_MAX], line[64];
    const char *solved = exec(gtp, "rin-solve");
    assert_int_equal(strncmp(solved, "= result 0 margin 0 ", 20), 0);
    word_after(solved, " pv ", first, sizeof first);
    word_after(strstr(solved, " pv ") + 4, " ", second, sizeof second);
    const char *after = exec(gtp, "rin-analyze depth 1 multipv 16");
    snprintf(line, sizeof line, "move %s score final 0 depth 1 ", first);
    assert_non_null(strstr(after, line));
    assert_non_null(strstr(after, " score cs "));
    /* one line: the stone's own value, when it is known */
    const char *one = exec(gtp, "rin-analyze depth 1 multipv 1");
    if (strncmp(one, "= move ", 7) == 0 && strncmp(one + 7, first, strlen(first)) == 0)
        assert_non_null(strstr(one, " score final 0 "));
    else
        assert_non_null(strstr(one, " score cs "));
    /* streamed, one stone further on the line */
    snprintf(line, sizeof line, "play b %s", first);
    assert_exec(gtp, line, "=\n\n");
    const char *input = "rin-analyze interval 1 depth 1 multipv 16\n";
    char *output = run_on(gtp, input, strlen(input));
    snprintf(line, sizeof line, " move %s score final 0 depth 1 ", second);
    assert_non_null(strstr(output, line));
    assert_non_null(strstr(output, " score cs "));
    free(output);
    gtp_destroy(gtp);
}

/* A proven draw reads "final 0", from the root solver (one line) and from
 * the search to the end (several lines): never as a win by SCORE_FINAL. */
static void test_proven_draw_reads_final_0(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "boardsize 8", "=\n\n");
    assert_exec(gtp, "rin-setposition 1xox1oo1/xxoxxo1x/oooxxxoo/xooxooox/oxxooxox/o1xoxxxx/xxxxooo1/2x1oxo1 w 1",
                "=\n\n");
    const char *one = exec(gtp, "rin-analyze depth 10");
    assert_non_null(one);
    assert_int_equal(strncmp(one, "= move E8 score final 0 depth 10 ", 33), 0);
    const char *lines = exec(gtp, "rin-analyze depth 10 multipv 3");
    assert_non_null(lines);
    int count = 0;
    for (const char *at = lines; (at = strstr(at, " score ")) != NULL; at++, count++)
        assert_int_equal(strncmp(at, " score final 0 depth 10 ", 24), 0);
    assert_int_equal(count, 3);
    gtp_destroy(gtp);
}

/* ---- failed commands change nothing ---- */

typedef struct Snapshot {
    Position pos;
    int history_length;
    bool clock_set;
    TimeControl clock[2];
    EngineOptions options;
    char position_string[POSSTR_MAX_TEXT];
} Snapshot;

static void snapshot(Gtp *gtp, Snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->pos = gtp->pos;
    s->history_length = gtp->history_length;
    s->clock_set = gtp->clock_set;
    s->clock[0] = gtp->clock[0];
    s->clock[1] = gtp->clock[1];
    s->options = gtp->options;
    const char *response = exec(gtp, "rin-position");
    assert_non_null(response);
    snprintf(s->position_string, sizeof s->position_string, "%s", response);
}

static void assert_unchanged(Gtp *gtp, const Snapshot *before)
{
    Snapshot after;
    snapshot(gtp, &after);
    assert_string_equal(after.position_string, before->position_string);
    assert_true(pos_same(&after.pos, &before->pos));
    assert_true(after.pos.hash == before->pos.hash);
    assert_int_equal(after.pos.ply, before->pos.ply);
    assert_int_equal(after.history_length, before->history_length);
    assert_int_equal(after.clock_set, before->clock_set);
    /* field by field: the structs' padding bytes are never written */
    for (int c = 0; c < 2; c++) {
        const TimeControl *a = &after.clock[c], *b = &before->clock[c];
        assert_int_equal(a->limited, b->limited);
        assert_int_equal(a->main_ms, b->main_ms);
        assert_int_equal(a->byo_ms, b->byo_ms);
        assert_int_equal(a->byo_stones, b->byo_stones);
        assert_int_equal(a->left_ms, b->left_ms);
        assert_int_equal(a->left_stones, b->left_stones);
    }
    assert_memory_equal(&after.options, &before->options, sizeof after.options);
}

static const char *const bad_commands[] = {
    "play b c15", /* Black's turn is over after the opening stone */
    "play w c15", "play w pass", "play w A17", "play w R1", "play w I5", "play w c0", "play w 99999999999999999999",
    "play w c99999999999999999999", "play x d4", "play", "play w", "play w d4 d5", "genmove b", "genmove", "genmove x",
    "genmove w w", "reg_genmove b", "reg_genmove", "boardsize 3", "boardsize 17", "boardsize 99999999999999999999",
    "boardsize -1", "boardsize x", "boardsize", "boardsize 9 9", "clear_board x", "komi nan", "komi inf",
    "komi 1e400", "komi -1e400", "komi 1e-400", "komi x", "komi", "komi 1 2", "komi 1001", "time_settings 1 2",
    "time_settings -1 0 0", "time_settings 1 2 99999999999999999999", "time_settings a b c", "time_left b 1",
    "time_left x 1 1", "time_left b -1 0", "time_left b 1 99999999999999999999", "rin-setposition",
    "rin-setposition 4/4/4 b 1", "rin-setposition 4/4/4/4 w 1", "rin-setposition 4/4/4/4 b 1 x",
    "rin-setposition 5/1xxx1/1x1x1/1xxx1/5 w 1", "rin-perft", "rin-perft -1", "rin-perft 6", "rin-perft x",
    "rin-perft 99999999999999999999", "showboard x", "final_score x", "rin-position x", "undo x",
    "gogui-rules_board x", "list_commands x", "known_command", "quit x", "foo", "7", "\xff", "play b\0",
    "rin-option nosuch", "rin-option nosuch 1", "rin-option threads 0", "rin-option threads x",
    "rin-option hash 99999999999999999999", "rin-option player nobody", "rin-option depth -1",
    "rin-option a b c", "rin-analyze depth", "rin-analyze foo 1", "rin-analyze depth 0", "rin-analyze nodes x",
    "rin-analyze movetime 1 depth", "rin-solve x", "rin-solve time", "rin-solve time 0", "rin-solve time x",
    "rin-solve openings openings x"};

/* Writes `size` bytes of the built-in weights file, with byte `flip` (if
 * below size) changed, to a new temporary file; returns its name. */
static char *weights_file(size_t size, size_t flip)
{
    extern const unsigned char eval_default_bytes[];
    extern const size_t eval_default_size;
    assert_true(size <= eval_default_size);
    static char name[64];
    strcpy(name, "/tmp/rin-test-weights-XXXXXX");
    int fd = mkstemp(name);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "wb");
    assert_non_null(out);
    for (size_t i = 0; i < size; i++)
        fputc(i == flip ? eval_default_bytes[i] ^ 0x40 : eval_default_bytes[i], out);
    fclose(out);
    return name;
}

/* The answer to setting eval-file while a pattern model evaluates. */
#define EVAL_FILE_WARNING                                                                                          \
    "= warning: the pattern model (pattern-file) evaluates positions; the eval-file's weights give only their "     \
    "result curve (from a margin to a win, draw or loss); pattern-file none evaluates with them\n\n"

static void test_eval_file_option(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    char line[256], expected[256];
    assert_exec(gtp, "rin-option eval-file", "= builtin\n\n");
    assert_exec(gtp, "rin-option eval-file /nonexistent/weights",
                "? cannot open /nonexistent/weights: No such file or directory (weights unchanged)\n\n");
    assert_exec(gtp, "rin-option eval-file", "= builtin\n\n");
    assert_exec(gtp, "rin-option eval-file classic", EVAL_FILE_WARNING);
    assert_exec(gtp, "rin-option eval-file", "= classic\n\n");
    /* a good file is taken, and named by the option */
    extern const size_t eval_default_size;
    char good[64];
    snprintf(good, sizeof good, "%s", weights_file(eval_default_size, SIZE_MAX));
    snprintf(line, sizeof line, "rin-option eval-file %s", good);
    assert_exec(gtp, line, EVAL_FILE_WARNING);
    snprintf(expected, sizeof expected, "= %s\n\n", good);
    assert_exec(gtp, "rin-option eval-file", expected);
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    const char *move = exec(gtp, "genmove w");
    assert_non_null(move);
    assert_int_equal(move[0], '=');
    remove(good);
    /* truncated and corrupt files are refused and the weights kept */
    struct {
        size_t size, flip;
        const char *why;
    } bad[] = {{10, SIZE_MAX, "the file is truncated"},
               {eval_default_size - 3, SIZE_MAX, "the file is truncated"},
               {eval_default_size, 100, "checksum mismatch: the file is corrupt"},
               {eval_default_size, 0, "not a Rin weights file"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *name = weights_file(bad[i].size, bad[i].flip);
        snprintf(line, sizeof line, "rin-option eval-file %s", name);
        snprintf(expected, sizeof expected, "? cannot load %s: %s (weights unchanged)\n\n", name, bad[i].why);
        assert_exec(gtp, line, expected);
        snprintf(expected, sizeof expected, "= %s\n\n", good);
        assert_exec(gtp, "rin-option eval-file", expected);
        remove(name);
    }
    assert_exec(gtp, "rin-option eval-file classic", EVAL_FILE_WARNING);
    assert_exec(gtp, "rin-option eval-file", "= classic\n\n");
    /* the default weights change nothing that was asked for: no warning */
    assert_exec(gtp, "rin-option eval-file builtin", "=\n\n");
    assert_exec(gtp, "rin-option eval-file classic", EVAL_FILE_WARNING);
    /* without a pattern model the weights evaluate: no warning */
    assert_exec(gtp, "rin-option pattern-file none", "=\n\n");
    assert_exec(gtp, "rin-option eval-file builtin", "=\n\n");
    gtp_destroy(gtp);
}

/* A small pattern model's weights file in /tmp (its name returned). */
static char *pattern_file(void)
{
    static char name[64];
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23), .stages = 2, .tactical = 1};
    NtupleModel *model = NULL;
    assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)(i % 7) / 7.0f - 0.5f;
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    assert_non_null(bytes);
    strcpy(name, "/tmp/rin-test-patterns-XXXXXX");
    int fd = mkstemp(name);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(bytes, 1, size, out), size);
    fclose(out);
    free(bytes);
    ntuple_model_destroy(model);
    return name;
}

static void test_pattern_file_option(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    char line[256], expected[256];
    assert_exec(gtp, "rin-option pattern-file", "= builtin\n\n");
    assert_exec(gtp, "rin-option pattern-file /nonexistent/patterns",
                "? cannot open /nonexistent/patterns: No such file or directory (patterns unchanged)\n\n");
    assert_exec(gtp, "rin-option pattern-file", "= builtin\n\n");
    /* the eval-file weights are a different format: refused */
    extern const size_t eval_default_size;
    char *weights = weights_file(eval_default_size, SIZE_MAX);
    snprintf(line, sizeof line, "rin-option pattern-file %s", weights);
    snprintf(expected, sizeof expected, "? cannot load %s: not a Rin pattern weights file (patterns unchanged)\n\n",
             weights);
    assert_exec(gtp, line, expected);
    remove(weights);
    /* a good file is taken; the search player and the analysis use it */
    char *good = pattern_file();
    snprintf(line, sizeof line, "rin-option pattern-file %s", good);
    assert_exec(gtp, line, "=\n\n");
    snprintf(expected, sizeof expected, "= %s\n\n", good);
    assert_exec(gtp, "rin-option pattern-file", expected);
    assert_exec(gtp, "rin-option verbose 0", "=\n\n");
    assert_exec(gtp, "rin-option player search", "=\n\n");
    assert_exec(gtp, "boardsize 7", "=\n\n");
    assert_exec(gtp, "play b d4", "=\n\n");
    const char *move = exec(gtp, "genmove w");
    assert_non_null(move);
    assert_int_equal(move[0], '=');
    const char *analysis = exec(gtp, "rin-analyze depth 2");
    assert_non_null(analysis);
    assert_int_equal(strncmp(analysis, "= move ", 7), 0);
    remove(good);
    assert_exec(gtp, "rin-option pattern-file none", "=\n\n");
    assert_exec(gtp, "rin-option pattern-file", "= none\n\n");
    assert_exec(gtp, "rin-option pattern-file builtin", "=\n\n");
    assert_exec(gtp, "rin-option pattern-file", "= builtin\n\n");
    gtp_destroy(gtp);
}

/* No network by default (the pattern model evaluates); builtin loads the
 * built-in one and none hands the evaluation back; a file that cannot be
 * loaded changes nothing; the search plays with whichever is loaded. */
static void test_net_file_option(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "rin-option net-file", "= none\n\n");
    assert_exec(gtp, "rin-option net-file /nonexistent/network",
                "? cannot open /nonexistent/network: No such file or directory (network unchanged)\n\n");
    assert_exec(gtp, "rin-option net-file", "= none\n\n");
    char *patterns = pattern_file();
    char line[256], expected[256];
    snprintf(line, sizeof line, "rin-option net-file %s", patterns);
    snprintf(expected, sizeof expected, "? cannot load %s: not a Rin network weights file (network unchanged)\n\n",
             patterns);
    assert_exec(gtp, line, expected);
    remove(patterns);
    assert_exec(gtp, "rin-option verbose 0", "=\n\n");
    assert_exec(gtp, "boardsize 7", "=\n\n");
    assert_exec(gtp, "play b d4", "=\n\n");
    const char *names[] = {"builtin", "none"};
    for (int i = 0; i < 2; i++) {
        snprintf(line, sizeof line, "rin-option net-file %s", names[i]);
        assert_exec(gtp, line, "=\n\n");
        snprintf(expected, sizeof expected, "= %s\n\n", names[i]);
        assert_exec(gtp, "rin-option net-file", expected);
        const char *analysis = exec(gtp, "rin-analyze depth 2");
        assert_non_null(analysis);
        assert_int_equal(strncmp(analysis, "= move ", 7), 0);
    }
    gtp_destroy(gtp);
}

static void test_failed_commands_change_nothing(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "komi 6.5", "=\n\n");
    assert_exec(gtp, "time_settings 300 30 5", "=\n\n");
    assert_exec(gtp, "time_left b 100 0", "=\n\n");
    assert_exec(gtp, "play b c15", "=\n\n");
    assert_exec(gtp, "play w d4", "=\n\n");
    for (size_t i = 0; i < sizeof bad_commands / sizeof bad_commands[0]; i++) {
        Snapshot before;
        snapshot(gtp, &before);
        const char *line = bad_commands[i];
        size_t length = strlen(line) + (strcmp(line, "play b") == 0); /* the last one ends in a NUL */
        const char *response;
        assert_true(gtp_execute(gtp, line, length, &response));
        assert_well_formed(response);
        if (response[0] != '?')
            fail_msg("'%s' should fail but answered %s", line, response);
        assert_unchanged(gtp, &before);
    }
    gtp_destroy(gtp);
}

static void test_turn_errors_name_the_turn(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "play w c15", "? illegal move: it is black's turn (opening stone)\n\n");
    assert_exec(gtp, "genmove w", "? illegal move: it is black's turn (opening stone)\n\n");
    assert_exec(gtp, "play b c15", "=\n\n");
    assert_exec(gtp, "reg_genmove b", "? illegal move: it is white's turn (first of two stones)\n\n");
    assert_exec(gtp, "play w c14", "=\n\n");
    assert_exec(gtp, "play b c13", "? illegal move: it is white's turn (second of two stones)\n\n");
    assert_exec(gtp, "play w c13", "=\n\n");
    assert_exec(gtp, "genmove white", "? illegal move: it is black's turn (first of two stones)\n\n");
    gtp_destroy(gtp);
}

/* ---- whole games ---- */

/* Plays a game by genmove on every size, checking each answer, then takes
 * every stone back with undo, checking each position on the way. */
static void test_genmove_games_and_undo(void **state)
{
    (void)state;
    for (int size = 4; size <= 16; size++) {
        Gtp *gtp = new_engine((uint64_t)size);
        char line[64];
        snprintf(line, sizeof line, "boardsize %d", size);
        assert_exec(gtp, line, "=\n\n");
        static char positions[GTP_HISTORY_MAX + 1][POSSTR_MAX_TEXT];
        int stones = 0;
        snprintf(positions[0], POSSTR_MAX_TEXT, "%s", exec(gtp, "rin-position"));
        for (;;) {
            const char *legal = exec(gtp, "gogui-rules_legal_moves");
            if (strcmp(legal, "=\n\n") == 0)
                break;
            int empty = pos_empty_count(&gtp->pos);
            char side[16];
            snprintf(side, sizeof side, "%s", exec(gtp, "gogui-rules_side_to_move") + 2);
            side[strlen(side) - 2] = '\0';
            /* the other colour is refused */
            snprintf(line, sizeof line, "genmove %s", strcmp(side, "black") == 0 ? "w" : "b");
            assert_int_equal(exec(gtp, line)[0], '?');
            /* reg_genmove names a legal point and plays nothing */
            snprintf(line, sizeof line, "reg_genmove %s", side);
            const char *reg = exec(gtp, line);
            assert_well_formed(reg);
            assert_int_equal(reg[0], '=');
            assert_int_equal(pos_empty_count(&gtp->pos), empty);
            snprintf(line, sizeof line, "genmove %s", side);
            const char *response = exec(gtp, line);
            assert_well_formed(response);
            assert_int_equal(response[0], '=');
            char vertex[8];
            snprintf(vertex, sizeof vertex, "%.*s", (int)(strlen(response) - 4), response + 2);
            int point;
            assert_int_equal(coord_parse(vertex, size, &point), COORD_OK);
            char listed[1200], needle[16];
            snprintf(listed, sizeof listed, " %.*s ", (int)(strlen(legal) - 4), legal + 2);
            snprintf(needle, sizeof needle, " %s ", vertex);
            assert_non_null(strstr(listed, needle));
            assert_int_equal(pos_at(&gtp->pos, point), strcmp(side, "black") == 0 ? COLOR_BLACK : COLOR_WHITE);
            assert_true(pos_empty_count(&gtp->pos) < empty);
            stones++;
            snprintf(positions[stones], POSSTR_MAX_TEXT, "%s", exec(gtp, "rin-position"));
        }
        /* the game is over: the result agrees with the counts */
        const char *result = exec(gtp, "gogui-rules_final_result");
        int score = pos_score(&gtp->pos);
        char expected[32];
        snprintf(expected, sizeof expected, "= %c+%d\n\n", score > 0 ? 'B' : 'W', abs(score));
        assert_string_equal(result, score == 0 ? "= draw\n\n" : expected);
        assert_int_equal(exec(gtp, "genmove b")[0], '?');
        assert_int_equal(exec(gtp, "genmove w")[0], '?');
        for (int i = stones; i > 0; i--) {
            assert_string_equal(exec(gtp, "rin-position"), positions[i]);
            assert_exec(gtp, "undo", "=\n\n");
        }
        assert_string_equal(exec(gtp, "rin-position"), positions[0]);
        assert_int_equal(exec(gtp, "undo")[0], '?');
        gtp_destroy(gtp);
    }
}

static void test_genmove_depends_on_seed_only(void **state)
{
    (void)state;
    Gtp *a = new_engine(42), *b = new_engine(42);
    const char *const colours[] = {"b", "w", "w", "b", "b", "w", "w", "b"};
    for (int i = 0; i < 8; i++) {
        char line[32];
        snprintf(line, sizeof line, "genmove %s", colours[i]);
        char first[32];
        snprintf(first, sizeof first, "%s", exec(a, line));
        assert_string_equal(exec(b, line), first);
    }
    gtp_destroy(a);
    gtp_destroy(b);
}

/* A fixed time per stone is used, not kept: a stone the search cannot prove
 * takes at least nine tenths of --movetime, whether it opens the game, starts
 * a turn or follows the plan made with the turn's first stone. The search
 * stops only once its time is up by the clock on the wall, so a busy machine
 * makes the stones longer, never shorter. */
static void test_movetime_is_used(void **state)
{
    (void)state;
    enum { MOVETIME_MS = 300 };
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "rin-option player search", "=\n\n");
    assert_exec(gtp, "rin-option verbose 0", "=\n\n");
    char line[64];
    snprintf(line, sizeof line, "rin-option movetime %d", MOVETIME_MS);
    assert_exec(gtp, line, "=\n\n");
    assert_exec(gtp, "boardsize 12", "=\n\n");
    /* the opening stone, then both of White's: the second is the planned one */
    const char *const colours[] = {"b", "w", "w"};
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, "genmove %s", colours[i]);
        int64_t start = clock_now_ms();
        assert_int_equal(exec(gtp, line)[0], '=');
        int64_t used = clock_now_ms() - start;
        if (used < MOVETIME_MS * 9 / 10)
            fail_msg("stone %d took %lld ms of %d", i + 1, (long long)used, MOVETIME_MS);
    }
    gtp_destroy(gtp);
}

/* The clock a controller sets is to the millisecond (time_settings and
 * time_left take decimal seconds, as rin-match sends 100 ms a stone), and
 * a fixed --movetime wins over it: a match runner that tells every engine
 * the time must not change what an engine given its own --movetime plays. */
static void test_clock_in_decimal_seconds_and_movetime_wins(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(1);
    assert_exec(gtp, "rin-option margin 50", "=\n\n");
    assert_exec(gtp, "time_settings 0 0.3 1", "=\n\n");
    PlayerLimits limits = gtp_stone_limits(gtp);
    assert_int_equal(limits.hard_ms, 300 - 50);
    assert_exec(gtp, "time_left b 0.12 1", "=\n\n");
    assert_int_equal(gtp_stone_limits(gtp).hard_ms, 120 - 50);
    /* the engine's own time per stone, longer or shorter than the clock's */
    assert_exec(gtp, "rin-option movetime 1000", "=\n\n");
    limits = gtp_stone_limits(gtp);
    assert_int_equal(limits.hard_ms, 1000 - 50);
    assert_int_equal(limits.soft_ms, 1000 - 50);
    assert_exec(gtp, "time_left b 30 0", "=\n\n");
    assert_int_equal(gtp_stone_limits(gtp).hard_ms, 1000 - 50);
    assert_exec(gtp, "rin-option movetime 100", "=\n\n");
    assert_int_equal(gtp_stone_limits(gtp).hard_ms, 100 - 100 / 20);
    gtp_destroy(gtp);
}

static void test_final_score_matches_counts(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(7);
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "komi 2.5", "=\n\n");
    while (!pos_is_over(&gtp->pos)) {
        char line[32];
        snprintf(line, sizeof line, "genmove %s", pos_to_move(&gtp->pos) == COLOR_BLACK ? "b" : "w");
        assert_int_equal(exec(gtp, line)[0], '=');
    }
    /* the stones alone: Rin has no komi */
    int score = pos_score(&gtp->pos);
    char expected[32];
    if (score == 0)
        snprintf(expected, sizeof expected, "= 0\n\n");
    else
        snprintf(expected, sizeof expected, "= %c+%d\n\n", score > 0 ? 'B' : 'W', score > 0 ? score : -score);
    assert_exec(gtp, "final_score", expected);
    gtp_destroy(gtp);
}

/* ---- junk ---- */

static const char *const junk_words[] = {
    "play", "genmove", "reg_genmove", "undo", "boardsize", "komi", "rin-setposition", "rin-perft", "known_command",
    "time_left", "time_settings", "showboard", "final_score", "clear_board", "gogui-rules_board", "b", "w", "x",
    "black", "WHITE", "c15", "A1", "q16", "pass", "Z99", "0", "1", "4", "16", "-1", "99999999999999999999", "1e400",
    "nan", "6.5", "#", "\t", "\r", "\x01", "\xff", "\xc3\xa9", "\xc3", "=", "?", "4/1x2/2o1/4", "b 1", "w 2",
    "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16", "12", "007", "  ", "\x7f"};

/* Random lines of junk words: each line gets at most one well-formed
 * response, and a failure changes nothing. */
static void test_junk_lines(void **state)
{
    (void)state;
    Gtp *gtp = new_engine(3);
    Rng rng;
    rng_seed(&rng, 2024);
    size_t words = sizeof junk_words / sizeof junk_words[0];
    for (int i = 0; i < 20000; i++) {
        char line[512] = "";
        size_t length = 0;
        int count = (int)rng_below(&rng, 6);
        for (int k = 0; k < count; k++) {
            const char *word = junk_words[rng_below(&rng, (uint32_t)words)];
            size_t n = strlen(word);
            if (length + n + 2 >= sizeof line)
                break;
            memcpy(line + length, word, n);
            length += n;
            if (rng_below(&rng, 4))
                line[length++] = ' ';
            if (rng_below(&rng, 50) == 0)
                line[length++] = '\0';
        }
        Snapshot before;
        snapshot(gtp, &before);
        const char *response;
        if (!gtp_execute(gtp, line, length, &response))
            continue;
        assert_well_formed(response);
        if (response[0] == '?')
            assert_unchanged(gtp, &before);
    }
    gtp_destroy(gtp);
}

/* The same junk as one stream: the engine stays in step to the end. */
static void test_junk_stream_stays_in_step(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 99);
    size_t capacity = 1 << 18, length = 0;
    char *input = malloc(capacity + 64);
    assert_non_null(input);
    size_t words = sizeof junk_words / sizeof junk_words[0];
    size_t lines = 0;
    while (length < capacity - 1024) {
        int count = (int)rng_below(&rng, 6);
        for (int k = 0; k < count; k++) {
            const char *word = junk_words[rng_below(&rng, (uint32_t)words)];
            if (strcmp(word, "\r") == 0 && rng_below(&rng, 2))
                word = "\0";
            size_t n = strcmp(word, "\0") == 0 ? 1 : strlen(word);
            memcpy(input + length, word, n);
            length += n;
            input[length++] = ' ';
        }
        input[length++] = '\n';
        lines++;
    }
    const char tail[] = "31337 name\n";
    memcpy(input + length, tail, sizeof tail - 1);
    length += sizeof tail - 1;
    char *output = run_bytes(input, length);
    /* every response is well formed, and the last one answers the last line */
    size_t responses = 0;
    for (char *r = output; *r; responses++) {
        char *end = strstr(r, "\n\n");
        assert_non_null(end);
        char saved = end[2];
        end[2] = '\0';
        assert_well_formed(r);
        end[2] = saved;
        r = end + 2;
    }
    assert_true(responses > 0 && responses <= lines + 1);
    size_t output_length = strlen(output);
    assert_true(output_length > 15);
    assert_string_equal(output + output_length - 12, "=31337 Rin\n\n");
    free(output);
    free(input);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_control_characters_removed),
        cmocka_unit_test(test_tabs_are_spaces),
        cmocka_unit_test(test_blank_and_comment_lines_get_no_response),
        cmocka_unit_test(test_last_line_without_newline),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_line_length_limit),
        cmocka_unit_test(test_quit_stops_reading),
        cmocka_unit_test(test_execute_single_lines),
        cmocka_unit_test(test_command_table),
        cmocka_unit_test(test_unknown_player),
        cmocka_unit_test(test_options_and_analysis),
        cmocka_unit_test(test_rin_solve),
        cmocka_unit_test(test_proven_draw_reads_final_0),
        cmocka_unit_test(test_eval_file_option),
        cmocka_unit_test(test_pattern_file_option),
        cmocka_unit_test(test_net_file_option),
        cmocka_unit_test(test_failed_commands_change_nothing),
        cmocka_unit_test(test_turn_errors_name_the_turn),
        cmocka_unit_test(test_genmove_games_and_undo),
        cmocka_unit_test(test_genmove_depends_on_seed_only),
        cmocka_unit_test(test_movetime_is_used),
        cmocka_unit_test(test_clock_in_decimal_seconds_and_movetime_wins),
        cmocka_unit_test(test_final_score_matches_counts),
        cmocka_unit_test(test_junk_lines),
        cmocka_unit_test(test_junk_stream_stays_in_step),
        cmocka_unit_test(test_proven_values_kept),
        cmocka_unit_test(test_analysis_shows_solved_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
