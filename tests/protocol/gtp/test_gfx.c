/* GoGui overlays (rin-gfx_*): every command's answer in GoGui's gfx format,
 * checked by name, and the analyze menu that offers them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/coord.h"
#include "formats/posstr.h"
#include "gtp/gtp.h"
#include "gtp/gtp_commands.h"

static Gtp *new_engine(void)
{
    EngineOptions options;
    options_defaults(&options);
    options.verbose = 0;
    Gtp *gtp = gtp_create(&options);
    assert_non_null(gtp);
    return gtp;
}

/* The response to one command, copied (the caller frees it). */
static char *exec(Gtp *gtp, const char *line)
{
    const char *response;
    assert_true(gtp_execute(gtp, line, strlen(line), &response));
    return strdup(response);
}

static void assert_exec(Gtp *gtp, const char *line, const char *expected)
{
    char *response = exec(gtp, line);
    assert_string_equal(response, expected);
    free(response);
}

/* The lines of a successful gfx response, without "= " and the final
 * empty line; `count` receives how many. */
static char **gfx_lines(Gtp *gtp, const char *command, int *count)
{
    char *response = exec(gtp, command);
    assert_int_equal(strncmp(response, "= ", 2), 0);
    size_t length = strlen(response);
    assert_true(length >= 4 && strcmp(response + length - 2, "\n\n") == 0);
    response[length - 2] = '\0';
    char **lines = calloc(64, sizeof *lines);
    int n = 0;
    for (char *save = NULL, *line = strtok_r(response + 2, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        assert_true(n < 64);
        lines[n++] = strdup(line);
    }
    free(response);
    *count = n;
    return lines;
}

static void free_lines(char **lines, int count)
{
    for (int i = 0; i < count; i++)
        free(lines[i]);
    free(lines);
}

/* A vertex of the board, as a point. */
static int vertex_point(const char *word, int size)
{
    int point;
    assert_int_equal(coord_parse(word, size, &point), COORD_OK);
    return point;
}

static void test_gfx_immune(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    /* black A6 B6 on the edge, C5 only diagonal to them; white F1 in the
     * corner, D2 alone inside */
    assert_exec(gtp, "rin-setposition xx4/2x3/6/6/3o2/5o w 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_immune",
                "= SQUARE A6 B6\nMARK F1\nTEXT immune stones (never capturable): black 2 (squares), white 1 "
                "(marks)\n\n");
    /* none at all: only the text */
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "rin-gfx_immune", "= TEXT immune stones (never capturable): black 0 (squares), white 0 (marks)\n\n");
    gtp_destroy(gtp);
}

static void test_gfx_fills(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    /* black E5 closes the ring around white D5: it fills D5 and captures
     * the stone there, 2 stones gained */
    assert_exec(gtp, "rin-setposition 8/8/3x4/2xo4/3x4/8/o7/8 b 2", "=\n\n");
    int count;
    char **lines = gfx_lines(gtp, "rin-gfx_fills", &count);
    assert_int_equal(count, 3);
    assert_string_equal(lines[0], "LABEL E5 B2");
    assert_string_equal(lines[1], "COLOR #4080ff D5");
    assert_int_equal(strncmp(lines[2], "TEXT fill points", 16), 0);
    assert_non_null(strstr(lines[2], "black 1 (best +2), white 0 (best +0)"));
    free_lines(lines, count);
    /* C4 closes a black ring around white B4 and a white ring around
     * black D4: both labels, black first */
    assert_exec(gtp, "rin-setposition 6/1x1o2/xo1xo1/1x1o2/6/6 b 2", "=\n\n");
    lines = gfx_lines(gtp, "rin-gfx_fills", &count);
    assert_int_equal(count, 4);
    assert_string_equal(lines[0], "LABEL C4 B2/W2");
    assert_string_equal(lines[1], "COLOR #4080ff B4");
    assert_string_equal(lines[2], "COLOR #ff8040 D4");
    free_lines(lines, count);
    gtp_destroy(gtp);
}

