/* Differential test: the bitboard rules against the reference rules of
 * tests/support over thousands of seeded random games on every size from 4
 * to 16, compared point by point after every placement, with undo, the
 * incremental hash and pos_setup checked on the way. Most players are
 * biased (towards their own stones, diagonal diamonds, or the groups of the
 * other side) so that rings, multi-region closures and captures of filled
 * territory are frequent; the test counts them and insists that they
 * happened. Built twice: with the SIMD bitboards and with RIN_PORTABLE
 * (test_differential_portable). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "reference.h"
#include "rules/position.h"
#include "base/random.h"
#include "support.h"

enum {
    SIZES = BB_MAX_SIZE - BB_MIN_SIZE + 1,
    GAMES = SIZES * 200,      /* test_random_games */
    SETUP_GAMES = SIZES * 40, /* test_setup */
    MAX_STONES = 16 * 16
};

/* How a player picks its stone. */
typedef enum Style {
    STYLE_UNIFORM, /* any empty point */
    STYLE_CLUSTER, /* mostly next to its own stones (8-neighbourhood) */
    STYLE_CLOSER,  /* mostly where it has the most own neighbours: closes rings */
    STYLE_LATTICE, /* mostly diagonal to its own stones: many small diamonds */
    STYLE_HUNTER   /* mostly around enemy groups cut off from the edge, those
                    * holding filled territory first: captures territory */
} Style;

static const char *const style_names[] = {"uniform", "cluster", "closer", "lattice", "hunter"};

/* Black's and White's styles, by game number. */
static const Style matchups[][2] = {
    {STYLE_UNIFORM, STYLE_UNIFORM}, {STYLE_CLUSTER, STYLE_CLUSTER}, {STYLE_LATTICE, STYLE_HUNTER},
    {STYLE_CLOSER, STYLE_UNIFORM},  {STYLE_HUNTER, STYLE_LATTICE},  {STYLE_LATTICE, STYLE_LATTICE},
    {STYLE_CLUSTER, STYLE_HUNTER},  {STYLE_HUNTER, STYLE_HUNTER},
};
enum { MATCHUPS = sizeof matchups / sizeof matchups[0] };

typedef struct Stats {
    uint64_t games, placements;
    uint64_t fills; /* placements that filled something */
    uint64_t filled_points;
    uint64_t captures; /* placements that captured enemy stones */
    uint64_t captured_stones;
    uint64_t territory_captures; /* placements capturing stones that a fill had made */
    uint64_t multi_region;       /* placements closing two regions or more */
    uint64_t first_stone_fills, second_stone_fills;
    uint64_t fill_endings;     /* games ended by a fill */
    uint64_t mid_turn_endings; /* ... by a fill after the first stone of a turn */
    uint64_t setups_accepted, setups_rejected;
    uint64_t games_of_size[BB_MAX_SIZE + 1];
} Stats;

/* One game in progress, with what a failure report needs. */
typedef struct Game {
    Position pos;
    RefBoard ref;
    bool made_by_fill[REF_MAX_SIZE][REF_MAX_SIZE]; /* the point's colour came from a fill */
    int moves[MAX_STONES];
    int nmoves;
    int number;
    Style styles[2];
} Game;

static void report_and_fail(const Game *g, const char *what)
{
    char line[4096];
    size_t used = 0;
    for (int i = 0; i < g->nmoves && used + 8 < sizeof line; i++) {
        char name[SUPPORT_VERTEX_MAX];
        support_vertex_name(g->ref.size, point_row(g->moves[i]), point_col(g->moves[i]), name);
        used += (size_t)snprintf(line + used, sizeof line - used, " %s", name);
    }
    print_error("game %d, %dx%d, black %s, white %s, stones:%s\n", g->number, g->ref.size, g->ref.size,
                style_names[g->styles[0]], style_names[g->styles[1]], line);
    fail_msg("%s", what);
}

static void game_start(Game *g, int number, int size, const Style styles[2])
{
    pos_init(&g->pos, size);
    ref_init(&g->ref, size);
    memset(g->made_by_fill, 0, sizeof g->made_by_fill);
    g->nmoves = 0;
    g->number = number;
    g->styles[0] = styles[0];
    g->styles[1] = styles[1];
}

