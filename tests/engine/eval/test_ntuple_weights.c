/* The pattern weights file: a model written and read back is the same model
 * (and writes the same bytes), and every kind of bad file is refused with
 * its own status, leaving the output untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "base/le_bytes.h"
#include "base/random.h"

/* A small model (2x3 windows, 2 stages x stones left, tactical, an owner
 * head the value weighs) with random weights and calibration. */
static NtupleModel *small_model(uint64_t seed)
{
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23),
                           .stages = 2,
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
        model->weights[i] = (float)((int)rng_below(&rng, 2001) - 1000) / 997.0f;
    for (int s = 0; s < config.stages; s++) {
        model->calib_a[s] = 0.05f + (float)s;
        model->calib_b[s] = -0.25f * (float)s;
    }
    return model;
}

static void reseal(uint8_t *bytes, size_t size)
{
    le_bytes_put_u32(bytes + size - 4, le_bytes_fnv1a(bytes, size - 4));
}

/* Parses and expects `status`, with the output untouched unless it is OK. */
static void expect_status(const uint8_t *bytes, size_t size, NtupleWeightsStatus status)
{
    NtupleModel *sentinel = (NtupleModel *)(uintptr_t)0x1234;
    NtupleModel *out = sentinel;
    assert_int_equal(ntuple_weights_parse(bytes, size, &out), status);
    assert_non_null(ntuple_weights_status_text(status));
    if (status == NTUPLE_WEIGHTS_OK)
        ntuple_model_destroy(out);
    else
        assert_ptr_equal(out, sentinel);
}

static void test_round_trip(void **state)
{
    (void)state;
    NtupleModel *model = small_model(7);
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    assert_non_null(bytes);
    assert_int_equal(size, NTUPLE_WEIGHTS_HEADER + 8 * 2 + 4 * (size_t)model->params + 4);
    NtupleModel *back = NULL;
    assert_int_equal(ntuple_weights_parse(bytes, size, &back), NTUPLE_WEIGHTS_OK);
    assert_memory_equal(&back->config, &model->config, sizeof model->config);
    assert_int_equal(back->params, model->params);
    assert_memory_equal(back->weights, model->weights, model->params * sizeof(float));
    for (int s = 0; s < model->config.stages; s++) {
        assert_true(back->calib_a[s] == model->calib_a[s]);
        assert_true(back->calib_b[s] == model->calib_b[s]);
    }
    size_t again_size = 0;
    uint8_t *again = ntuple_weights_write(back, &again_size);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, bytes, size);
    free(again);
    free(bytes);
    ntuple_model_destroy(back);
    ntuple_model_destroy(model);
}

static void test_every_truncation_is_refused(void **state)
{
    (void)state;
    NtupleModel *model = small_model(8);
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    for (size_t cut = 0; cut < size; cut++)
        expect_status(bytes, cut, NTUPLE_WEIGHTS_ERR_TRUNCATED);
    /* a trailing byte, sealed or not, is not part of any file */
    uint8_t *longer = malloc(size + 1);
    memcpy(longer, bytes, size);
    longer[size] = 0;
    expect_status(longer, size + 1, NTUPLE_WEIGHTS_ERR_SIZE);
    reseal(longer, size + 1);
    expect_status(longer, size + 1, NTUPLE_WEIGHTS_ERR_SIZE);
    free(longer);
    free(bytes);
    ntuple_model_destroy(model);
}

static void test_bad_frames_are_refused(void **state)
{
    (void)state;
    NtupleModel *model = small_model(9);
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    uint8_t *b = malloc(size);

    memcpy(b, bytes, size);
    b[3] ^= 0x20;
    expect_status(b, size, NTUPLE_WEIGHTS_ERR_MAGIC);
    expect_status(b, 5, NTUPLE_WEIGHTS_ERR_MAGIC);

    memcpy(b, bytes, size);
    le_bytes_put_u32(b + 8, NTUPLE_WEIGHTS_VERSION + 1);
    reseal(b, size);
    expect_status(b, size, NTUPLE_WEIGHTS_ERR_VERSION);

    /* one flipped bit anywhere after the header's checks: the checksum */
    for (size_t at = NTUPLE_WEIGHTS_HEADER; at < size; at += 997) {
        memcpy(b, bytes, size);
        b[at] ^= 0x01;
        expect_status(b, size, NTUPLE_WEIGHTS_ERR_CHECKSUM);
    }
    memcpy(b, bytes, size);
    b[size - 1] ^= 0x80;
    expect_status(b, size, NTUPLE_WEIGHTS_ERR_CHECKSUM);

    free(b);
    free(bytes);
    ntuple_model_destroy(model);
}

