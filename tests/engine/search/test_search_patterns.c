/* The search with a pattern model: it plays legal stones on every size,
 * deterministically, and the model changes what it searches; without one
 * the search is the search of before. Built a second time against the
 * search compiled with RIN_CHECK_PATTERNS (test_search_patterns_checked),
 * where every evaluation the search makes from its incrementally kept
 * indices and the node's tactics is compared with the model's evaluation
 * from scratch (a difference aborts), on searches with fills, with two
 * threads and with the positions of one game following each other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/ntuple.h"
#include "random_position.h"
#include "rules/playout.h"
#include "base/random.h"
#include "search/search.h"

/* win3x3 and edge2x4 tables by stage and stones left, tactical inputs, an
 * owner head the value weighs: every path of the evaluation. Weights small
 * enough to keep most margins inside the estimate range. */
static NtupleModel *random_model(uint64_t seed)
{
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24),
                           .stages = 3,
                           .split_turn = 1,
                           .target = NTUPLE_TARGET_MARGIN,
                           .owner_shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23),
                           .value_uses_owner = 1,
                           .tactical = 1};
    NtupleModel *model = NULL;
    assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
    Rng rng;
    rng_seed(&rng, seed);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)((int)rng_below(&rng, 2001) - 1000) / 2000.0f;
    return model;
}

static Search *new_search(const NtupleModel *patterns, int threads)
{
    SearchConfig config = {.threads = threads, .hash_mib = 4, .seed = 3, .patterns = patterns};
    Search *s = search_create(&config);
    assert_non_null(s);
    return s;
}

static bool is_empty_point(const Position *pos, int point)
{
    return point >= 0 && point < BB_POINTS && bb_test(pos_empty(pos), point);
}

static SearchInfo run(Search *s, const Position *pos, uint64_t nodes)
{
    SearchLimits limits = {.nodes = nodes, .first_move = POINT_NONE};
    SearchInfo info;
    search_run(s, pos, &limits, NULL, NULL, &info);
    return info;
}

/* Positions of every size from 4 to 16, at every stage of the game. */
static void test_searches_with_patterns_play_legal_stones(void **state)
{
    (void)state;
    NtupleModel *model = random_model(1);
    Search *s = new_search(model, 1);
    Rng rng;
    rng_seed(&rng, 5);
    for (int size = 4; size <= 16; size++) {
        int points = size * size;
        for (int k = 1; k <= 3; k++) {
            Position pos = support_random_position(&rng, size, points - points * k / 4 + 1);
            search_clear(s);
            SearchInfo info = run(s, &pos, 3000);
            assert_true(info.pv_length >= 1);
            assert_true(is_empty_point(&pos, info.pv[0]));
        }
    }
    search_destroy(s);
    ntuple_model_destroy(model);
}

/* One search followed through a game: each search starts from the position
 * the previous one's stone led to (the workers' indices begin anew from
 * each root), with two threads, and the 16-bit tables that a loaded
 * file has. */
static void test_a_game_with_patterns_and_threads(void **state)
{
    (void)state;
    NtupleModel *model = random_model(2);
    assert_true(ntuple_model_pack(model)); /* as pattern_file_load gives it */
    Search *s = new_search(model, 2);
    Position pos;
    pos_init(&pos, 9);
    for (int stone = 0; stone < 30 && !pos_is_over(&pos); stone++) {
        SearchInfo info = run(s, &pos, 2000);
        assert_true(is_empty_point(&pos, info.pv[0]));
        pos_play(&pos, info.pv[0]);
    }
    search_destroy(s);
    ntuple_model_destroy(model);
}

/* With one thread and a node limit the search is reproducible; the model
 * changes it; without a model (NULL) it is the search of before. */
static void test_patterns_change_the_search_reproducibly(void **state)
{
    (void)state;
    NtupleModel *model = random_model(3);
    Rng rng;
    rng_seed(&rng, 9);
    Position pos = support_random_position(&rng, 12, 100);
    Search *a = new_search(model, 1), *b = new_search(model, 1), *plain = new_search(NULL, 1);
    SearchInfo ia = run(a, &pos, 20000), ib = run(b, &pos, 20000), ip = run(plain, &pos, 20000);
    assert_int_equal(ia.score, ib.score);
    assert_int_equal(ia.pv_length, ib.pv_length);
    assert_memory_equal(ia.pv, ib.pv, (size_t)ia.pv_length * sizeof(int));
    /* the random model's scores are not the learned evaluation's */
    assert_true(ia.score != ip.score || ia.pv_length != ip.pv_length ||
                memcmp(ia.pv, ip.pv, (size_t)ia.pv_length * sizeof(int)) != 0);
    /* taken away again: the plain search */
    search_set_patterns(a, NULL);
    search_clear(a);
    search_clear(plain);
    SearchInfo again = run(a, &pos, 20000), plain_again = run(plain, &pos, 20000);
    assert_int_equal(again.score, plain_again.score);
    assert_int_equal(again.pv_length, plain_again.pv_length);
    assert_memory_equal(again.pv, plain_again.pv, (size_t)again.pv_length * sizeof(int));
    search_destroy(a);
    search_destroy(b);
    search_destroy(plain);
    ntuple_model_destroy(model);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_searches_with_patterns_play_legal_stones),
        cmocka_unit_test(test_a_game_with_patterns_and_threads),
        cmocka_unit_test(test_patterns_change_the_search_reproducibly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
