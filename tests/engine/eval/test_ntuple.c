/* The n-tuple pattern model: the eight symmetries of a position evaluate
 * alike, the incremental indices equal the ones from scratch through whole
 * random games with their fills, every index stays inside its table at
 * every board size, and the trainer lowers its loss deterministically. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/ntuple.h"
#include "learn/ntuple_train.h"
#include "random_position.h"
#include "base/random.h"
#include "rules/symmetry.h"
#include "rules/tactics.h"

#define ALL_SHAPES ((UINT32_C(1) << NTUPLE_SHAPES) - 1)

static NtupleModel *make_owner_model(uint32_t shapes, int stages, int split_turn, NtupleTarget target,
                                     uint32_t owner_shapes, int tactical)
{
    NtupleConfig config = {
        .shapes = shapes,
        .stages = stages,
        .split_turn = split_turn,
        .target = target,
        .owner_shapes = owner_shapes,
        .value_uses_owner = owner_shapes != 0,
        .tactical = tactical};
    NtupleModel *model = NULL;
    assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
    assert_non_null(model);
    return model;
}

static NtupleModel *make_model(uint32_t shapes, int stages, int split_turn, NtupleTarget target)
{
    return make_owner_model(shapes, stages, split_turn, target, 0, 0);
}

/* Weights in [-1, 1]: symmetry must hold for any weights. */
static void randomise(NtupleModel *model, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)((int)rng_below(&rng, 2001) - 1000) / 1000.0f;
}

static void test_config_is_checked(void **state)
{
    (void)state;
    NtupleModel *model = NULL;
    NtupleConfig none = {.shapes = 0, .stages = 4};
    assert_int_equal(ntuple_model_create(&none, &model), NTUPLE_ERR_CONFIG);
    NtupleConfig stages = {.shapes = ALL_SHAPES, .stages = 0};
    assert_int_equal(ntuple_model_create(&stages, &model), NTUPLE_ERR_CONFIG);
    stages.stages = NTUPLE_MAX_STAGES + 1;
    assert_int_equal(ntuple_model_create(&stages, &model), NTUPLE_ERR_CONFIG);
    NtupleConfig unknown = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_SHAPES), .stages = 4};
    assert_int_equal(ntuple_model_create(&unknown, &model), NTUPLE_ERR_CONFIG);
    NtupleConfig owner = {.shapes = 1, .stages = 4, .owner_shapes = NTUPLE_SHAPE_BIT(NTUPLE_SHAPES)};
    assert_int_equal(ntuple_model_create(&owner, &model), NTUPLE_ERR_CONFIG);
    assert_null(model);
}

static void test_symmetries_evaluate_alike(void **state)
{
    (void)state;
    NtupleModel *model = make_owner_model(ALL_SHAPES & ~NTUPLE_SHAPE_BIT(NTUPLE_WIN23), 5, 1, NTUPLE_TARGET_MARGIN,
                                          NTUPLE_SHAPE_BIT(NTUPLE_WIN23) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24), 1);
    randomise(model, 7);
    Rng rng;
    rng_seed(&rng, 5);
    int differ = 0;
    float previous = 0.0f;
    for (int game = 0; game < 600; game++) {
        int size = 4 + game % 13;
        Position pos = support_random_plies(&rng, size, 1 + (int)rng_below(&rng, (uint32_t)(size * size - 1)));
        float expected = ntuple_eval_full(model, &pos).sum, owner[BB_POINTS];
        differ += expected != previous;
        previous = expected;
        assert_true(ntuple_owner(model, &pos, owner));
        int sure = 0;
        for (int p = 0; p < BB_POINTS; p++) {
            bool on = point_row(p) < size && point_col(p) < size;
            assert_true(on || owner[p] == 0.0f);
            assert_true(owner[p] >= -1.0f && owner[p] <= 1.0f);
            sure += fabsf(owner[p]) > 0.01f;
        }
        assert_true(sure > 0);
        for (int s = 1; s < 8; s++) {
            Position image = symmetry_position(s, &pos);
            float got = ntuple_eval_full(model, &image).sum, image_owner[BB_POINTS];
            /* the same weights summed in another order */
            assert_true(fabsf(got - expected) <= 1e-3f * (1.0f + fabsf(expected)));
            assert_true(ntuple_owner(model, &image, image_owner));
            Bitboard board = bb_board(size);
            for (int p; (p = bb_next(&board)) != POINT_NONE;)
                assert_true(fabsf(image_owner[symmetry_point(s, size, p)] - owner[p]) < 1e-4f);
        }
    }
    /* the weights are really looked up: positions evaluate differently */
    assert_true(differ > 500);
    ntuple_model_destroy(model);
}

