/* The evaluation network: the board kept stone by stone gives, to the bit,
 * the value from scratch (fills included, both sides to move, every size);
 * the network is symmetric by construction; the integer layers compute what
 * their definition says on a hand-made model; and its weights file reads
 * back as written, every kind of bad file refused with its own status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "eval/nnue.h"
#include "eval/nnue_weights.h"
#include "base/le_bytes.h"
#include "rules/playout.h"
#include "base/random.h"
#include "random_network.h"
#include "rules/symmetry.h"

static void assert_same_value(NnueValue a, NnueValue b)
{
    assert_int_equal(a.owner_margin, b.owner_margin);
    assert_int_equal(a.correction, b.correction);
}

static NnueValue board_value(const NnueModel *m, NnueBoard *board, const Position *pos)
{
    FillMap mine, theirs;
    tactics_fill_points(pos, pos_to_move(pos), &mine);
    tactics_fill_points(pos, color_other(pos_to_move(pos)), &theirs);
    nnue_board_update(board, m, pos, &mine, &theirs);
    return nnue_value(m, board, pos);
}

/* Random games on every size: a board per side to move, brought along stone
 * by stone as the search brings it, equals the value from scratch. Fills
 * change many points at once, so some games play until the board is full. */
/* Plays `games` random games of every size with `m`, checking at every
 * stone that the incremental value equals the value from scratch; counts
 * the stones that filled and the updates that were not a recomputation. */
static void check_incremental(const NnueModel *m, int games, uint64_t seed, int *fills, int *partial)
{
    Rng rng;
    rng_seed(&rng, seed);
    NnueBoard *boards = malloc(2 * sizeof *boards);
    assert_non_null(boards);
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        for (int game = 0; game < games; game++) {
            nnue_board_reset(&boards[0]);
            nnue_board_reset(&boards[1]);
            Position pos;
            pos_init(&pos, size);
            while (!pos_is_over(&pos)) {
                NnueValue v = board_value(m, &boards[pos_to_move(&pos)], &pos);
                assert_same_value(v, nnue_value_full(m, &pos));
                *partial += boards[pos_to_move(&pos)].updated < (uint32_t)(size * size);
                int before = pos_empty_count(&pos);
                pos_play(&pos, playout_random_point(&pos, &rng));
                *fills += pos_empty_count(&pos) < before - 1;
            }
        }
    }
    free(boards);
}

static void test_incremental_equals_full(void **state)
{
    (void)state;
    NnueModel *m = random_network(11);
    int fills = 0, partial = 0;
    check_incremental(m, 3, 12, &fills, &partial);
    assert_true(fills > 50);     /* the games did fill */
    assert_true(partial > 1000); /* and the board was updated, not recomputed */
    nnue_model_destroy(m);
}

/* The built-in network loads, writes back as the bytes it came from, and
 * is kept stone by stone as exactly as a random one; it values an empty
 * 16x16 board (Black to move) within a few stones of even. */
static void test_builtin(void **state)
{
    (void)state;
    NnueModel *m = nnue_model_default();
    assert_non_null(m);
    size_t size = 0;
    uint8_t *bytes = nnue_weights_write(m, &size);
    assert_non_null(bytes);
    NnueModel *again = NULL;
    assert_int_equal(nnue_weights_parse(bytes, size, &again), NNUE_WEIGHTS_OK);
    size_t size_again = 0;
    uint8_t *bytes_again = nnue_weights_write(again, &size_again);
    assert_int_equal(size_again, size);
    assert_memory_equal(bytes_again, bytes, size);
    free(bytes);
    free(bytes_again);
    nnue_model_destroy(again);
    int fills = 0, partial = 0;
    check_incremental(m, 1, 13, &fills, &partial);
    assert_true(fills > 10);
    Position pos;
    pos_init(&pos, 16);
    NnueValue value = nnue_value_full(m, &pos);
    int cs = nnue_centistones(&value);
    assert_true(cs > -1000 && cs < 1000);
    nnue_model_destroy(m);
}

/* The board's eight symmetries give the same value and owners moved with
 * the points: the features are symmetric (the 3x3 patterns share their
 * rows) and the pools do not know where a point is. */
static void test_symmetric(void **state)
{
    (void)state;
    NnueModel *m = random_network(21);
    Rng rng;
    rng_seed(&rng, 22);
    for (int size = 5; size <= BB_MAX_SIZE; size += 3) {
        Position pos;
        pos_init(&pos, size);
        int stones = size * size / 2;
        for (int i = 0; i < stones && !pos_is_over(&pos); i++)
            pos_play(&pos, playout_random_point(&pos, &rng));
        NnueValue v = nnue_value_full(m, &pos);
        float owner[BB_POINTS], image_owner[BB_POINTS];
        nnue_owner(m, &pos, owner);
        for (int s = 1; s < 8; s++) {
            Position image = symmetry_position(s, &pos);
            assert_same_value(v, nnue_value_full(m, &image));
            nnue_owner(m, &image, image_owner);
            for (int r = 0; r < size; r++)
                for (int c = 0; c < size; c++) {
                    int p = point_make(r, c);
                    assert_true(owner[p] == image_owner[symmetry_point(s, size, p)]);
                }
        }
    }
    nnue_model_destroy(m);
}

/* A hand-made model: one feature row set, the rest 0, so that every layer's
 * value can be worked out by hand from eval/nnue.h's definitions. */
