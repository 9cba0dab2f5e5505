/* The rules of engine/RULES.md by name: its two test vectors (and the variant with
 * stone A white), every edge case it lists, and the turn order. Points are
 * GTP vertices; expected results are written out by hand, and every stone is
 * also checked against the reference rules in tests/support. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "reference.h"
#include "rules/position.h"
#include "support.h"

/* The engine position and the reference board, played in step. */
typedef struct Game {
    Position pos;
    RefBoard ref;
} Game;

static int vertex(const Game *g, const char *name)
{
    int p = support_vertex_point(g->pos.size, name);
    if (p < 0)
        fail_msg("%s is not a vertex of the %dx%d board", name, (int)g->pos.size, (int)g->pos.size);
    return p;
}

static void check_against_reference(const Game *g, const char *after)
{
    char why[160];
    if (!ref_matches(&g->ref, &g->pos, why, sizeof why))
        fail_msg("after %s: %s", after, why);
    if (g->pos.hash != pos_compute_hash(&g->pos))
        fail_msg("after %s: incremental hash differs from pos_compute_hash", after);
}

static void game_new(Game *g, int size)
{
    assert_int_equal(pos_init(&g->pos, size), POS_OK);
    ref_init(&g->ref, size);
    check_against_reference(g, "pos_init");
}

/* A position from a diagram: one string per row from the top, 'X' black,
 * 'O' white, '.' empty; `side` plays stone `stone` of its turn next. */
static void game_setup(Game *g, int size, const char *const rows[], Color side, int stone)
{
    ref_init(&g->ref, size);
    for (int r = 0; r < size; r++) {
        assert_int_equal(strlen(rows[r]), size);
        for (int c = 0; c < size; c++)
            g->ref.cell[r][c] = rows[r][c] == 'X' ? REF_BLACK : rows[r][c] == 'O' ? REF_WHITE : REF_EMPTY;
    }
    Bitboard black, white;
    ref_stones(&g->ref, &black, &white);
    assert_int_equal(pos_setup(&g->pos, size, black, white, side, stone), POS_OK);
    g->ref.ply = g->pos.ply;
    assert_int_equal(ref_to_move(&g->ref), side == COLOR_BLACK ? REF_BLACK : REF_WHITE);
    assert_int_equal(ref_stone_of_ply(g->ref.ply), stone);
    check_against_reference(g, "pos_setup");
}

/* Plays one stone for the side to move on both boards; returns the number of
 * points it filled (the engine's count, checked against the reference's). */
static int game_play_fill(Game *g, const char *name, RefFill *fill)
{
    int p = vertex(g, name);
    Color me = pos_to_move(&g->pos);
    assert_int_equal(pos_check(&g->pos, me, p), POS_OK);
    assert_int_equal(pos_check(&g->pos, color_other(me), p), POS_ERR_WRONG_COLOR);
    int filled = pos_play(&g->pos, p);
    int expected = ref_play(&g->ref, point_row(p), point_col(p), fill);
    if (filled != expected)
        fail_msg("%s filled %d points, the reference %d", name, filled, expected);
    check_against_reference(g, name);
    return filled;
}

static int game_play(Game *g, const char *name) { return game_play_fill(g, name, NULL); }

/* Plays a sequence written as in engine/RULES.md, "B C15 | W B16 A15 | ...": each
 * stone must belong to the colour written before it. Returns the total
 * number of points filled. */
static int game_play_turns(Game *g, const char *turns)
{
    char buf[512];
    int total = 0;
    Color colour = COLOR_BLACK;
    assert_true(strlen(turns) < sizeof buf);
    strcpy(buf, turns);
    for (char *token = strtok(buf, " |"); token; token = strtok(NULL, " |")) {
        if (!strcmp(token, "B") || !strcmp(token, "W")) {
            colour = token[0] == 'B' ? COLOR_BLACK : COLOR_WHITE;
            continue;
        }
        if (pos_to_move(&g->pos) != colour)
            fail_msg("%s: it is %s's turn", token, pos_to_move(&g->pos) == COLOR_BLACK ? "Black" : "White");
        total += game_play(g, token);
    }
    return total;
}

static char colour_char(int at) { return at == COLOR_BLACK ? 'X' : at == COLOR_WHITE ? 'O' : '.'; }

/* The whole board against a diagram (as for game_setup). */
static void expect_diagram(const Game *g, const char *const rows[])
{
    int size = g->pos.size;
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            char at = colour_char(pos_at(&g->pos, point_make(r, c)));
            if (at != rows[r][c]) {
                char name[SUPPORT_VERTEX_MAX];
                support_vertex_name(size, r, c, name);
                fail_msg("%s (row %d, col %d) is '%c', expected '%c'", name, r, c, at, rows[r][c]);
            }
        }
}