/* A position's colours swapped and the other side to move sees the same
 * board: the same sum. */
static void test_colours_are_relative(void **state)
{
    (void)state;
    NtupleModel *model = make_model(NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24), 4, 0,
                                    NTUPLE_TARGET_RESULT);
    randomise(model, 8);
    Rng rng;
    rng_seed(&rng, 6);
    for (int i = 0; i < 200; i++) {
        int size = 4 + i % 13;
        Position pos = support_random_plies(&rng, size, 2 + (int)rng_below(&rng, (uint32_t)(size * size - 2)));
        if (pos_is_over(&pos))
            continue;
        Position swapped = pos;
        swapped.stones[0] = pos.stones[1];
        swapped.stones[1] = pos.stones[0];
        /* the same stone of the turn, the other colour to move */
        swapped.ply = pos.ply + (pos.ply == 0 ? 0 : 2);
        if (pos.ply == 0 || pos_to_move(&swapped) == pos_to_move(&pos))
            continue;
        assert_true(ntuple_eval_full(model, &swapped).sum == ntuple_eval_full(model, &pos).sum);
    }
    ntuple_model_destroy(model);
}

static void test_incremental_matches_full(void **state)
{
    (void)state;
    NtupleModel *model = make_owner_model(ALL_SHAPES & ~NTUPLE_SHAPE_BIT(NTUPLE_WIN24), 6, 1, NTUPLE_TARGET_MARGIN,
                                          NTUPLE_SHAPE_BIT(NTUPLE_WIN24), 1);
    randomise(model, 9);
    Rng rng;
    rng_seed(&rng, 10);
    int fills = 0, checked = 0;
    static NtupleBoard board, fresh;
    for (int game = 0; game < 120; game++) {
        int size = 4 + game % 13;
        Position pos;
        assert_int_equal(pos_init(&pos, size), POS_OK);
        ntuple_board_init(&board, model, &pos);
        while (!pos_is_over(&pos)) {
            Bitboard empty = pos_empty(&pos);
            int point = bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty)));
            fills += pos_play(&pos, point) > 0;
            ntuple_board_update(&board, &pos);
            ntuple_board_init(&fresh, model, &pos);
            int instances = model->layout[size]->instances;
            assert_memory_equal(board.index[0], fresh.index[0], (size_t)instances * sizeof board.index[0][0]);
            assert_memory_equal(board.index[1], fresh.index[1], (size_t)instances * sizeof board.index[1][0]);
            NtupleValue a = ntuple_eval(model, &board, &pos), b = ntuple_eval_full(model, &pos);
            assert_true(a.sum == b.sum && a.margin == b.margin && a.win == b.win);
            Tactics tactics;
            tactics_analyze(&pos, false, &tactics);
            assert_true(ntuple_eval_with(model, &board, &pos, &tactics).sum == a.sum);
            checked++;
        }
        /* a jump of several stones at once (a search's sibling) works too */
        Position start = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size)));
        ntuple_board_update(&board, &start);
        assert_true(ntuple_eval(model, &board, &start).sum == ntuple_eval_full(model, &start).sum);
    }
    assert_true(fills > 100);
    assert_true(checked > 10000);
    ntuple_model_destroy(model);
}

/* The 16-bit tables evaluate as the floats do, within the rounding of
 * each weight to its block's unit, incrementally and from scratch alike;
 * the floats are kept. */