static void test_hand_computed(void **state)
{
    (void)state;
    NnueModel *m = nnue_model_create();
    assert_non_null(m);
    Position pos;
    pos_init(&pos, 4);
    /* every point's vector: 1.0 in dimension 0, 0.5 in 1 */
    m->point_bias[0] = NNUE_ONE;
    m->point_bias[1] = NNUE_ONE / 2;
    /* owner: logit = 2 x dimension 0 = 2.0 for every point */
    m->owner_weight[0] = 2 * NNUE_WEIGHT_ONE;
    /* layer 1, unit 0 reads pool 0 (empty, safe zone: 12 points on 4x4),
     * dimension 0, with weight 1: 12 / 32 = 0.375 -> 0.375 x 1024 = 384 */
    m->l1_weight[0][0] = NNUE_WEIGHT_ONE;
    /* layer 2, unit 0 = 2 x layer 1's unit 0: 768 */
    m->l2_weight[0][0] = 2 * NNUE_WEIGHT_ONE;
    /* out = 3 x layer 2's unit 0 + 1 stone: 3 x 0.75 + 1 = 3.25 stones */
    m->out_weight[0] = 3 * NNUE_WEIGHT_ONE;
    m->out_bias = NNUE_ONE * NNUE_WEIGHT_ONE;
    NnueValue v = nnue_value_full(m, &pos);
    int16_t owner_one = m->owner_table[NNUE_LOGIT_STEPS * NNUE_LOGIT_MAX + 2 * NNUE_LOGIT_STEPS];
    assert_int_equal(owner_one, 3119); /* tanh(1) x 4096 = 3119.48, rounded */
    assert_int_equal(v.owner_margin, 16 * 3119);
    assert_int_equal(v.correction, 3 * NNUE_WEIGHT_ONE * 768 + NNUE_ONE * NNUE_WEIGHT_ONE);
    assert_true(fabs(v.margin - (16 * 3119 / 4096.0 + 3.25)) < 1e-9);
    assert_int_equal(nnue_centistones(&v), (int)(100 * v.margin + 0.5));
    nnue_model_destroy(m);
}

static void expect_status(const uint8_t *bytes, size_t size, NnueWeightsStatus status)
{
    NnueModel *sentinel = (NnueModel *)(uintptr_t)0x1234;
    NnueModel *out = sentinel;
    assert_int_equal(nnue_weights_parse(bytes, size, &out), status);
    assert_non_null(nnue_weights_status_text(status));
    if (status == NNUE_WEIGHTS_OK)
        nnue_model_destroy(out);
    else
        assert_ptr_equal(out, sentinel);
}

static void reseal(uint8_t *bytes, size_t size) { le_bytes_put_u32(bytes + size - 4, le_bytes_fnv1a(bytes, size - 4)); }

static void test_weights_file(void **state)
{
    (void)state;
    NnueModel *m = random_network(31);
    size_t size;
    uint8_t *bytes = nnue_weights_write(m, &size);
    assert_non_null(bytes);
    NnueModel *back = NULL;
    assert_int_equal(nnue_weights_parse(bytes, size, &back), NNUE_WEIGHTS_OK);
    size_t again_size;
    uint8_t *again = nnue_weights_write(back, &again_size);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, bytes, size);
    Position pos;
    pos_init(&pos, 9);
    pos_play(&pos, point_make(4, 4));
    assert_same_value(nnue_value_full(m, &pos), nnue_value_full(back, &pos));

    uint8_t *bad = malloc(size + 1);
    assert_non_null(bad);
    expect_status(bytes, size - 1, NNUE_WEIGHTS_ERR_TRUNCATED);
    expect_status(bytes, 20, NNUE_WEIGHTS_ERR_TRUNCATED);
    memcpy(bad, bytes, size);
    bad[size] = 0;
    expect_status(bad, size + 1, NNUE_WEIGHTS_ERR_SIZE);
    bad[0] = 'X';
    expect_status(bad, size, NNUE_WEIGHTS_ERR_MAGIC);
    memcpy(bad, bytes, size);
    le_bytes_put_u32(bad + 8, NNUE_WEIGHTS_VERSION + 1);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_VERSION);
    memcpy(bad, bytes, size);
    le_bytes_put_u32(bad + 16, NNUE_HIDDEN + 1); /* another shape */
    reseal(bad, size);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_SHAPE);
    memcpy(bad, bytes, size);
    le_bytes_put_u32(bad + 12, FEAT_LAYOUT + 1); /* another feature layout */
    reseal(bad, size);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_SHAPE);
    memcpy(bad, bytes, size);
    bad[NNUE_WEIGHTS_HEADER + 7] ^= 1;
    expect_status(bad, size, NNUE_WEIGHTS_ERR_CHECKSUM);
    /* a row entry beyond NNUE_ROW_MAX could overflow a point's sum */
    memcpy(bad, bytes, size);
    bad[NNUE_WEIGHTS_HEADER] = 0xff;
    bad[NNUE_WEIGHTS_HEADER + 1] = 0x7f;
    reseal(bad, size);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_VALUE);
    /* so could a layer 1 weight beyond 1 */
    memcpy(bad, bytes, size);
    size_t l1_at = NNUE_WEIGHTS_HEADER + 2 * ((size_t)m->rows * NNUE_HIDDEN + 2 * NNUE_HIDDEN) + 4;
    bad[l1_at] = 0x01;
    bad[l1_at + 1] = 0x10; /* 4097 */
    reseal(bad, size);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_VALUE);
    /* so could a bias beyond 2^29: the output's, the last field */
    memcpy(bad, bytes, size);
    le_bytes_put_u32(bad + size - 8, UINT32_C(1) << 30);
    reseal(bad, size);
    expect_status(bad, size, NNUE_WEIGHTS_ERR_VALUE);
    free(bad);
    free(again);
    free(bytes);
    nnue_model_destroy(back);
    nnue_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_equals_full),
        cmocka_unit_test(test_builtin),
        cmocka_unit_test(test_symmetric),
        cmocka_unit_test(test_hand_computed),
        cmocka_unit_test(test_weights_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