static const int step_row[4] = {-1, 0, 1, 0}, step_col[4] = {0, 1, 0, -1};

/* Stones of `colour` among the 8 (diagonal) or 4 (orthogonal) neighbours. */
static int neighbours(const RefBoard *ref, int row, int col, RefCell colour, bool diagonal)
{
    int n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            n += (dr || dc) && (diagonal || !dr || !dc) && ref_on_board(ref, row + dr, col + dc) &&
                 ref->cell[row + dr][col + dc] == colour;
    return n;
}

/* The empty points next to groups of `enemy` that do not reach the edge
 * through their own stones: those of groups holding territory filled
 * earlier if there are any, else those of the other groups. */
static int hunting_grounds(const Game *g, RefCell enemy, int points[])
{
    const RefBoard *ref = &g->ref;
    int group[REF_MAX_SIZE][REF_MAX_SIZE];
    bool liberty_of[2][REF_MAX_SIZE][REF_MAX_SIZE];
    int stack[MAX_STONES][2];
    memset(group, -1, sizeof group);
    memset(liberty_of, 0, sizeof liberty_of);
    int ngroups = 0;
    for (int r = 0; r < ref->size; r++)
        for (int c = 0; c < ref->size; c++) {
            if (ref->cell[r][c] != enemy || group[r][c] >= 0)
                continue;
            int id = ngroups++, top = 0, nlib = 0, libs[4 * MAX_STONES];
            bool safe = false, territory = false;
            group[r][c] = id;
            stack[top][0] = r;
            stack[top][1] = c;
            top++;
            while (top > 0) {
                top--;
                int sr = stack[top][0], sc = stack[top][1];
                safe |= ref_in_safe_zone(ref, sr, sc);
                territory |= g->made_by_fill[sr][sc];
                for (int d = 0; d < 4; d++) {
                    int nr = sr + step_row[d], nc = sc + step_col[d];
                    if (!ref_on_board(ref, nr, nc))
                        continue;
                    if (ref->cell[nr][nc] == REF_EMPTY)
                        libs[nlib++] = nr * 16 + nc;
                    else if (ref->cell[nr][nc] == enemy && group[nr][nc] < 0) {
                        group[nr][nc] = id;
                        stack[top][0] = nr;
                        stack[top][1] = nc;
                        top++;
                    }
                }
            }
            if (!safe)
                for (int i = 0; i < nlib; i++)
                    liberty_of[territory][libs[i] / 16][libs[i] % 16] = true;
        }
    for (int kind = 1; kind >= 0; kind--) {
        int n = 0;
        for (int r = 0; r < ref->size; r++)
            for (int c = 0; c < ref->size; c++)
                if (liberty_of[kind][r][c])
                    points[n++] = r * 16 + c;
        if (n > 0)
            return n;
    }
    return 0;
}

/* The point (row * 16 + col) the player to move picks. */
static int choose_point(const Game *g, Rng *rng)
{
    const RefBoard *ref = &g->ref;
    RefCell me = ref_to_move(ref);
    Style style = g->styles[me == REF_WHITE];
    int empty[MAX_STONES], n = 0;
    int near[MAX_STONES], nnear = 0;
    int best[MAX_STONES], nbest = 0, best_score = 1;
    int diagonal[MAX_STONES], ndiagonal = 0;
    for (int r = 0; r < ref->size; r++)
        for (int c = 0; c < ref->size; c++) {
            if (ref->cell[r][c] != REF_EMPTY)
                continue;
            int p = r * 16 + c;
            empty[n++] = p;
            int own = neighbours(ref, r, c, me, true), orthogonal = neighbours(ref, r, c, me, false);
            if (own > 0)
                near[nnear++] = p;
            if (own > best_score) {
                best_score = own;
                nbest = 0;
            }
            if (own == best_score)
                best[nbest++] = p;
            if (own > orthogonal && orthogonal <= 1)
                diagonal[ndiagonal++] = p;
        }
    uint32_t roll = rng_below(rng, 8);
    if (style == STYLE_HUNTER && roll < 6) {
        int grounds[MAX_STONES];
        int ngrounds = hunting_grounds(g, ref_opponent(me), grounds);
        if (ngrounds > 0)
            return grounds[rng_below(rng, (uint32_t)ngrounds)];
    }
    if (style == STYLE_LATTICE && ndiagonal > 0 && roll < 6)
        return diagonal[rng_below(rng, (uint32_t)ndiagonal)];
    if (style == STYLE_CLOSER && nbest > 0 && roll < 5)
        return best[rng_below(rng, (uint32_t)nbest)];
    if (style != STYLE_UNIFORM && nnear > 0 && roll < 7)
        return near[rng_below(rng, (uint32_t)nnear)];
    return empty[rng_below(rng, (uint32_t)n)];
}