/* The whole board: exactly these black and these white stones (vertex
 * lists separated by spaces), everything else empty. */
static void expect_stones(const Game *g, const char *black, const char *white)
{
    const char *lists[2] = {black, white};
    for (int colour = 0; colour < 2; colour++) {
        char buf[256];
        int listed = 0;
        strcpy(buf, lists[colour]);
        for (char *name = strtok(buf, " "); name; name = strtok(NULL, " ")) {
            listed++;
            int at = pos_at(&g->pos, vertex(g, name));
            if (at != colour)
                fail_msg("%s is '%c', expected '%c'", name, colour_char(at), colour_char(colour));
        }
        assert_int_equal(pos_count(&g->pos, (Color)colour), listed);
    }
}

static void expect_turn(const Game *g, Color side, int stone)
{
    assert_int_equal(pos_to_move(&g->pos), side);
    assert_int_equal(pos_stone_of_turn(&g->pos), stone);
}

/* The vertex helper itself, on the examples of engine/RULES.md: the corners
 * and the designer's marker points, (row, column) = vertex. Column 12 is N
 * (A..H, J..Q), the mirror image of D (column 3). */
static void test_vertex_helper(void **state)
{
    (void)state;
    static const struct {
        int row, col;
        const char *vertex;
    } points[] = {{0, 0, "A16"},   {15, 15, "Q1"},  {3, 6, "G13"}, {3, 9, "K13"}, {6, 12, "N10"},
                  {9, 12, "N7"},   {12, 9, "K4"},   {12, 6, "G4"}, {9, 3, "D7"},  {6, 3, "D10"},
                  {8, 7, "h8"},    {8, 8, "J8"}};
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        assert_int_equal(support_vertex_point(16, points[i].vertex), point_make(points[i].row, points[i].col));
        char name[SUPPORT_VERTEX_MAX];
        support_vertex_name(16, points[i].row, points[i].col, name);
        assert_true(strcasecmp(name, points[i].vertex) == 0);
    }
    static const char *const bad[] = {"I8", "A17", "A0", "R1", "A", "7", "A1x", "A001"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(support_vertex_point(16, bad[i]), -1);
    assert_int_equal(support_vertex_point(4, "D4"), point_make(0, 3));
    assert_int_equal(support_vertex_point(4, "E4"), -1);
    assert_int_equal(support_vertex_point(4, "A5"), -1);
}

/* ---- The test vectors ---- */

#define VECTOR_START "B C15 | W B16 A15 | B B14 A16 | W A14 C14 | B Q1 P1 | W B13 Q2"
/* The same position with the unlabelled stone A (A16) white. */
#define VECTOR_START_A_WHITE "B C15 | W B16 A15 | B B14 Q1 | W A14 C14 | B P1 O1 | W B13 A16"

/* The designer's figure: B, E, I, K, N white; G, J black; A as given; the
 * rest of the corner empty; every stone alive, by the paths engine/RULES.md names. */
static void expect_figure(const Game *g, Color a)
{
    static const char *const white_labels[] = {"B16", "A15", "A14", "C14", "B13"};
    static const char *const black_labels[] = {"C15", "B14"};
    static const char *const empty_labels[] = {"C16", "D16", "B15", "D15", "D14", "A13", "C13", "D13"};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(pos_at(&g->pos, vertex(g, white_labels[i])), COLOR_WHITE);
    for (size_t i = 0; i < 2; i++)
        assert_int_equal(pos_at(&g->pos, vertex(g, black_labels[i])), COLOR_BLACK);
    for (size_t i = 0; i < 8; i++)
        assert_int_equal(pos_at(&g->pos, vertex(g, empty_labels[i])), -1);
    assert_int_equal(pos_at(&g->pos, vertex(g, "A16")), a);

    /* Alive: no stone of either colour is enclosed by the other. */
    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    assert_int_equal(ref_enclosed(&g->ref, REF_BLACK, enclosed), 0);
    assert_int_equal(ref_enclosed(&g->ref, REF_WHITE, enclosed), 0);
    /* And the engine agrees: pos_setup accepts exactly this position. */
    Position copy;
    assert_int_equal(pos_setup(&copy, 16, g->pos.stones[COLOR_BLACK], g->pos.stones[COLOR_WHITE],
                               pos_to_move(&g->pos), pos_stone_of_turn(&g->pos)),
                     POS_OK);
    assert_true(pos_same(&copy, &g->pos));
    assert_int_equal(copy.hash, g->pos.hash);
}

static void test_vector_figure_all_stones_alive(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START), 0);
    expect_figure(&g, COLOR_BLACK);
    expect_turn(&g, COLOR_BLACK, 1);

    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START_A_WHITE), 0);
    expect_figure(&g, COLOR_WHITE);
    expect_turn(&g, COLOR_BLACK, 1);
}