static void test_gfx_ownership(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "rin-setposition xx4/2x3/6/6/3o2/5o w 1", "=\n\n");
    int count;
    char **lines = gfx_lines(gtp, "rin-gfx_ownership", &count);
    assert_int_equal(count, 2);
    assert_int_equal(strncmp(lines[0], "INFLUENCE ", 10), 0);
    /* one "vertex value" pair per point, values in [-1, 1] */
    int pairs = 0;
    char *save = NULL;
    strtok_r(lines[0], " ", &save);
    for (char *vertex; (vertex = strtok_r(NULL, " ", &save));) {
        char *value = strtok_r(NULL, " ", &save);
        assert_non_null(value);
        int point = vertex_point(vertex, 6);
        char *end;
        double v = strtod(value, &end);
        assert_true(*end == '\0' && v >= -1.0 && v <= 1.0);
        if (point == vertex_point("A6", 6))
            assert_true(v == 1.0); /* an immune black stone */
        if (point == vertex_point("F1", 6))
            assert_true(v == -1.0); /* an immune white stone */
        pairs++;
    }
    assert_int_equal(pairs, 36);
    assert_int_equal(strncmp(lines[1], "TEXT ownership estimate (2000 random games from here): black ", 61), 0);
    free_lines(lines, count);
    gtp_destroy(gtp);
}

/* The overlay GoGui draws after a few stones is not blank (GoGui leaves out
 * a point below 0.01 and draws one at 0.1 as a small square), and no value
 * reads -0.00. */
static void test_gfx_ownership_shows_the_board(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "rin-setposition 8/8/3x4/2xo4/3x4/8/o7/8 b 2", "=\n\n");
    int count;
    char **lines = gfx_lines(gtp, "rin-gfx_ownership", &count);
    assert_int_equal(count, 2);
    assert_null(strstr(lines[0], "-0.00"));
    int shown = 0;
    char *save = NULL;
    strtok_r(lines[0], " ", &save);
    for (char *vertex; (vertex = strtok_r(NULL, " ", &save));) {
        double v = strtod(strtok_r(NULL, " ", &save), NULL);
        shown += v >= 0.1 || v <= -0.1;
    }
    /* the classic evaluation's terms showed only the 5 stones and the point D5 */
    assert_true(shown >= 12);
    assert_null(strstr(lines[1], "-0.0 "));
    free_lines(lines, count);
    /* the same every time: the random games follow the seed option */
    char *first = exec(gtp, "rin-gfx_ownership"), *again = exec(gtp, "rin-gfx_ownership");
    assert_string_equal(first, again);
    free(first);
    free(again);
    /* a full board: the stones themselves */
    assert_exec(gtp, "rin-setposition xxxx/xxxx/oooo/oooo b 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_ownership",
                "= INFLUENCE A4 1.00 B4 1.00 C4 1.00 D4 1.00 A3 1.00 B3 1.00 C3 1.00 D3 1.00 A2 -1.00 B2 -1.00 C2 "
                "-1.00 D2 -1.00 A1 -1.00 B1 -1.00 C1 -1.00 D1 -1.00\nTEXT ownership: the board is full, black 0.0 "
                "stones\n\n");
    gtp_destroy(gtp);
}

static void test_gfx_pv(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 6", "=\n\n");
    assert_exec(gtp, "rin-option depth 5", "=\n\n");
    assert_exec(gtp, "play b c3", "=\n\n");
    int count;
    char **lines = gfx_lines(gtp, "rin-gfx_pv", &count);
    assert_int_equal(count, 2);
    /* VAR then colour and vertex pairs in Rin's order: white, white,
     * black, black, ... from here; every stone legal */
    Position pos;
    char err[160];
    assert_true(posstr_parse("6/6/6/2x3/6/6 w 1", &pos, err, sizeof err));
    char *save = NULL;
    assert_string_equal(strtok_r(lines[0], " ", &save), "VAR");
    int stones = 0;
    for (char *color; (color = strtok_r(NULL, " ", &save));) {
        char *vertex = strtok_r(NULL, " ", &save);
        assert_non_null(vertex);
        assert_string_equal(color, pos_to_move(&pos) == COLOR_BLACK ? "b" : "w");
        int point = vertex_point(vertex, 6);
        assert_int_equal(pos_check(&pos, pos_to_move(&pos), point), POS_OK);
        pos_play(&pos, point);
        stones++;
    }
    assert_true(stones >= 5);
    /* the score in stones, as the candidates give it, not in centistones */
    assert_int_equal(strncmp(lines[1], "TEXT principal variation for white: ", 36), 0);
    assert_non_null(strstr(lines[1], " stones for white, depth "));
    assert_null(strstr(lines[1], "cs"));
    free_lines(lines, count);
    /* proven results: a draw, and a loss by 2 */
    assert_exec(gtp, "rin-setposition xxxx/xxxx/oooo/ooo1 w 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_pv", "= VAR w D1\nTEXT principal variation for white: a draw (proven), depth 1\n\n");
    assert_exec(gtp, "rin-setposition xxxx/xxxx/xooo/ooo1 w 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_pv",
                "= VAR w D1\nTEXT principal variation for white: -2 stones for white (proven), depth 1\n\n");
    /* nothing to show at the end of the game */
    assert_exec(gtp, "rin-setposition xxxx/xxxx/oooo/oooo b 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_pv", "? the game is over (no empty point left)\n\n");
    gtp_destroy(gtp);
}