/* Every field of two positions, padding aside. */
static bool identical(const Position *a, const Position *b)
{
    return a->size == b->size && a->ply == b->ply && a->hash == b->hash &&
           memcmp(a->stones, b->stones, sizeof a->stones) == 0;
}

/* Places the stone at `point` on both boards and checks everything. */
static void play_and_compare(Game *g, int point, Stats *stats)
{
    char why[256];
    const Position before = g->pos;
    const RefBoard ref_before = g->ref;
    int row = point_row(point), col = point_col(point);
    RefCell me = ref_to_move(&g->ref);
    g->moves[g->nmoves++] = point;

    if (pos_check(&g->pos, pos_to_move(&g->pos), point) != POS_OK)
        report_and_fail(g, "pos_check refuses a legal stone");
    int filled = pos_play(&g->pos, point);
    RefFill fill;
    int expected = ref_play(&g->ref, row, col, &fill);
    if (filled != expected) {
        snprintf(why, sizeof why, "last stone: pos_play returned %d, the reference filled %d", filled, expected);
        report_and_fail(g, why);
    }
    if (!ref_matches(&g->ref, &g->pos, why, sizeof why))
        report_and_fail(g, why);
    if (g->pos.ply != g->ref.ply)
        report_and_fail(g, "ply count differs");
    if (g->pos.hash != pos_compute_hash(&g->pos))
        report_and_fail(g, "incremental hash differs from pos_compute_hash");

    /* Undo is restoring the copy: it must be the previous position exactly,
     * and playing the stone again must give the same position. */
    Position undone = before;
    if (!ref_matches(&ref_before, &undone, why, sizeof why) || undone.ply != ref_before.ply ||
        undone.hash != pos_compute_hash(&undone))
        report_and_fail(g, "the position restored by undo is not the previous one");
    if (pos_play(&undone, point) != filled || !identical(&undone, &g->pos))
        report_and_fail(g, "playing the same stone again gives another position");

    /* Only the mover gains: no point ever becomes the opponent's. */
    int territory = 0;
    for (int r = 0; r < g->ref.size; r++)
        for (int c = 0; c < g->ref.size; c++) {
            if (g->ref.cell[r][c] == ref_before.cell[r][c])
                continue;
            if (g->ref.cell[r][c] != me)
                report_and_fail(g, "a point changed to a colour other than the mover's");
            if (ref_before.cell[r][c] != REF_EMPTY && g->made_by_fill[r][c])
                territory++;
            g->made_by_fill[r][c] = !(r == row && c == col);
        }

    stats->placements++;
    if (filled > 0) {
        stats->fills++;
        stats->filled_points += (uint64_t)filled;
        if (ref_stone_of_ply(ref_before.ply) == 1)
            stats->first_stone_fills++;
        else
            stats->second_stone_fills++;
        if (ref_is_over(&g->ref))
            stats->fill_endings++;
    }
    if (fill.captured > 0) {
        stats->captures++;
        stats->captured_stones += (uint64_t)fill.captured;
    }
    stats->territory_captures += territory > 0;
    stats->multi_region += fill.regions >= 2;
    if (filled > 0 && ref_is_over(&g->ref) && ref_before.ply > 0 && ref_stone_of_ply(ref_before.ply) == 1)
        stats->mid_turn_endings++;
}