static void test_bad_configurations_are_refused(void **state)
{
    (void)state;
    NtupleModel *model = small_model(10);
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    uint8_t *b = malloc(size);
    /* {offset, value}: no shape, an unknown shape, an unknown owner shape,
     * 0 and too many stages, flags beyond 1, an unknown target */
    static const uint32_t cases[][2] = {{12, 0},  {12, 1u << NTUPLE_SHAPES}, {28, 1u << NTUPLE_SHAPES},
                                        {16, 0},  {16, NTUPLE_MAX_STAGES + 1}, {20, 2},
                                        {24, 2},  {32, 2},                    {36, 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(b, bytes, size);
        le_bytes_put_u32(b + cases[i][0], cases[i][1]);
        reseal(b, size);
        expect_status(b, size, NTUPLE_WEIGHTS_ERR_CONFIG);
    }
    /* the value head weighing an owner head that is not there */
    memcpy(b, bytes, size);
    le_bytes_put_u32(b + 28, 0);
    reseal(b, size);
    expect_status(b, size, NTUPLE_WEIGHTS_ERR_CONFIG);
    /* another configuration whose weights the file's count does not fit */
    memcpy(b, bytes, size);
    le_bytes_put_u32(b + 20, 0);
    reseal(b, size);
    expect_status(b, size, NTUPLE_WEIGHTS_ERR_SIZE);
    free(b);
    free(bytes);
    ntuple_model_destroy(model);
}

static void test_a_count_beside_the_configuration_is_refused(void **state)
{
    (void)state;
    NtupleModel *model = small_model(11);
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    /* one weight fewer, framed correctly */
    uint8_t *b = malloc(size);
    memcpy(b, bytes, size - 8);
    le_bytes_put_u32(b + 40, model->params - 1);
    reseal(b, size - 4);
    expect_status(b, size - 4, NTUPLE_WEIGHTS_ERR_SIZE);
    free(b);
    free(bytes);
    ntuple_model_destroy(model);
}

static void test_values_that_are_not_finite_are_refused(void **state)
{
    (void)state;
    NtupleModel *model = small_model(12);
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
        /* a weight, a calibration slope, a calibration offset */
        for (int where = 0; where < 3; where++) {
            NtupleModel *copy = small_model(12);
            if (where == 0)
                copy->weights[copy->params / 2] = bad[k];
            else if (where == 1)
                copy->calib_a[1] = bad[k];
            else
                copy->calib_b[0] = bad[k];
            size_t size = 0;
            uint8_t *bytes = ntuple_weights_write(copy, &size);
            expect_status(bytes, size, NTUPLE_WEIGHTS_ERR_VALUE);
            free(bytes);
            ntuple_model_destroy(copy);
        }
    }
    ntuple_model_destroy(model);
}

/* Every configuration flag survives the trip, and the value of a position
 * with it. */
static void test_every_configuration_round_trips(void **state)
{
    (void)state;
    for (int variant = 0; variant < 4; variant++) {
        NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24),
                               .stages = 1 + variant,
                               .split_turn = variant & 1,
                               .target = variant & 2 ? NTUPLE_TARGET_RESULT : NTUPLE_TARGET_MARGIN,
                               .tactical = variant >= 2};
        NtupleModel *model = NULL;
        assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
        for (uint32_t i = 0; i < model->params; i += 101)
            model->weights[i] = (float)(i % 17) / 8.0f - 1.0f;
        size_t size = 0;
        uint8_t *bytes = ntuple_weights_write(model, &size);
        NtupleModel *back = NULL;
        assert_int_equal(ntuple_weights_parse(bytes, size, &back), NTUPLE_WEIGHTS_OK);
        assert_memory_equal(&back->config, &model->config, sizeof config);
        Position pos;
        pos_init(&pos, 9);
        pos_play(&pos, point_make(4, 4));
        pos_play(&pos, point_make(3, 4));
        assert_true(ntuple_eval_full(back, &pos).sum == ntuple_eval_full(model, &pos).sum);
        free(bytes);
        ntuple_model_destroy(back);
        ntuple_model_destroy(model);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_every_truncation_is_refused),
        cmocka_unit_test(test_bad_frames_are_refused),
        cmocka_unit_test(test_bad_configurations_are_refused),
        cmocka_unit_test(test_a_count_beside_the_configuration_is_refused),
        cmocka_unit_test(test_values_that_are_not_finite_are_refused),
        cmocka_unit_test(test_every_configuration_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