static void test_gfx_candidates(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 7", "=\n\n");
    assert_exec(gtp, "rin-option depth 3", "=\n\n");
    int count;
    char **lines = gfx_lines(gtp, "rin-gfx_candidates 4", &count);
    assert_int_equal(count, 3);
    char *save = NULL;
    assert_string_equal(strtok_r(lines[0], " ", &save), "LABEL");
    int labels = 0, points[4];
    char first[8] = "";
    for (char *vertex; (vertex = strtok_r(NULL, " ", &save));) {
        char *label = strtok_r(NULL, " ", &save);
        assert_non_null(label);
        assert_true(labels < 4);
        points[labels] = vertex_point(vertex, 7);
        for (int i = 0; i < labels; i++)
            assert_int_not_equal(points[i], points[labels]);
        if (labels == 0)
            snprintf(first, sizeof first, "%s", vertex);
        /* whole stones, "2", "-1" or "0", short enough for a cell: GoGui
         * clips a label wider than the cell ("+5.5" was) */
        char *end;
        strtol(label, &end, 10);
        assert_true(*end == '\0' && strlen(label) <= 3);
        assert_string_not_equal(label, "-0");
        labels++;
    }
    assert_int_equal(labels, 4);
    char square[16];
    snprintf(square, sizeof square, "SQUARE %s", first);
    assert_string_equal(lines[1], square);
    /* the text gives each score to a tenth of a stone, the scores first
     * (GoGui's status bar cuts off the end of a long line), then what they
     * are */
    char *legend = strchr(lines[2], ':');
    assert_non_null(legend);
    assert_string_equal(legend, ": 4 candidates for black, in stones for black (!: proven, =0: a proven draw), depth 3");
    char scores_start[16];
    snprintf(scores_start, sizeof scores_start, "TEXT %s ", first);
    assert_int_equal(strncmp(lines[2], scores_start, strlen(scores_start)), 0);
    assert_null(strstr(lines[2], "-0.0"));
    free_lines(lines, count);
    assert_exec(gtp, "rin-gfx_candidates 0", "? syntax error: candidates '0' is out of range (1 to 16)\n\n");
    /* proven results: "=0" for a draw, "-2!" for a loss by 2 */
    assert_exec(gtp, "rin-setposition xxxx/xxxx/oooo/ooo1 w 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_candidates",
                "= LABEL D1 =0\nSQUARE D1\nTEXT D1 =0: 1 candidate for white, in stones for white (!: proven, =0: a "
                "proven draw), depth 1\n\n");
    assert_exec(gtp, "rin-setposition xxxx/xxxx/xooo/ooo1 w 1", "=\n\n");
    assert_exec(gtp, "rin-gfx_candidates",
                "= LABEL D1 -2!\nSQUARE D1\nTEXT D1 -2!: 1 candidate for white, in stones for white (!: proven, =0: "
                "a proven draw), depth 1\n\n");
    gtp_destroy(gtp);
}

/* Over the positions of a game, every candidate's label is its score in
 * the text rounded to a whole stone (halves away from zero), the same
 * stones in the same order: the labels once rounded the centistones
 * themselves, and read 2 beside a text of +1.5 when the text's 1.5 was
 * 1.46 and 1 when it was 1.51. */
