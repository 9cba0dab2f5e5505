/* The search's table of two-stone rings gives what the analysis itself
 * gives: along random games, for positions met again (as the search meets
 * them), asked with and without threats, and for another position that
 * lands in the same slot with the same hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "random_position.h"
#include "rules/playout.h"
#include "search/tactics_cache.h"

static void assert_same_analysis(const Tactics *got, const Tactics *want)
{
    assert_true(bb_equal(got->mine.points, want->mine.points));
    assert_true(bb_equal(got->theirs.points, want->theirs.points));
    assert_int_equal(got->mine.best, want->mine.best);
    assert_int_equal(got->theirs.best, want->theirs.best);
    assert_int_equal(got->threats_known, want->threats_known);
    assert_true(bb_equal(got->threats, want->threats));
    assert_int_equal(got->best_threat, want->best_threat);
}

/* Asks the cache, and the analysis without it, about `pos`. */
static void check(TacticsCache *cache, const Position *pos, bool with_threats)
{
    Tactics got, want;
    TacticsCarry none = {NULL, POINT_NONE};
    tactics_cache_analyze(cache, pos, with_threats, none, &got);
    tactics_analyze(pos, with_threats, &want);
    assert_same_analysis(&got, &want);
}

static void test_cache_is_the_analysis(void **state)
{
    (void)state;
    TacticsCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    Rng rng;
    rng_seed(&rng, 23);
    enum { RECENT = 8 };
    int with_threats_found = 0;
    for (int game = 0; game < 30; game++) {
        int size = 5 + game % 12;
        Position recent[RECENT];
        int count = 0;
        Position pos;
        pos_init(&pos, size);
        while (!pos_is_over(&pos)) {
            recent[count++ % RECENT] = pos;
            /* the position now, then one met a few stones ago (mostly a
             * hit), each with or without threats */
            check(cache, &pos, rng_below(&rng, 2));
            int back = (int)rng_below(&rng, (uint32_t)(count < RECENT ? count : RECENT));
            const Position *again = &recent[back];
            bool with_threats = rng_below(&rng, 2);
            check(cache, again, with_threats);
            check(cache, again, !with_threats);
            Tactics t;
            tactics_analyze(again, true, &t);
            with_threats_found += !bb_is_empty(t.threats);
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
    }
    assert_true(with_threats_found > 100);
    free(cache);
}

/* Two positions with one hash (as a collision would give them) do not share
 * an entry: the stones are part of the key. */
static void test_same_hash_other_position(void **state)
{
    (void)state;
    TacticsCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    Rng rng;
    rng_seed(&rng, 29);
    int differing = 0;
    for (int i = 0; i < 200; i++) {
        int size = 6 + i % 11;
        Position a = support_random_position(&rng, size, size * size / 2);
        Position b = support_random_position(&rng, size, size * size / 3);
        while (pos_to_move(&b) != pos_to_move(&a) || pos_stones_left(&b) != pos_stones_left(&a))
            b.ply++;
        b.hash = a.hash;
        check(cache, &a, true);
        check(cache, &b, true);
        Tactics ta, tb;
        tactics_analyze(&a, true, &ta);
        tactics_analyze(&b, true, &tb);
        differing += !bb_equal(ta.threats, tb.threats);
    }
    assert_true(differing > 50);
    free(cache);
}

/* The nodes after the opponent's turns from one position have the side to
 * move's stones in common (so the table's chain entry for them), and each
 * gets its own threats. */
static void test_siblings_share_chains(void **state)
{
    (void)state;
    TacticsCache *cache = calloc(1, sizeof *cache);
    assert_non_null(cache);
    Rng rng;
    rng_seed(&rng, 31);
    int shared = 0;
    for (int i = 0; i < 150; i++) {
        int size = 6 + i % 11;
        Position parent = support_random_position(&rng, size, size * size / 2);
        while (!pos_is_over(&parent) && pos_stones_left(&parent) != 2)
            pos_play(&parent, playout_random_point(&parent, &rng));
        if (pos_empty_count(&parent) < 3)
            continue;
        Position first;
        for (int k = 0; k < 6; k++) {
            Position child = parent;
            pos_play(&child, playout_random_point(&child, &rng));
            pos_play(&child, playout_random_point(&child, &rng));
            check(cache, &child, true);
            if (k == 0)
                first = child;
            Tactics t;
            tactics_analyze(&child, true, &t);
            Color me = pos_to_move(&child);
            shared += k > 0 && bb_equal(child.stones[me], first.stones[me]) && !bb_is_empty(t.threats);
        }
    }
    assert_true(shared > 100);
    free(cache);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_is_the_analysis),
        cmocka_unit_test(test_same_hash_other_position),
        cmocka_unit_test(test_siblings_share_chains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