static void test_packed_tables_evaluate_alike(void **state)
{
    (void)state;
    NtupleModel *model = make_owner_model(NTUPLE_SHAPE_BIT(NTUPLE_WIN3), 4, 1, NTUPLE_TARGET_MARGIN, 0, 1);
    randomise(model, 21);
    NtupleModel *packed = make_owner_model(NTUPLE_SHAPE_BIT(NTUPLE_WIN3), 4, 1, NTUPLE_TARGET_MARGIN, 0, 1);
    memcpy(packed->weights, model->weights, model->params * sizeof(float));
    assert_true(ntuple_model_pack(packed));
    assert_non_null(packed->packed);
    assert_memory_equal(packed->weights, model->weights, model->params * sizeof(float));
    /* weights in [-1, 1]: a unit of 1/32767 at most, so each weight is off
     * by 1/65534 at most, and a sum of 1568 placements by 0.024 */
    for (uint32_t b = 0; b < packed->table_blocks; b++)
        assert_true(packed->packed_unit[b] <= 1.0f / 32767.0f + 1e-9f);
    Rng rng;
    rng_seed(&rng, 22);
    static NtupleBoard board;
    int checked = 0;
    for (int game = 0; game < 26; game++) {
        int size = 4 + game % 13;
        Position pos;
        assert_int_equal(pos_init(&pos, size), POS_OK);
        ntuple_board_init(&board, packed, &pos);
        while (!pos_is_over(&pos)) {
            Bitboard empty = pos_empty(&pos);
            pos_play(&pos, bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty))));
            ntuple_board_update(&board, &pos);
            NtupleValue a = ntuple_eval(packed, &board, &pos), b = ntuple_eval_full(packed, &pos);
            assert_true(a.sum == b.sum);
            assert_int_equal(ntuple_evaluate(packed, &board, &pos, NULL), ntuple_evaluate_full(packed, &pos));
            float exact = ntuple_eval_full(model, &pos).sum;
            if (fabsf(a.sum - exact) > 0.025f)
                fail_msg("packed %f, floats %f", (double)a.sum, (double)exact);
            checked++;
        }
    }
    assert_true(checked > 2000);
    ntuple_model_destroy(packed);
    ntuple_model_destroy(model);
}

static void test_indices_stay_in_their_tables(void **state)
{
    (void)state;
    NtupleModel *model = make_model(ALL_SHAPES, 3, 1, NTUPLE_TARGET_MARGIN);
    uint32_t table_end[NTUPLE_SHAPES], start = 0;
    for (int s = 0; s < NTUPLE_SHAPES; s++) {
        start += (uint32_t)ntuple_shape_classes((NtupleShape)s) * ntuple_shape_configs((NtupleShape)s);
        table_end[s] = start;
    }
    assert_int_equal(start, model->stage_params);
    Rng rng;
    rng_seed(&rng, 12);
    static uint32_t active[NTUPLE_MAX_INSTANCES];
    static float scale[NTUPLE_MAX_INSTANCES];
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        const NtupleLayout *layout = model->layout[size];
        assert_non_null(layout);
        assert_int_equal(layout->size, size);
        assert_true(layout->instances > 0 && layout->instances <= NTUPLE_MAX_INSTANCES);
        /* every point on the board is in some instance, none off it */
        float coverage[BB_POINTS] = {0};
        for (int i = 0; i < layout->instances; i++) {
            const NtupleInstance *in = &layout->instance[i];
            int shape = 0;
            while (in->table >= table_end[shape])
                shape++;
            assert_int_equal(in->cells * 1u, ntuple_shape_configs((NtupleShape)shape) == 6561u     ? 8u
                                             : ntuple_shape_configs((NtupleShape)shape) == 19683u ? 9u
                                             : ntuple_shape_configs((NtupleShape)shape) == 729u   ? 6u
                                                                                                   : 10u);
            assert_true(in->scale == 1.0f || in->scale == 0.5f || in->scale == 0.25f || in->scale == 0.125f);
            for (int j = 0; j < in->cells; j++) {
                assert_true(point_row(in->cell[j]) < size && point_col(in->cell[j]) < size);
                coverage[in->cell[j]] += in->scale;
            }
        }
        for (int p = 0; p < BB_POINTS; p++)
            assert_true((coverage[p] > 0) == (point_row(p) < size && point_col(p) < size));
        for (int k = 0; k < 60; k++) {
            Position pos = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size + 4)));
            int n = ntuple_active(model, &pos, active, scale);
            assert_int_equal(n, layout->instances);
            int block = ntuple_block(model, &pos);
            assert_true(block >= 0 && (uint32_t)block < model->table_blocks);
            for (int i = 0; i < n; i++) {
                uint32_t base = (uint32_t)block * model->stage_params;
                assert_true(active[i] >= base + layout->instance[i].table);
                /* inside the instance's own table: one shape's configurations */
                uint32_t table = layout->instance[i].table;
                int shape = 0;
                while (table >= table_end[shape])
                    shape++;
                assert_true(active[i] - base - table < ntuple_shape_configs((NtupleShape)shape));
            }
            uint32_t globals = ntuple_globals_offset(model, &pos);
            assert_true(globals >= model->table_blocks * model->stage_params && globals + NTUPLE_GLOBALS <= model->params);
        }
    }
    ntuple_model_destroy(model);
}