static void test_vector1_black_ring(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START), 0);
    /* K (C14) still reaches the edge through C13, B13, A13. */
    assert_int_equal(game_play_turns(&g, "B D14"), 0);
    expect_stones(&g, "C15 B14 A16 Q1 P1 D14", "B16 A15 A14 C14 B13 Q2");
    expect_turn(&g, COLOR_BLACK, 2);
    /* C13 closes C15, B14, D14, C13 around C14. */
    assert_int_equal(game_play_turns(&g, "B C13"), 1);
    expect_stones(&g, "C15 B14 A16 Q1 P1 D14 C13 C14", "B16 A15 A14 B13 Q2");
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 8);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 5);
    assert_int_equal(pos_score(&g.pos), 3);
    /* The fill is not a stone of the turn: White plays next. */
    expect_turn(&g, COLOR_WHITE, 1);
    assert_int_equal(g.pos.ply, 13);
}

static void test_vector1_with_stone_a_white(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START_A_WHITE), 0);
    assert_int_equal(game_play_turns(&g, "B D14"), 0);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "C14")), COLOR_WHITE);
    assert_int_equal(game_play_turns(&g, "B C13"), 1);
    expect_stones(&g, "C15 B14 Q1 P1 O1 D14 C13 C14", "B16 A15 A14 B13 A16");
    assert_int_equal(pos_score(&g.pos), 3);
    expect_turn(&g, COLOR_WHITE, 1);
}

static void test_vector2_white_ring(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START), 0);
    assert_int_equal(game_play_turns(&g, "B P2 O1"), 0);
    /* B15, C15, B14 still reach the edge through D15. */
    assert_int_equal(game_play_turns(&g, "W C16"), 0);
    expect_stones(&g, "C15 B14 A16 Q1 P1 P2 O1", "B16 A15 A14 C14 B13 Q2 C16");
    /* The ring B16-C16-D15-C14-B13-A14-A15 encloses B15, C15 and B14; A16
     * is in the safe zone and stays black. */
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "D15", &fill), 3);
    assert_int_equal(fill.captured, 2);
    assert_int_equal(fill.regions, 1);
    expect_stones(&g, "A16 P2 Q1 P1 O1", "B16 A15 A14 C14 B13 Q2 C16 D15 B15 C15 B14");
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 5);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 11);
    assert_int_equal(pos_score(&g.pos), -6);
    expect_turn(&g, COLOR_BLACK, 1);
}

static void test_vector2_with_stone_a_white(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START_A_WHITE), 0);
    assert_int_equal(game_play_turns(&g, "B P2 O2 | W C16"), 0);
    assert_int_equal(game_play_turns(&g, "W D15"), 3);
    expect_stones(&g, "Q1 P1 O1 P2 O2", "B16 A15 A14 C14 B13 A16 C16 D15 B15 C15 B14");
    assert_int_equal(pos_score(&g.pos), -6);
    expect_turn(&g, COLOR_BLACK, 1);
}

/* ---- The edge cases of engine/RULES.md ---- */

/* Black's first stone D5 captures C5; the second stone is placed on the
 * changed board: C5 is now occupied, and F5 closes a ring whose west side is
 * the first stone. */
static void test_first_stone_of_turn_closes_ring(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".......",
        "..X.X..",
        ".XO....",
        "..X.X..",
        ".......",
        ".......",
        ".......",
    };
    static const char *const after_first[] = {
        ".......",
        "..X.X..",
        ".XXX...",
        "..X.X..",
        ".......",
        ".......",
        ".......",
    };
    static const char *const after_second[] = {
        ".......",
        "..X.X..",
        ".XXXXX.",
        "..X.X..",
        ".......",
        ".......",
        ".......",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_BLACK, 1);
    assert_int_equal(game_play(&g, "D5"), 1);
    expect_diagram(&g, after_first);
    expect_turn(&g, COLOR_BLACK, 2);
    assert_int_equal(pos_check(&g.pos, COLOR_BLACK, vertex(&g, "C5")), POS_ERR_OCCUPIED);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 0);
    assert_int_equal(game_play(&g, "F5"), 1);
    expect_diagram(&g, after_second);
    expect_turn(&g, COLOR_WHITE, 1);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 9);
}

static void test_ring_encloses_only_empty_points(void **state)
{
    (void)state;
    static const char *const before[] = {
        "........",
        "..XX....",
        ".X......",
        ".X.X....",
        "..X.....",
        ".....O..",
        "......O.",
        "........",
    };
    static const char *const after[] = {
        "........",
        "..XX....",
        ".XXXX...",
        ".XXX....",
        "..X.....",
        ".....O..",
        "......O.",
        "........",
    };
    Game g;
    game_setup(&g, 8, before, COLOR_BLACK, 2);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "E6", &fill), 3);
    assert_int_equal(fill.captured, 0);
    expect_diagram(&g, after);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 10);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 2);
}