static void test_gfx_candidates_labels_agree_with_the_text(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    assert_exec(gtp, "boardsize 7", "=\n\n");
    assert_exec(gtp, "rin-option depth 2", "=\n\n");
    int estimates = 0;
    for (int turn = 0; turn < 30; turn++) {
        int count;
        char **lines = gfx_lines(gtp, "rin-gfx_candidates 8", &count);
        assert_int_equal(count, 3);
        assert_int_equal(strncmp(lines[2], "TEXT ", 5), 0);
        char *text_save = NULL, *label_save = NULL;
        char *scores = strtok_r(lines[2] + 5, ":", &text_save);
        char *legend = strtok_r(NULL, "", &text_save);
        assert_non_null(legend);
        const char *mover = strstr(legend, "for black,") ? "b" : "w";
        assert_string_equal(strtok_r(lines[0], " ", &label_save), "LABEL");
        char best[8] = "";
        char *entry_save = NULL;
        for (char *entry = strtok_r(scores, ",", &entry_save); entry; entry = strtok_r(NULL, ",", &entry_save)) {
            char vertex[8], score[16];
            assert_int_equal(sscanf(entry, " %7s %15s", vertex, score), 2);
            assert_string_equal(strtok_r(NULL, " ", &label_save), vertex);
            const char *label = strtok_r(NULL, " ", &label_save);
            assert_non_null(label);
            if (!best[0])
                snprintf(best, sizeof best, "%s", vertex);
            char expected[16];
            if (strchr(score, '!') || strcmp(score, "=0") == 0) {
                snprintf(expected, sizeof expected, "%s", score + (score[0] == '+'));
            } else {
                int whole, tenth;
                assert_int_equal(sscanf(score + (score[0] == '+' || score[0] == '-'), "%d.%d", &whole, &tenth), 2);
                int rounded = whole + (tenth >= 5);
                snprintf(expected, sizeof expected, "%d", score[0] == '-' ? -rounded : rounded);
                if (strcmp(expected, "-0") == 0)
                    snprintf(expected, sizeof expected, "0");
                estimates++;
            }
            assert_string_equal(label, expected);
        }
        assert_null(strtok_r(NULL, " ", &label_save));
        free_lines(lines, count);
        char play[32];
        snprintf(play, sizeof play, "play %s %s", mover, best);
        assert_exec(gtp, play, "=\n\n");
    }
    assert_true(estimates > 100);
    gtp_destroy(gtp);
}

/* The menu offers every overlay, every command it names exists, and none
 * of them sets a position GoGui would not know of. */
static void test_gfx_menu(void **state)
{
    (void)state;
    Gtp *gtp = new_engine();
    int count;
    char **lines = gfx_lines(gtp, "gogui-analyze_commands", &count);
    const char *wanted[] = {"rin-gfx_immune", "rin-gfx_fills", "rin-gfx_ownership", "rin-gfx_pv",
                            "rin-gfx_candidates"};
    int found = 0;
    for (int i = 0; i < count; i++) {
        char *type = lines[i], *slash = strchr(type, '/');
        assert_non_null(slash);
        char *command = strchr(slash + 1, '/');
        assert_non_null(command);
        command++;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(command, " "), command);
        char known[96];
        snprintf(known, sizeof known, "known_command %s", name);
        assert_exec(gtp, known, "= true\n\n");
        /* nothing that sets the position behind GoGui's board and ruler */
        assert_string_not_equal(name, "rin-setposition");
        assert_string_not_equal(name, "loadsgf");
        for (size_t k = 0; k < sizeof wanted / sizeof wanted[0]; k++)
            if (strcmp(name, wanted[k]) == 0) {
                assert_int_equal(strncmp(type, "gfx/", 4), 0);
                found++;
            }
    }
    assert_int_equal(found, 5);
    free_lines(lines, count);
    gtp_destroy(gtp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gfx_immune),     cmocka_unit_test(test_gfx_fills), cmocka_unit_test(test_gfx_ownership),
        cmocka_unit_test(test_gfx_ownership_shows_the_board),
        cmocka_unit_test(test_gfx_pv),         cmocka_unit_test(test_gfx_candidates),
        cmocka_unit_test(test_gfx_candidates_labels_agree_with_the_text),
        cmocka_unit_test(test_gfx_menu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
