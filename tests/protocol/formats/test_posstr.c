/* Position strings: printing and parsing agree on every position play can
 * reach, and malformed strings are refused with the position untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "formats/posstr.h"
#include "rules/playout.h"
#include "base/random.h"

static void assert_round_trip(const char *text)
{
    Position pos;
    char err[160] = "";
    if (!posstr_parse(text, &pos, err, sizeof err))
        fail_msg("'%s' refused: %s", text, err);
    char out[POSSTR_MAX];
    posstr_format(&pos, out);
    assert_string_equal(out, text);
}

static void test_known_strings(void **state)
{
    (void)state;
    static const char *const strings[] = {
        "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b 1",
        "4/4/4/4 b 1",
        "5/5/5/5/5 b 1",
        "4/1x2/2o1/4 w 2",
        "4/1x2/2o1/o3 b 1",
        "4/1x2/2o1/xo2 b 2",
        "4/1x2/2o1/4 w 1",
        "xxxx/xxxx/oooo/ooo1 w 1",
        "xxxx/xxxx/oooo/oooo w 2",
        "xo14/o1x13/oxxx12/1ox13/16/16/16/16/16/16/16/16/16/16/15o/14xx w 1",
        "xoo13/oooo12/ooo13/1o14/16/16/16/16/16/16/16/16/16/16/14xo/13xxx b 1",
        "x15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15o w 2",
        "9/9/9/4x4/9/9/9/9/9 w 1",
        "x12/13/13/13/13/13/13/13/13/13/13/13/11oo b 1",
        "xoxoxoxoxoxoxoxo/16/16/16/16/16/16/16/16/16/16/16/16/16/16/oxoxoxoxoxoxoxox b 2",
    };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        assert_round_trip(strings[i]);
}

static void test_parsed_fields(void **state)
{
    (void)state;
    Position pos;
    char err[160];
    assert_true(posstr_parse("4/1x2/2o1/4 w 2", &pos, err, sizeof err));
    assert_int_equal(pos.size, 4);
    assert_int_equal(pos_at(&pos, point_make(1, 1)), COLOR_BLACK);
    assert_int_equal(pos_at(&pos, point_make(2, 2)), COLOR_WHITE);
    assert_int_equal(pos_at(&pos, point_make(0, 0)), -1);
    assert_int_equal(pos_to_move(&pos), COLOR_WHITE);
    assert_int_equal(pos_stone_of_turn(&pos), 2);
    assert_true(pos.hash == pos_compute_hash(&pos));
    /* blanks around and between the fields are accepted */
    Position spaced;
    assert_true(posstr_parse(" \t4/1x2/2o1/4 \t w   2  ", &spaced, err, sizeof err));
    assert_true(pos_same(&pos, &spaced));
}

/* format(parse(format(pos))) for positions of random games on every size,
 * after every stone. */
static void test_random_games_round_trip(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 12345);
    int checked = 0;
    for (int game = 0; game < 60; game++) {
        int size = 4 + game % 13;
        Position pos;
        assert_int_equal(pos_init(&pos, size), POS_OK);
        for (;;) {
            char text[POSSTR_MAX], again[POSSTR_MAX], err[160] = "";
            posstr_format(&pos, text);
            assert_true(strlen(text) < POSSTR_MAX);
            Position parsed;
            if (!posstr_parse(text, &parsed, err, sizeof err))
                fail_msg("'%s' refused: %s", text, err);
            assert_true(pos_same(&pos, &parsed));
            assert_true(parsed.hash == pos_compute_hash(&parsed));
            assert_int_equal(pos_empty_count(&parsed), pos_empty_count(&pos));
            posstr_format(&parsed, again);
            assert_string_equal(again, text);
            checked++;
            int point = playout_random_point(&pos, &rng);
            if (point == POINT_NONE)
                break;
            pos_play(&pos, point);
        }
    }
    assert_true(checked > 5000);
}

static void test_longest_string_fits(void **state)
{
    (void)state;
    /* 16 rows of 16 single characters: the longest possible string */
    char text[POSSTR_MAX + 1] = "";
    for (int r = 0; r < 16; r++) {
        strcat(text, r < 8 ? "xoxoxoxoxoxoxoxo" : "oxoxoxoxoxoxoxox");
        strcat(text, r < 15 ? "/" : " w 2");
    }
    assert_int_equal(strlen(text) + 1, POSSTR_MAX);
    /* it is refused (checkerboards enclose), but a stone-by-stone board of
     * the same length is not: columns of one colour each */
    text[0] = '\0';
    for (int r = 0; r < 16; r++) {
        strcat(text, "xxxxxxxxoooooooo");
        strcat(text, r < 15 ? "/" : " w 2");
    }
    assert_round_trip(text);
}

static void assert_refused(const char *text, const char *message)
{
    Position pos, sentinel;
    memset(&pos, 0xA5, sizeof pos);
    sentinel = pos;
    char err[160] = "";
    if (posstr_parse(text, &pos, err, sizeof err))
        fail_msg("'%s' was accepted", text);
    assert_memory_equal(&pos, &sentinel, sizeof pos);
    assert_string_equal(err, message);
}