/* Each placement counts once, however many cell orders it appears in: the
 * scales of a shape's instances add up to its placements on the board. */
static void test_placements_count_once(void **state)
{
    (void)state;
    NtupleModel *win = make_model(NTUPLE_SHAPE_BIT(NTUPLE_WIN3), 1, 0, NTUPLE_TARGET_MARGIN);
    NtupleModel *edge = make_model(NTUPLE_SHAPE_BIT(NTUPLE_EDGE24), 1, 0, NTUPLE_TARGET_MARGIN);
    NtupleModel *rect = make_model(NTUPLE_SHAPE_BIT(NTUPLE_WIN23), 1, 0, NTUPLE_TARGET_MARGIN);
    for (int n = BB_MIN_SIZE; n <= BB_MAX_SIZE; n++) {
        double sum[3] = {0, 0, 0};
        const NtupleModel *models[3] = {win, edge, rect};
        for (int m = 0; m < 3; m++)
            for (int i = 0; i < models[m]->layout[n]->instances; i++)
                sum[m] += models[m]->layout[n]->instance[i].scale;
        assert_true(fabs(sum[0] - (n - 2) * (n - 2)) < 1e-3);
        assert_true(fabs(sum[1] - 4 * (n - 3)) < 1e-3);
        assert_true(fabs(sum[2] - 2 * (n - 1) * (n - 2)) < 1e-3); /* both orientations */
    }
    ntuple_model_destroy(win);
    ntuple_model_destroy(edge);
    ntuple_model_destroy(rect);
}

/* Positions of random games labelled with their final owners. */
static TrainSample *random_samples(int games, int size, size_t *count)
{
    TrainSample *samples = malloc((size_t)games * (size_t)(size * size) * sizeof *samples);
    assert_non_null(samples);
    Rng rng;
    rng_seed(&rng, 99);
    size_t n = 0;
    for (int game = 0; game < games; game++) {
        Position pos, seen[BB_POINTS];
        int plies = 0;
        assert_int_equal(pos_init(&pos, size), POS_OK);
        while (!pos_is_over(&pos)) {
            seen[plies++] = pos;
            Bitboard empty = pos_empty(&pos);
            pos_play(&pos, bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty))));
        }
        for (int i = 0; i < plies; i++)
            samples[n++] = (TrainSample){.pos = seen[i], .black_final = pos.stones[COLOR_BLACK], .game = game};
    }
    *count = n;
    return samples;
}

static void train_twice(NtupleTarget target)
{
    size_t count;
    TrainSample *samples = random_samples(150, 6, &count);
    uint32_t shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24);
    uint32_t owner = NTUPLE_SHAPE_BIT(NTUPLE_WIN23);
    NtupleModel *a = make_owner_model(shapes, 4, 0, target, owner, 1),
                *b = make_owner_model(shapes, 4, 0, target, owner, 1),
                *c = make_owner_model(shapes, 4, 0, target, owner, 1);
    NtupleTrainConfig config = {.seed = 3, .rate = target == NTUPLE_TARGET_MARGIN ? 0.05f : 0.02f, .l2 = 1e-4f};
    NtupleTrainer *ta = ntuple_train_create(a, &config), *tb = ntuple_train_create(b, &config);
    config.seed = 4;
    NtupleTrainer *tc = ntuple_train_create(c, &config);
    assert_true(ta && tb && tc);
    NtupleError before = ntuple_train_measure(a, samples, count);
    NtupleLoss first = {0, 0}, last = {0, 0};
    for (int epoch = 0; epoch < 4; epoch++) {
        last = ntuple_train_epoch(ta, samples, count);
        if (epoch == 0)
            first = last;
        NtupleLoss again = ntuple_train_epoch(tb, samples, count);
        assert_true(again.value == last.value && again.owner == last.owner);
        ntuple_train_epoch(tc, samples, count);
    }
    assert_true(last.value < first.value);
    assert_true(last.owner < first.owner && first.owner < log(2.0));
    ntuple_train_calibrate(a, samples, count, 1000);
    ntuple_train_calibrate(b, samples, count, 1000);
    NtupleError after = ntuple_train_measure(a, samples, count);
    assert_int_equal(after.positions, count);
    if (target == NTUPLE_TARGET_MARGIN)
        assert_true(after.margin_rmse < 0.8 * before.margin_rmse);
    /* an untrained model says 1/2 for every position */
    assert_true(fabs(before.result_logloss - log(2.0)) < 1e-3);
    assert_true(after.result_logloss < 0.9 * before.result_logloss);
    /* an untrained owner head says 0 everywhere: half right */
    assert_true(fabs(before.owner_accuracy - 0.5) < 1e-9);
    assert_true(after.owner_accuracy > 0.75);
    assert_memory_equal(a->weights, b->weights, a->params * sizeof *a->weights);
    assert_memory_equal(a->calib_a, b->calib_a, sizeof a->calib_a);
    assert_memory_equal(a->calib_b, b->calib_b, sizeof a->calib_b);
    assert_true(memcmp(a->weights, c->weights, a->params * sizeof *a->weights) != 0);
    ntuple_train_destroy(ta);
    ntuple_train_destroy(tb);
    ntuple_train_destroy(tc);
    ntuple_model_destroy(a);
    ntuple_model_destroy(b);
    ntuple_model_destroy(c);
    free(samples);
}