static void test_ring_encloses_only_enemy_stones(void **state)
{
    (void)state;
    static const char *const before[] = {
        "........",
        "..XX....",
        ".XOO....",
        ".XOX....",
        "..X.....",
        ".....O..",
        "......O.",
        "........",
    };
    static const char *const after[] = {
        "........",
        "..XX....",
        ".XXXX...",
        ".XXX....",
        "..X.....",
        ".....O..",
        "......O.",
        "........",
    };
    Game g;
    game_setup(&g, 8, before, COLOR_BLACK, 1);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "E6", &fill), 3);
    assert_int_equal(fill.captured, 3);
    expect_diagram(&g, after);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 10);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 2);
}

/* White's diamond encloses E5 and fills it; Black's wall around the diamond
 * then captures all five white stones, wall and territory alike. */
static void test_ring_encloses_enemy_stones_with_territory(void **state)
{
    (void)state;
    static const char *const before[] = {
        "O........",
        ".........",
        "....X....",
        "...XOX...",
        "..XO.OX..",
        "...X.X...",
        ".........",
        ".........",
        ".........",
    };
    static const char *const white_ring[] = {
        "O........",
        ".........",
        "....X....",
        "...XOX...",
        "..XOOOX..",
        "...XOX...",
        ".........",
        ".........",
        ".........",
    };
    static const char *const captured[] = {
        "O........",
        ".........",
        "....X....",
        "...XXX...",
        "..XXXXX..",
        "...XXX...",
        "....X....",
        ".........",
        ".........",
    };
    Game g;
    game_setup(&g, 9, before, COLOR_WHITE, 2);
    assert_int_equal(game_play(&g, "E4"), 1);
    expect_diagram(&g, white_ring);
    expect_turn(&g, COLOR_BLACK, 1);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "E3", &fill), 5);
    assert_int_equal(fill.captured, 5);
    expect_diagram(&g, captured);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 13);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 1);
}

/* D5 closes the pocket D6 (empty) above it and D4 (a white stone) below. */
static void test_one_stone_closes_two_regions(void **state)
{
    (void)state;
    static const char *const before[] = {
        "........",
        "...X....",
        "..X.X...",
        "........",
        "..XOX...",
        "...X....",
        "........",
        "........",
    };
    static const char *const after[] = {
        "........",
        "...X....",
        "..XXX...",
        "...X....",
        "..XXX...",
        "...X....",
        "........",
        "........",
    };
    Game g;
    game_setup(&g, 8, before, COLOR_BLACK, 1);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "D5", &fill), 2);
    assert_int_equal(fill.regions, 2);
    assert_int_equal(fill.captured, 1);
    expect_diagram(&g, after);
    /* C5 and E5, on either side of the stone, stay empty: they reach the edge. */
    assert_int_equal(pos_empty_count(&g.pos), 64 - 9);
}

/* The most one stone can close off the edge: three of its four sides. */
static void test_one_stone_closes_three_regions(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".........",
        ".........",
        "....X....",
        "...X.X...",
        "..XO.....",
        "...X.X...",
        "....X....",
        ".........",
        ".........",
    };
    static const char *const after[] = {
        ".........",
        ".........",
        "....X....",
        "...XXX...",
        "..XXX....",
        "...XXX...",
        "....X....",
        ".........",
        ".........",
    };
    Game g;
    game_setup(&g, 9, before, COLOR_BLACK, 2);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "E5", &fill), 3);
    assert_int_equal(fill.regions, 3);
    expect_diagram(&g, after);
}

/* A cup standing on the top edge: the edge is not a wall, so the points
 * inside it stay empty however the cup is closed. */
static void test_wall_touching_edge_does_not_enclose(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".X.....",
        ".X..X..",
        ".XXXX..",
        ".......",
        ".......",
        ".......",
        "......O",
    };
    static const char *const after[] = {
        ".X..X..",
        ".X..X..",
        ".XXXX..",
        ".......",
        ".......",
        ".......",
        "......O",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_BLACK, 1);
    assert_int_equal(game_play(&g, "E7"), 0);
    expect_diagram(&g, after);
    /* A cup of one point against the left edge. */
    assert_int_equal(game_play(&g, "A3"), 0);
    assert_int_equal(game_play_turns(&g, "W G4 G5 | B B2 A1"), 0);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "A2")), -1);
}

/* A wall from one edge to the other splits the board in two halves that
 * both touch the edge: nothing is enclosed. */