static void test_malformed_strings(void **state)
{
    (void)state;
    assert_refused("", "row 1 is empty");
    assert_refused("4/4/4 b 1", "3 rows of 4 points: the board must be square");
    assert_refused("4/4/4/4/4 b 1", "5 rows of 4 points: the board must be square");
    assert_refused("5/4/4/4/4 b 1", "row 2 has 4 points but row 1 has 5");
    assert_refused("4/4/5/4 b 1", "row 3 has 5 points but row 1 has 4");
    assert_refused("4/4/4/3 b 1", "row 4 has 3 points but row 1 has 4");
    assert_refused("4/4/4/xxo b 1", "row 4 has 3 points but row 1 has 4");
    assert_refused("4//4/4 b 1", "row 2 is empty");
    assert_refused("4/4/4/4/ b 1", "row 5 is empty");
    assert_refused("4/04/4/4 b 1", "row 2: a run of empty points cannot start with 0");
    assert_refused("4/1y2/4/4 b 1", "row 2: unexpected 'y' (expected x, o, a number or /)");
    assert_refused("4/1X2/4/4 b 1", "row 2: unexpected 'X' (expected x, o, a number or /)");
    assert_refused("4/4/4/4\x01 b 1", "row 4: unexpected byte 0x01 (expected x, o, a number or /)");
    assert_refused("3/3/3 b 1", "board size 3: the smallest board is 4");
    assert_refused("17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 b 1",
                   "row 1: a run of more than 16 empty points");
    assert_refused("x16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b 1",
                   "rows have 17 points; the largest board is 16");
    assert_refused("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b 1", "more than 16 rows");
    assert_refused("99999999999999999999/4/4/4 b 1", "row 1: a run of more than 16 empty points");
    assert_refused("4/4/4/3x17 b 1", "row 4: a run of more than 16 empty points");
    assert_refused("4/4/4/4", "missing side to move after the board");
    assert_refused("4/4/4/4 ", "side to move: expected b or w, found end of string");
    assert_refused("4/4/4/4 x 1", "side to move: expected b or w, found 'x'");
    assert_refused("4/4/4/4 B 1", "side to move: expected b or w, found 'B'");
    assert_refused("4/4/4/4 bw 1", "side to move: expected b or w followed by a space");
    assert_refused("4/4/4/4 b", "missing stone of the turn (1 or 2) after the side to move");
    assert_refused("4/4/4/4 b ", "stone of the turn: expected 1 or 2, found end of string");
    assert_refused("4/4/4/4 b 3", "stone of the turn: expected 1 or 2, found '3'");
    assert_refused("4/4/4/4 b 0", "stone of the turn: expected 1 or 2, found '0'");
    assert_refused("4/4/4/4 b 12", "unexpected text after the stone of the turn: '2'");
    assert_refused("4/4/4/4 b 1 junk", "unexpected text after the stone of the turn: 'j'");
    assert_refused("4/4/4/4 b 1/", "unexpected text after the stone of the turn: '/'");
    assert_refused("4/4/4/4 w 1", "an empty board must have Black to play the opening stone");
    assert_refused("4/4/4/4 w 2", "an empty board must have Black to play the opening stone");
    assert_refused("4/4/4/4 b 2", "an empty board must have Black to play the opening stone");
    /* no game reaches these: the side that placed the last stone has none
     * (a stone is never captured by its own move), or fewer stones than
     * were placed (a fill never empties a point) */
    assert_refused("x3/4/4/4 b 1", "no game reaches it: the side that placed the last stone has none on the board");
    assert_refused("o3/4/4/4 w 1", "no game reaches it: the side that placed the last stone has none on the board");
    assert_refused("x3/4/4/4 w 2", "no game reaches it: the side that placed the last stone has none on the board");
    assert_refused("xxxx/xxxx/xxxx/xxx1 b 1",
                   "no game reaches it: the side that placed the last stone has none on the board");
    assert_refused("oooo/oooo/oooo/ooo1 b 2",
                   "no game reaches it: the side that placed the last stone has none on the board");
    assert_refused("o3/4/4/4 w 2", "no game reaches it: fewer stones on the board than were placed before this stone");
    assert_refused("xo2/4/4/4 b 1", "no game reaches it: fewer stones on the board than were placed before this stone");
    assert_refused("xo2/4/4/4 b 2", "no game reaches it: fewer stones on the board than were placed before this stone");
    assert_refused("xoo1/4/4/4 b 2", "no game reaches it: fewer stones on the board than were placed before this stone");
    /* a region a ring has enclosed but play has not filled */
    assert_refused("5/1xxx1/1x1x1/1xxx1/5 w 1", "a ring encloses a region that play would have filled");
    assert_refused("5/1ooo1/1oxo1/1ooo1/5 b 1", "a ring encloses a region that play would have filled");
    assert_refused("xoxo/oxox/xoxo/oxox b 1", "a ring encloses a region that play would have filled");
}

static void test_small_error_buffers(void **state)
{
    (void)state;
    Position pos;
    char err[8];
    memset(err, 'z', sizeof err);
    assert_false(posstr_parse("4/4/4 b 1", &pos, err, sizeof err));
    assert_int_equal(strlen(err), sizeof err - 1);
    assert_false(posstr_parse("4/4/4 b 1", &pos, NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_strings),
        cmocka_unit_test(test_parsed_fields),
        cmocka_unit_test(test_random_games_round_trip),
        cmocka_unit_test(test_longest_string_fits),
        cmocka_unit_test(test_malformed_strings),
        cmocka_unit_test(test_small_error_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