static void play_game(Game *g, Rng *rng, Stats *stats)
{
    while (!ref_is_over(&g->ref)) {
        int point = choose_point(g, rng);
        play_and_compare(g, point, stats);
    }
    if (!pos_is_over(&g->pos) || pos_check(&g->pos, pos_to_move(&g->pos), 0) != POS_ERR_GAME_OVER)
        report_and_fail(g, "the full board is not game over");
    stats->games++;
    stats->games_of_size[g->ref.size]++;
}

static void print_stats(const char *title, const Stats *s)
{
    print_message("%s: %llu games, %llu placements, %llu fills (%llu points; %llu by a first stone, %llu by a "
                  "second), %llu captures (%llu stones), %llu captures of filled territory, %llu multi-region "
                  "closures, %llu games ended by a fill (%llu mid-turn)\n",
                  title, (unsigned long long)s->games, (unsigned long long)s->placements,
                  (unsigned long long)s->fills, (unsigned long long)s->filled_points,
                  (unsigned long long)s->first_stone_fills, (unsigned long long)s->second_stone_fills,
                  (unsigned long long)s->captures, (unsigned long long)s->captured_stones,
                  (unsigned long long)s->territory_captures, (unsigned long long)s->multi_region,
                  (unsigned long long)s->fill_endings, (unsigned long long)s->mid_turn_endings);
}

static void test_random_games(void **state)
{
    (void)state;
    Stats stats;
    memset(&stats, 0, sizeof stats);
    Game g;
    for (int i = 0; i < GAMES; i++) {
        Rng rng;
        rng_seed(&rng, UINT64_C(0x52696E) * 1000003 + (uint64_t)i);
        game_start(&g, i, BB_MIN_SIZE + i % SIZES, matchups[(i / SIZES) % MATCHUPS]);
        play_game(&g, &rng, &stats);
    }
    print_stats("random games", &stats);

    assert_true(stats.games >= 2000);
    for (int n = BB_MIN_SIZE; n <= BB_MAX_SIZE; n++)
        assert_true(stats.games_of_size[n] >= 150);
    /* The events the biased players exist for, with a wide margin below
     * what these seeds produce. */
    assert_true(stats.fills >= 15000);
    assert_true(stats.captures >= 8000);
    assert_true(stats.territory_captures >= 400);
    assert_true(stats.multi_region >= 1500);
    assert_true(stats.first_stone_fills >= 6000);
    assert_true(stats.second_stone_fills >= 6000);
    assert_true(stats.fill_endings >= 50);
    assert_true(stats.mid_turn_endings >= 25);
}

/* pos_setup and pos_reachable against the reference: the position reached
 * by play is accepted (same stones, turn and hash) and reachable; the same
 * position with a few points edited is rejected by pos_setup with
 * POS_ERR_ENCLOSED exactly when the reference finds a region that either
 * colour encloses (the output then untouched), and, once set up, found
 * unreachable with POS_ERR_LAST_STONE or POS_ERR_FEW_STONES exactly when
 * the side that placed the last stone has none or the board holds fewer
 * stones than were placed. */