static void test_trainer_learns_the_margin_deterministically(void **state)
{
    (void)state;
    train_twice(NTUPLE_TARGET_MARGIN);
}

static void test_trainer_learns_the_result_deterministically(void **state)
{
    (void)state;
    train_twice(NTUPLE_TARGET_RESULT);
}

static void test_logistic_fit_recovers_its_slope(void **state)
{
    (void)state;
    enum { N = 4000 };
    static double x[N], y[N];
    Rng rng;
    rng_seed(&rng, 21);
    for (int i = 0; i < N; i++) {
        x[i] = (double)((int)rng_below(&rng, 2001) - 1000) / 100.0;
        double p = 1.0 / (1.0 + exp(-(0.5 * x[i] - 0.3)));
        y[i] = (double)rng_below(&rng, 1000000) < p * 1e6 ? 1.0 : 0.0;
    }
    double a = 0, b = 0;
    assert_true(ntuple_fit_logistic(x, y, N, &a, &b));
    assert_true(fabs(a - 0.5) < 0.08 && fabs(b + 0.3) < 0.15);
}

/* Shape lists as the measuring tools take them. */
static void test_parse_shapes(void **state)
{
    (void)state;
    uint32_t shapes;
    const char *first = ntuple_shape_name((NtupleShape)0), *last = ntuple_shape_name((NtupleShape)(NTUPLE_SHAPES - 1));
    char list[128];
    snprintf(list, sizeof list, "%s,,%s,", first, last);
    assert_true(ntuple_parse_shapes(list, &shapes));
    assert_int_equal(shapes, NTUPLE_SHAPE_BIT(0) | NTUPLE_SHAPE_BIT(NTUPLE_SHAPES - 1));
    assert_true(ntuple_parse_shapes(first, &shapes));
    assert_int_equal(shapes, NTUPLE_SHAPE_BIT(0));
    snprintf(list, sizeof list, "%s,nosuchshape", first);
    assert_false(ntuple_parse_shapes(list, &shapes));
    snprintf(list, sizeof list, "%.*s", (int)strlen(first) - 1, first); /* a prefix is no name */
    assert_false(ntuple_parse_shapes(list, &shapes));
    assert_false(ntuple_parse_shapes("", &shapes));
    assert_false(ntuple_parse_shapes(",", &shapes));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_shapes),
        cmocka_unit_test(test_config_is_checked),
        cmocka_unit_test(test_symmetries_evaluate_alike),
        cmocka_unit_test(test_colours_are_relative),
        cmocka_unit_test(test_incremental_matches_full),
        cmocka_unit_test(test_packed_tables_evaluate_alike),
        cmocka_unit_test(test_indices_stay_in_their_tables),
        cmocka_unit_test(test_placements_count_once),
        cmocka_unit_test(test_trainer_learns_the_margin_deterministically),
        cmocka_unit_test(test_trainer_learns_the_result_deterministically),
        cmocka_unit_test(test_logistic_fit_recovers_its_slope),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