static void test_wall_across_board_does_not_enclose(void **state)
{
    (void)state;
    static const char *const before[] = {
        "...X...",
        "...X...",
        "...X...",
        ".......",
        "...X...",
        "...X...",
        "O..X..O",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_BLACK, 2);
    assert_int_equal(game_play(&g, "D4"), 0);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 7);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 2);
    assert_int_equal(pos_empty_count(&g.pos), 49 - 9);
}

/* Stones that touch only diagonally: the diamond around D4 encloses the
 * five points inside, the white stone at D4 included. */
static void test_diagonal_wall_encloses(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".......",
        "...X...",
        "..X.X..",
        ".X.O.X.",
        "..X.X..",
        ".......",
        ".......",
    };
    static const char *const after[] = {
        ".......",
        "...X...",
        "..XXX..",
        ".XXXXX.",
        "..XXX..",
        "...X...",
        ".......",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_BLACK, 1);
    RefFill fill;
    assert_int_equal(game_play_fill(&g, "D2", &fill), 5);
    assert_int_equal(fill.captured, 1);
    expect_diagram(&g, after);

    /* The smallest diagonal ring: four stones around one point. */
    static const char *const small[] = {
        "......",
        "..O...",
        ".O....",
        "..O...",
        "......",
        "......",
    };
    game_setup(&g, 6, small, COLOR_WHITE, 2);
    assert_int_equal(game_play(&g, "D4"), 1);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "C4")), COLOR_WHITE);
}

/* The white chain A5-B5-C5 is surrounded on every side but one, where it
 * touches the edge through its own stone A5: it is immune. So is the white
 * stone at C3, connected to the edge through the empty B3. */
static void test_immune_stones_never_captured(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".......",
        "XXX....",
        "OOO....",
        "XXXX...",
        "O.OX...",
        "XXX....",
        ".......",
    };
    static const char *const after[] = {
        ".......",
        "XXX....",
        "OOOX...",
        "XXXX...",
        "O.OX...",
        "XXX....",
        ".......",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_BLACK, 1);
    assert_int_equal(game_play(&g, "D5"), 0);
    expect_diagram(&g, after);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 5);
}

/* Enemy stones alive through empty points: the figure of engine/RULES.md, where K
 * (C14) reaches the edge via L-H-D; Black's D14 does not capture it. */
static void test_enemy_stones_alive_through_empty_points(void **state)
{
    (void)state;
    Game g;
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START "| B D14"), 0);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "C14")), COLOR_WHITE);
    /* Cut the route through C13 instead: still alive through L-H-D. */
    game_new(&g, 16);
    assert_int_equal(game_play_turns(&g, VECTOR_START "| B C13"), 0);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "C14")), COLOR_WHITE);
}

/* Edge points surrounded by black stones are never filled, whether empty
 * (corners A6 and F6) or holding a white stone (D6). */
static void test_safe_zone_never_filled(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".XXOX.",
        "......",
        "......",
        "......",
        "......",
        "......",
    };
    static const char *const after[] = {
        ".XXOX.",
        "X..X.X",
        "......",
        "......",
        ".....O",
        ".....O",
    };
    Game g;
    game_setup(&g, 6, before, COLOR_BLACK, 1);
    assert_int_equal(game_play_turns(&g, "B A5 D5 | W F1 F2 | B F5"), 0);
    expect_diagram(&g, after);
    /* The same for a white edge stone with no empty neighbour at all. */
    static const char *const corner[] = {
        "OX....",
        "X.....",
        "......",
        "......",
        "......",
        ".....O",
    };
    game_setup(&g, 6, corner, COLOR_BLACK, 2);
    assert_int_equal(game_play(&g, "B5"), 0);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "A6")), COLOR_WHITE);
}

/* White plays into the only gap of Black's ring, then inside it: the region
 * stays open for Black (white stones are not Black's wall), and no point
 * ever becomes black on White's move. */
static void test_opponent_move_never_fills_for_you(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".......",
        ".......",
        "...X...",
        "..X....",
        "...X...",
        ".......",
        ".......",
    };
    static const char *const after[] = {
        ".......",
        ".......",
        "...X...",
        "..XOO..",
        "...X...",
        ".......",
        ".......",
    };
    Game g;
    game_setup(&g, 7, before, COLOR_WHITE, 1);
    assert_int_equal(game_play(&g, "E4"), 0);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 3);
    assert_int_equal(game_play(&g, "D4"), 0);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 3);
    expect_diagram(&g, after);
    /* Black's next stone elsewhere fills nothing either. */
    assert_int_equal(game_play(&g, "A1"), 0);

    /* A white capture next to Black's almost-closed ring gives Black nothing. */
    static const char *const capture[] = {
        ".......",
        "...O...",
        "..OXO..",
        "..X....",
        "...X...",
        ".......",
        ".......",
    };
    game_setup(&g, 7, capture, COLOR_WHITE, 2);
    assert_int_equal(game_play(&g, "D4"), 1);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "D5")), COLOR_WHITE);
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 2);
}