static void check_setup(const Game *g, Rng *rng, Stats *stats)
{
    char why[256];
    const RefBoard *ref = &g->ref;
    Color side = ref_to_move(ref) == REF_BLACK ? COLOR_BLACK : COLOR_WHITE;
    int stone = ref_stone_of_ply(ref->ply);
    Bitboard black, white;
    ref_stones(ref, &black, &white);
    Position set;
    if (pos_setup(&set, ref->size, black, white, side, stone) != POS_OK)
        report_and_fail(g, "pos_setup rejects a position reached by play");
    if (!pos_same(&set, &g->pos) || set.hash != g->pos.hash || !ref_matches(ref, &set, why, sizeof why))
        report_and_fail(g, "pos_setup gives another position than play");
    if (pos_reachable(&set) != POS_OK || pos_reachable(&g->pos) != POS_OK)
        report_and_fail(g, "pos_reachable rejects a position reached by play");

    RefBoard edited = *ref;
    int edits = 1 + (int)rng_below(rng, 3);
    for (int e = 0; e < edits; e++) {
        int r = (int)rng_below(rng, (uint32_t)ref->size), c = (int)rng_below(rng, (uint32_t)ref->size);
        switch (rng_below(rng, 3)) {
        case 0: /* anything */
            edited.cell[r][c] = (uint8_t)rng_below(rng, 3);
            break;
        case 1: /* a hole: often inside someone's territory */
            edited.cell[r][c] = REF_EMPTY;
            break;
        default: /* a stone changes sides */
            if (edited.cell[r][c] != REF_EMPTY)
                edited.cell[r][c] = (uint8_t)ref_opponent((RefCell)edited.cell[r][c]);
            break;
        }
    }
    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    bool any = ref_enclosed(&edited, REF_BLACK, enclosed) > 0 || ref_enclosed(&edited, REF_WHITE, enclosed) > 0;
    bool bare = ref_count(&edited, REF_EMPTY) == ref->size * ref->size;
    PosStatus expected = POS_OK, expected_reach = POS_OK;
    if (any)
        expected = POS_ERR_ENCLOSED;
    else if (bare && !(side == COLOR_BLACK && stone == 1))
        expected = POS_ERR_TURN;
    else if (!bare) {
        /* the side that placed the last stone: the mover itself on its
         * second stone, else the other side */
        RefCell last = (side == COLOR_BLACK) == (stone == 2) ? REF_BLACK : REF_WHITE;
        int placed = side == COLOR_WHITE ? stone : 2 + stone; /* at least, before this stone */
        if (ref_count(&edited, last) == 0)
            expected_reach = POS_ERR_LAST_STONE;
        else if (ref->size * ref->size - ref_count(&edited, REF_EMPTY) < placed)
            expected_reach = POS_ERR_FEW_STONES;
    }
    ref_stones(&edited, &black, &white);
    Position out = g->pos, untouched = g->pos;
    PosStatus status = pos_setup(&out, ref->size, black, white, side, stone);
    if (status != expected) {
        snprintf(why, sizeof why, "pos_setup of an edited position: %s, expected %s", pos_status_text(status),
                 pos_status_text(expected));
        report_and_fail(g, why);
    }
    if (status != POS_OK && !identical(&out, &untouched))
        report_and_fail(g, "a failed pos_setup changed its output");
    if (status == POS_OK && !ref_matches(&edited, &out, why, sizeof why))
        report_and_fail(g, why);
    if (status == POS_OK && out.hash != pos_compute_hash(&out))
        report_and_fail(g, "pos_setup computed a wrong hash");
    if (status == POS_OK) {
        status = pos_reachable(&out);
        if (status != expected_reach) {
            snprintf(why, sizeof why, "pos_reachable of an edited position: %s, expected %s",
                     pos_status_text(status), pos_status_text(expected_reach));
            report_and_fail(g, why);
        }
    }
    if (status == POS_OK)
        stats->setups_accepted++;
    else
        stats->setups_rejected++;
}

static void test_setup(void **state)
{
    (void)state;
    Stats stats;
    memset(&stats, 0, sizeof stats);
    Game g;
    for (int i = 0; i < SETUP_GAMES; i++) {
        Rng rng;
        rng_seed(&rng, UINT64_C(0x5E7) * 1000003 + (uint64_t)i);
        game_start(&g, i, BB_MIN_SIZE + i % SIZES, matchups[(i / SIZES) % MATCHUPS]);
        while (!ref_is_over(&g.ref)) {
            int point = choose_point(&g, &rng);
            play_and_compare(&g, point, &stats);
            check_setup(&g, &rng, &stats);
        }
    }
    print_message("setups: %llu accepted, %llu rejected or unreachable\n", (unsigned long long)stats.setups_accepted,
                  (unsigned long long)stats.setups_rejected);
    assert_true(stats.setups_accepted >= 5000);
    assert_true(stats.setups_rejected >= 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
