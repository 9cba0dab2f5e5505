/* GTP vertices: every point of every size round-trips, the column letters
 * skip I, and junk is refused without touching the output. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "formats/board_text.h"
#include "formats/coord.h"
#include "rules/bitboard.h"

static void test_round_trip_every_point(void **state)
{
    (void)state;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                int point = point_make(r, c), parsed = -7;
                char text[COORD_TEXT_MAX];
                coord_format(point, size, text);
                assert_true(strlen(text) < COORD_TEXT_MAX);
                assert_int_equal(coord_parse(text, size, &parsed), COORD_OK);
                assert_int_equal(parsed, point);
                /* lower case too */
                text[0] = (char)tolower((unsigned char)text[0]);
                parsed = -7;
                assert_int_equal(coord_parse(text, size, &parsed), COORD_OK);
                assert_int_equal(parsed, point);
            }
        }
    }
}

static void test_known_vertices(void **state)
{
    (void)state;
    char text[COORD_TEXT_MAX];
    coord_format(point_make(0, 0), 16, text);
    assert_string_equal(text, "A16");
    coord_format(point_make(15, 15), 16, text);
    assert_string_equal(text, "Q1");
    coord_format(point_make(3, 6), 16, text); /* a marker point */
    assert_string_equal(text, "G13");
    coord_format(point_make(1, 2), 16, text); /* engine/RULES.md: G = C15 */
    assert_string_equal(text, "C15");
    coord_format(point_make(0, 8), 9, text); /* column 8 is J */
    assert_string_equal(text, "J9");
    coord_format(point_make(3, 3), 4, text);
    assert_string_equal(text, "D1");
    int point = -1;
    assert_int_equal(coord_parse("q1", 16, &point), COORD_OK);
    assert_int_equal(point, point_make(15, 15));
    assert_int_equal(coord_parse("a16", 16, &point), COORD_OK);
    assert_int_equal(point, point_make(0, 0));
    assert_int_equal(coord_parse("J1", 9, &point), COORD_OK);
    assert_int_equal(point, point_make(8, 8));
}

static void test_column_letters_skip_i(void **state)
{
    (void)state;
    const char *letters = "ABCDEFGHJKLMNOPQ";
    for (int c = 0; c < 16; c++)
        assert_int_equal(coord_column_letter(c), letters[c]);
}

static void assert_status(const char *text, int size, CoordStatus expected)
{
    int point = -7;
    CoordStatus status = coord_parse(text, size, &point);
    if (status != expected)
        fail_msg("'%s' on %d: status %d, expected %d", text, size, status, expected);
    if (status != COORD_OK)
        assert_int_equal(point, -7);
}

static void test_pass(void **state)
{
    (void)state;
    assert_status("pass", 16, COORD_PASS);
    assert_status("PASS", 4, COORD_PASS);
    assert_status("Pass", 9, COORD_PASS);
    assert_status("passe", 9, COORD_SYNTAX);
    assert_status("pas", 9, COORD_SYNTAX);
}

static void test_off_board(void **state)
{
    (void)state;
    assert_status("R1", 16, COORD_OFF_BOARD);
    assert_status("A17", 16, COORD_OFF_BOARD);
    assert_status("Q17", 16, COORD_OFF_BOARD);
    assert_status("E1", 4, COORD_OFF_BOARD);
    assert_status("A5", 4, COORD_OFF_BOARD);
    assert_status("J1", 8, COORD_OFF_BOARD);
    assert_status("Z25", 16, COORD_OFF_BOARD);
    assert_status("z1", 16, COORD_OFF_BOARD);
    /* huge row numbers neither overflow nor wrap onto the board */
    assert_status("A99999999999999999999999999", 16, COORD_OFF_BOARD);
    assert_status("A4294967297", 16, COORD_OFF_BOARD);
    assert_status("A18446744073709551617", 16, COORD_OFF_BOARD);
}

static void test_syntax_errors(void **state)
{
    (void)state;
    static const char *const junk[] = {"", "I1", "i5", "A", "A0", "A01", "A00", "1A", "AA1", "A-1", "A+1", "A1x",
                                       " A1", "A 1", "A1 ", "-A1", "@1", "[1", "a1.0", "\xc3\xa9\x31", "1", "16"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        assert_status(junk[i], 16, COORD_SYNTAX);
}

/* The marker points that showboard draws are the ones engine/RULES.md
 * names: column 12 is N, not M. */
static void test_marker_points(void **state)
{
    (void)state;
    static const char *const markers[] = {"G13", "K13", "N10", "N7", "K4", "G4", "D7", "D10"};
    int count = 0;
    for (int point = 0; point < BB_POINTS; point++) {
        if (!board_text_is_marker(16, point))
            continue;
        char text[COORD_TEXT_MAX];
        coord_format(point, 16, text);
        bool listed = false;
        for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++)
            listed = listed || strcmp(text, markers[i]) == 0;
        assert_true(listed);
        count++;
    }
    assert_int_equal(count, 8);
    assert_false(board_text_is_marker(12, point_make(6, 12)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_point),
        cmocka_unit_test(test_known_vertices),
        cmocka_unit_test(test_column_letters_skip_i),
        cmocka_unit_test(test_pass),
        cmocka_unit_test(test_off_board),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_marker_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