/* Black's first stone B4 encloses B3 and C3, the last empty points: the
 * board is full in the middle of Black's turn and the game is over (8-8, a
 * draw); Black's second stone is never placed. */
static void test_fill_ends_game_mid_turn(void **state)
{
    (void)state;
    static const char *const before[] = {
        "O.XO",
        "X..X",
        "OXXO",
        "OOOO",
    };
    static const char *const after[] = {
        "OXXO",
        "XXXX",
        "OXXO",
        "OOOO",
    };
    Game g;
    game_setup(&g, 4, before, COLOR_BLACK, 1);
    assert_int_equal(game_play(&g, "B4"), 2);
    expect_diagram(&g, after);
    assert_true(pos_is_over(&g.pos));
    assert_int_equal(pos_empty_count(&g.pos), 0);
    assert_int_equal(pos_stone_of_turn(&g.pos), 2);
    for (int p = 0; p < BB_POINTS; p++) {
        if (!bb_test(bb_board(4), p))
            continue;
        assert_int_equal(pos_check(&g.pos, COLOR_BLACK, p), POS_ERR_GAME_OVER);
        assert_int_equal(pos_check(&g.pos, COLOR_WHITE, p), POS_ERR_GAME_OVER);
    }
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 8);
    assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 8);
    assert_int_equal(pos_score(&g.pos), 0);
}

/* No passing: with one empty point left the player to move must fill it. */
static void test_last_empty_point(void **state)
{
    (void)state;
    static const char *const before[] = {
        ".XOO",
        "XXOO",
        "XXOO",
        "XXOO",
    };
    Game g;
    game_setup(&g, 4, before, COLOR_WHITE, 1);
    int legal = 0;
    for (int p = 0; p < BB_POINTS; p++)
        legal += bb_test(bb_board(4), p) && pos_check(&g.pos, COLOR_WHITE, p) == POS_OK;
    assert_int_equal(legal, 1);
    assert_int_equal(game_play(&g, "A4"), 0);
    assert_true(pos_is_over(&g.pos));
    assert_int_equal(pos_score(&g.pos), 7 - 9);

    /* The last stone can still capture: White's B4 encloses B3. */
    static const char *const capture[] = {
        "O.OO",
        "OXOO",
        "OOOO",
        "OOOO",
    };
    game_setup(&g, 4, capture, COLOR_WHITE, 2);
    assert_int_equal(game_play(&g, "B4"), 1);
    assert_true(pos_is_over(&g.pos));
    assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 0);
    assert_int_equal(pos_score(&g.pos), -16);
    assert_int_equal(pos_check(&g.pos, COLOR_BLACK, vertex(&g, "A1")), POS_ERR_GAME_OVER);
}

/* Every size from 4 to 16: the board, its corners, a ring in the far
 * corner for each colour, and a whole random game against the reference. */
