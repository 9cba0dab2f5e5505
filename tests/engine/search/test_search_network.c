/* The search with an evaluation network: it plays legal stones on every
 * size, deterministically, and the network changes what it searches. Built
 * a second time against the search compiled with RIN_CHECK_PATTERNS
 * (test_search_network_checked), where every value the search takes from
 * its incrementally kept boards (one per side to move) is compared with the
 * network's value from scratch (a difference aborts), on searches with
 * fills, with two threads and with the positions of one game following each
 * other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/nnue.h"
#include "random_position.h"
#include "rules/playout.h"
#include "base/random.h"
#include "../eval/random_network.h"
#include "search/search.h"

static Search *new_search(const NnueModel *network, int threads)
{
    SearchConfig config = {.threads = threads, .hash_mib = 4, .seed = 3, .network = network};
    Search *s = search_create(&config);
    assert_non_null(s);
    return s;
}

static SearchInfo run(Search *s, const Position *pos, uint64_t nodes)
{
    SearchLimits limits = {.nodes = nodes, .first_move = POINT_NONE};
    SearchInfo info;
    search_run(s, pos, &limits, NULL, NULL, &info);
    return info;
}

static void test_searches_with_network_play_legal_stones(void **state)
{
    (void)state;
    NnueModel *network = random_network(1);
    Search *s = new_search(network, 1);
    Rng rng;
    rng_seed(&rng, 5);
    for (int size = 4; size <= 16; size += 2) {
        int points = size * size;
        for (int k = 1; k <= 3; k++) {
            Position pos = support_random_position(&rng, size, points - points * k / 4 + 1);
            search_clear(s);
            SearchInfo info = run(s, &pos, 2000);
            assert_true(info.pv_length >= 1);
            assert_true(bb_test(pos_empty(&pos), info.pv[0]));
            /* the same search again gives the same stone and nodes */
            search_clear(s);
            SearchInfo again = run(s, &pos, 2000);
            assert_int_equal(again.pv[0], info.pv[0]);
            assert_int_equal(again.nodes, info.nodes);
        }
    }
    search_destroy(s);
    nnue_model_destroy(network);
}

/* The network, not the default evaluation, decides: another network
 * searches another tree. */
static void test_network_changes_the_search(void **state)
{
    (void)state;
    NnueModel *a = random_network(2), *b = random_network(3);
    Rng rng;
    rng_seed(&rng, 9);
    Position pos = support_random_position(&rng, 12, 70);
    Search *sa = new_search(a, 1), *sb = new_search(b, 1), *plain = new_search(NULL, 1);
    SearchInfo ia = run(sa, &pos, 5000), ib = run(sb, &pos, 5000), ip = run(plain, &pos, 5000);
    assert_true(ia.score != ib.score || ia.pv[0] != ib.pv[0]);
    assert_true(ia.score != ip.score || ia.pv[0] != ip.pv[0]);
    search_destroy(sa);
    search_destroy(sb);
    search_destroy(plain);
    nnue_model_destroy(a);
    nnue_model_destroy(b);
}

/* A game played by the search with two threads: the positions follow each
 * other, the boards are brought along from the last search's nodes. */
static void test_game_with_two_threads(void **state)
{
    (void)state;
    NnueModel *network = random_network(4);
    Search *s = new_search(network, 2);
    Position pos;
    pos_init(&pos, 8);
    while (!pos_is_over(&pos)) {
        SearchInfo info = run(s, &pos, 800);
        assert_true(info.pv_length >= 1);
        pos_play(&pos, info.pv[0]);
    }
    search_destroy(s);
    nnue_model_destroy(network);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_searches_with_network_play_legal_stones),
        cmocka_unit_test(test_network_changes_the_search),
        cmocka_unit_test(test_game_with_two_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