static void test_every_board_size(void **state)
{
    (void)state;
    static const char letters[] = "ABCDEFGHJKLMNOPQ";
    assert_int_equal(pos_init(&(Position){0}, 3), POS_ERR_SIZE);
    assert_int_equal(pos_init(&(Position){0}, 17), POS_ERR_SIZE);
    for (int n = 4; n <= 16; n++) {
        Game g;
        game_new(&g, n);
        assert_int_equal(pos_empty_count(&g.pos), n * n);
        expect_turn(&g, COLOR_BLACK, 1);
        char name[8];
        snprintf(name, sizeof name, "%c1", letters[n - 1]);
        assert_int_equal(vertex(&g, name), point_make(n - 1, n - 1));
        snprintf(name, sizeof name, "A%d", n);
        assert_int_equal(vertex(&g, name), point_make(0, 0));
        if (n < 16) {
            assert_int_equal(pos_check(&g.pos, COLOR_BLACK, point_make(0, n)), POS_ERR_OFF_BOARD);
            assert_int_equal(pos_check(&g.pos, COLOR_BLACK, point_make(n, 0)), POS_ERR_OFF_BOARD);
        }
        assert_int_equal(pos_check(&g.pos, COLOR_BLACK, BB_POINTS), POS_ERR_OFF_BOARD);

        /* Black encloses (n-2, n-2) in the bottom-right corner; White's
         * stones wait on the top edge. */
        char b1[8], b2[8], b3[8], b4[8], w1[8], w2[8], w3[8], w4[8], turns[96];
        support_vertex_name(n, n - 3, n - 2, b1);
        support_vertex_name(n, n - 2, n - 3, b2);
        support_vertex_name(n, n - 1, n - 2, b3);
        support_vertex_name(n, n - 2, n - 1, b4);
        snprintf(turns, sizeof turns, "B %s | W A%d B%d | B %s %s | W C%d D%d", b1, n, n, b2, b3, n, n);
        assert_int_equal(game_play_turns(&g, turns), 0);
        snprintf(turns, sizeof turns, "B %s", b4);
        assert_int_equal(game_play_turns(&g, turns), 1);
        assert_int_equal(pos_at(&g.pos, point_make(n - 2, n - 2)), COLOR_BLACK);
        assert_int_equal(pos_count(&g.pos, COLOR_BLACK), 5);
        assert_int_equal(pos_count(&g.pos, COLOR_WHITE), 4);
        assert_int_equal(pos_empty_count(&g.pos), n * n - 9);

        /* White encloses B(n-1) in the top-left corner; Black waits on the
         * bottom edge. */
        game_new(&g, n);
        support_vertex_name(n, 0, 1, w1);
        support_vertex_name(n, 1, 0, w2);
        support_vertex_name(n, 1, 2, w3);
        support_vertex_name(n, 2, 1, w4);
        snprintf(turns, sizeof turns, "B A1 | W %s %s | B B1 C1 | W %s", w1, w2, w3);
        assert_int_equal(game_play_turns(&g, turns), 0);
        snprintf(turns, sizeof turns, "W %s", w4);
        assert_int_equal(game_play_turns(&g, turns), 1);
        assert_int_equal(pos_at(&g.pos, point_make(1, 1)), COLOR_WHITE);
        assert_int_equal(pos_score(&g.pos), 3 - 5);

        /* A whole game of random stones, every one checked. */
        uint64_t seed = UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)n;
        game_new(&g, n);
        int stones = 0;
        while (!pos_is_over(&g.pos)) {
            seed = seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
            int empty = pos_empty_count(&g.pos);
            int k = (int)((seed >> 33) % (uint64_t)empty);
            int r = 0, c = 0;
            for (int p = 0; p < n * n; p++)
                if (g.ref.cell[p / n][p % n] == REF_EMPTY && k-- == 0) {
                    r = p / n;
                    c = p % n;
                    break;
                }
            support_vertex_name(n, r, c, name);
            game_play(&g, name);
            stones++;
        }
        assert_int_equal(pos_count(&g.pos, COLOR_BLACK) + pos_count(&g.pos, COLOR_WHITE), n * n);
        assert_true(stones <= n * n);
    }
}

/* B, W W, B B, W W, ...: the first 30 stones of a game, the turn read from
 * the engine before each one, and fills (there are some) not counted. */
static void test_turn_order(void **state)
{
    (void)state;
    static const char sides[] = "BWWBBWWBBWWBBWWBBWWBBWWBBWWBBW";
    static const char stones[] = "112121212121212121212121212121";
    /* One fill: the 8th stone, B5, closes Black's ring around B4. */
    static const char *const moves[] = {"B3", "H8", "G8", "A4", "C4", "F8", "E8", "B5",
                                        "H1", "G1", "D8", "C8", "F1", "E1", "B8", "A8",
                                        "H7", "H6", "D1", "C1", "H5", "H4", "B1", "A1",
                                        "H3", "H2", "G7", "G6", "G5", "G4"};
    assert_int_equal(strlen(sides), 30);
    assert_int_equal(strlen(stones), 30);
    Game g;
    game_new(&g, 8);
    int fills = 0;
    for (int i = 0; i < 30; i++) {
        Color side = sides[i] == 'B' ? COLOR_BLACK : COLOR_WHITE;
        expect_turn(&g, side, stones[i] - '0');
        assert_int_equal(g.pos.ply, i);
        assert_int_equal(pos_stones_left(&g.pos), i == 0 ? 1 : 3 - (stones[i] - '0'));
        int p = vertex(&g, moves[i]);
        assert_int_equal(pos_check(&g.pos, color_other(side), p), POS_ERR_WRONG_COLOR);
        fills += game_play(&g, moves[i]);
    }
    assert_int_equal(fills, 1);
    assert_int_equal(pos_at(&g.pos, vertex(&g, "B4")), COLOR_BLACK);
}

/* The formula of engine/RULES.md, as written there, for many plies. */
static void test_turn_order_formula(void **state)
{
    (void)state;
    for (int ply = 0; ply < 4000; ply++) {
        Color expected = ply == 0 ? COLOR_BLACK : ((ply + 1) / 2) % 2 == 1 ? COLOR_WHITE : COLOR_BLACK;
        assert_int_equal(pos_side_of_ply(ply), expected);
        assert_int_equal(ref_player_of_ply(ply), expected == COLOR_BLACK ? REF_BLACK : REF_WHITE);
    }
}

/* A region that play would have filled cannot be set up; the position
 * given is left untouched. */
static void test_setup_rejects_unfilled_ring(void **state)
{
    (void)state;
    static const char *const rows[][6] = {
        {"......", "..X...", ".X.X..", "..X...", "......", "......"}, /* empty point in a black ring */
        {"......", "..O...", ".OXO..", "..O...", "......", "......"}, /* black stone in a white ring */
        {"......", ".XXX..", ".XOX..", ".X.X..", ".XXX..", "......"}, /* white and empty in a black ring */
        {"......", "..X...", ".X.X..", "..O...", "......", "......"}, /* open: accepted */
    };
    static const PosStatus expected[] = {POS_ERR_ENCLOSED, POS_ERR_ENCLOSED, POS_ERR_ENCLOSED, POS_OK};
    for (size_t i = 0; i < 4; i++) {
        RefBoard ref;
        ref_init(&ref, 6);
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 6; c++)
                ref.cell[r][c] = rows[i][r][c] == 'X' ? REF_BLACK : rows[i][r][c] == 'O' ? REF_WHITE : REF_EMPTY;
        Bitboard black, white;
        ref_stones(&ref, &black, &white);
        Position pos, untouched;
        pos_init(&pos, 9);
        untouched = pos;
        assert_int_equal(pos_setup(&pos, 6, black, white, COLOR_WHITE, 1), expected[i]);
        if (expected[i] != POS_OK) {
            assert_true(pos_same(&pos, &untouched));
            assert_int_equal(pos.hash, untouched.hash);
        }
    }
    /* The other errors of pos_setup. */
    Position pos;
    assert_int_equal(pos_setup(&pos, 6, bb_point(0), bb_point(0), COLOR_BLACK, 1), POS_ERR_OVERLAP);
    assert_int_equal(pos_setup(&pos, 6, bb_point(point_make(0, 6)), bb_zero(), COLOR_BLACK, 1), POS_ERR_OFF_BOARD);
    assert_int_equal(pos_setup(&pos, 6, bb_zero(), bb_zero(), COLOR_WHITE, 1), POS_ERR_TURN);
    assert_int_equal(pos_setup(&pos, 3, bb_zero(), bb_zero(), COLOR_BLACK, 1), POS_ERR_SIZE);
    assert_int_equal(pos_setup(&pos, 6, bb_zero(), bb_zero(), COLOR_BLACK, 1), POS_OK);
    assert_int_equal(pos_reachable(&pos), POS_OK);
    /* a diagram no game reaches is set up; pos_reachable tells why */
    assert_int_equal(pos_setup(&pos, 6, bb_point(0), bb_zero(), COLOR_BLACK, 1), POS_OK);
    assert_int_equal(pos_reachable(&pos), POS_ERR_LAST_STONE);
    assert_int_equal(pos_setup(&pos, 6, bb_zero(), bb_point(0), COLOR_BLACK, 1), POS_OK);
    assert_int_equal(pos_reachable(&pos), POS_ERR_FEW_STONES);
    assert_int_equal(pos_setup(&pos, 6, bb_point(0), bb_point(1), COLOR_WHITE, 2), POS_OK);
    assert_int_equal(pos_reachable(&pos), POS_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertex_helper),
        cmocka_unit_test(test_vector_figure_all_stones_alive),
        cmocka_unit_test(test_vector1_black_ring),
        cmocka_unit_test(test_vector1_with_stone_a_white),
        cmocka_unit_test(test_vector2_white_ring),
        cmocka_unit_test(test_vector2_with_stone_a_white),
        cmocka_unit_test(test_first_stone_of_turn_closes_ring),
        cmocka_unit_test(test_ring_encloses_only_empty_points),
        cmocka_unit_test(test_ring_encloses_only_enemy_stones),
        cmocka_unit_test(test_ring_encloses_enemy_stones_with_territory),
        cmocka_unit_test(test_one_stone_closes_two_regions),
        cmocka_unit_test(test_one_stone_closes_three_regions),
        cmocka_unit_test(test_wall_touching_edge_does_not_enclose),
        cmocka_unit_test(test_wall_across_board_does_not_enclose),
        cmocka_unit_test(test_diagonal_wall_encloses),
        cmocka_unit_test(test_immune_stones_never_captured),
        cmocka_unit_test(test_enemy_stones_alive_through_empty_points),
        cmocka_unit_test(test_safe_zone_never_filled),
        cmocka_unit_test(test_opponent_move_never_fills_for_you),
        cmocka_unit_test(test_fill_ends_game_mid_turn),
        cmocka_unit_test(test_last_empty_point),
        cmocka_unit_test(test_every_board_size),
        cmocka_unit_test(test_turn_order),
        cmocka_unit_test(test_turn_order_formula),
        cmocka_unit_test(test_setup_rejects_unfilled_ring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
