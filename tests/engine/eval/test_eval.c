/* The learned evaluation: every feature against a slow, obviously correct
 * computation; the eight symmetries give one evaluation; weights files are
 * checked (magic, version, layout, size, checksum, values, the result
 * curve) and the built-in one loads; the result curve ranks as the margin
 * does and inverts; the trainer learns, fits a curve and is deterministic;
 * the search without a curve is the search of before. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/evalmodel.h"
#include "eval/evaluate.h"
#include "eval/feature.h"
#include "learn/train.h"
#include "random_position.h"
#include "base/le_bytes.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"
#include "rules/symmetry.h"
#include "rules/tactics.h"
#include "search/bench.h"
#include "search/search.h"

/* A position after `plies` random stones on a size x size board. */
static int cell(const Position *pos, int r, int c)
{
    if (r < 0 || c < 0 || r >= pos->size || c >= pos->size)
        return 3;
    int at = pos_at(pos, point_make(r, c));
    if (at < 0)
        return 0;
    return at == (int)pos_to_move(pos) ? 1 : 2;
}

static int imin(int a, int b) { return a < b ? a : b; }
static int iabs(int a) { return a < 0 ? -a : a; }

/* King-step distance from (r, c) to the nearest stone of `which` (1 own,
 * 2 opponent), capped at 4. */
static int slow_distance(const Position *pos, int r, int c, int which)
{
    int best = 4;
    for (int rr = 0; rr < pos->size; rr++)
        for (int cc = 0; cc < pos->size; cc++)
            if (cell(pos, rr, cc) == which) {
                int d = iabs(rr - r) > iabs(cc - c) ? iabs(rr - r) : iabs(cc - c);
                best = imin(best, d);
            }
    return best;
}

/* The region feature of an empty point by breadth-first search. */
static int slow_region(const Position *pos, int r0, int c0)
{
    int n = pos->size, queue[BB_POINTS], head = 0, tail = 0, count = 0;
    bool seen[16][16] = {{false}};
    bool own = false, theirs = false, edge = false;
    queue[tail++] = r0 * 16 + c0;
    seen[r0][c0] = true;
    while (head < tail) {
        int r = queue[head] / 16, c = queue[head] % 16;
        head++;
        count++;
        if (r == 0 || c == 0 || r == n - 1 || c == n - 1)
            edge = true;
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int k = 0; k < 4; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            int what = cell(pos, rr, cc);
            if (what == 1)
                own = true;
            else if (what == 2)
                theirs = true;
            else if (what == 0 && !seen[rr][cc]) {
                seen[rr][cc] = true;
                queue[tail++] = rr * 16 + cc;
            }
        }
    }
    int bucket = count >= 32 ? 5 : count >= 16 ? 4 : count >= 8 ? 3 : count >= 4 ? 2 : count >= 2 ? 1 : 0;
    return (bucket * 4 + (own ? 1 : 0) + (theirs ? 2 : 0)) * 2 + (edge ? 1 : 0);
}

/* Whether the stone at (r, c) reaches the edge through its own colour (orthogonal steps). */
static bool slow_immune(const Position *pos, int r0, int c0)
{
    int what = cell(pos, r0, c0), n = pos->size, queue[BB_POINTS], head = 0, tail = 0;
    bool seen[16][16] = {{false}};
    queue[tail++] = r0 * 16 + c0;
    seen[r0][c0] = true;
    while (head < tail) {
        int r = queue[head] / 16, c = queue[head] % 16;
        head++;
        if (r == 0 || c == 0 || r == n - 1 || c == n - 1)
            return true;
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int k = 0; k < 4; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            if (cell(pos, rr, cc) == what && !seen[rr][cc]) {
                seen[rr][cc] = true;
                queue[tail++] = rr * 16 + cc;
            }
        }
    }
    return false;
}

static void compute(const Position *pos, PointFeatures *f)
{
    Tactics t;
    tactics_analyze(pos, false, &t);
    feature_compute(pos, &t.mine, &t.theirs, f);
}

static void test_features_match_slow_reference(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    for (int game = 0; game < 300; game++) {
        int size = 4 + (int)rng_below(&rng, 13);
        Position pos = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size)));
        PointFeatures f;
        compute(&pos, &f);
        assert_int_equal(f.count, size * size);
        int two_left = pos_stones_left(&pos) == 2;
        for (int i = 0; i < f.count; i++) {
            int p = f.point[i], r = point_row(p), c = point_col(p);
            assert_int_equal(p, point_make(i / size, i % size));
            uint32_t pattern = 0;
            for (int k = 0; k < 9; k++)
                pattern |= (uint32_t)cell(&pos, r - 1 + k / 3, c - 1 + k % 3) << (2 * k);
            assert_int_equal(f.index[i][0], FEAT_PATTERN_BASE + pattern);
            int state_ = cell(&pos, r, c);
            int edge = imin(imin(r, c), imin(size - 1 - r, size - 1 - c));
            assert_int_equal(f.index[i][1], FEAT_EDGE_BASE + (state_ * 8 + imin(edge, 7)) * 2 + two_left);
            uint32_t flags = f.index[i][2] - FEAT_FLAGS_BASE;
            assert_int_equal(flags / 256, state_);
            assert_int_equal((flags >> FEAT_FLAG_TWO_LEFT) & 1, two_left);
            assert_int_equal((flags >> FEAT_FLAG_IMMUNE) & 1, state_ != 0 && slow_immune(&pos, r, c));
            assert_int_equal(f.index[i][3], FEAT_DISTANCE_BASE + (state_ * 5 + slow_distance(&pos, r, c, 1)) * 5 +
                                                  slow_distance(&pos, r, c, 2));
            int region = state_ == 0 ? slow_region(&pos, r, c) : 48 + state_ - 1;
            assert_int_equal(f.index[i][4], FEAT_REGION_BASE + region);
        }
    }
}

/* An owner stays within [-1, 1] however the quotient rounds: every float
 * from 2.9 up to 3 and from -3 up to -2.9. */
static void test_squash_stays_within_one(void **state)
{
    (void)state;
    int steps = 0;
    for (float z = 2.9f; z <= 3.0f; z = nextafterf(z, 4.0f), steps++) {
        assert_true(eval_squash(z) <= 1.0f);
        assert_true(eval_squash(-z) >= -1.0f);
    }
    assert_true(steps > 100000);
    assert_true(eval_squash(3.0f) == 1.0f && eval_squash(-3.0f) == -1.0f);
}

/* A weights file with random weights for `map` (malloc'd, *size set). */
static uint8_t *random_weights_file(const FeatureMap *map, uint64_t seed, size_t *size)
{
    uint32_t count = eval_param_count(map);
    float *params = malloc(count * sizeof *params);
    assert_non_null(params);
    Rng rng;
    rng_seed(&rng, seed);
    /* point weights in [-0.5, 0.5], linear weights in [-50, 50] centistones */
    for (uint32_t i = 0; i < count; i++)
        params[i] = (float)((int)rng_below(&rng, 2001) - 1000) / (i < map->params ? 2000.0f : 20.0f);
    uint8_t *bytes = eval_file_write(params, count, NULL, size);
    assert_non_null(bytes);
    free(params);
    return bytes;
}

/* A model with random weights: symmetry must hold for any weights. */
static EvalModel *random_model(uint64_t seed)
{
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    size_t size;
    uint8_t *bytes = random_weights_file(map, seed, &size);
    EvalModel *model = NULL;
    assert_int_equal(eval_model_parse(bytes, size, &model), EVAL_OK);
    free(bytes);
    feature_map_destroy(map);
    return model;
}

static int evaluate_position(const EvalModel *model, const Position *pos)
{
    Tactics t;
    tactics_analyze(pos, false, &t);
    return eval_model_evaluate(model, pos, &t.mine, &t.theirs, -1);
}

static void test_symmetries_evaluate_alike(void **state)
{
    (void)state;
    EvalModel *model = random_model(3);
    Rng rng;
    rng_seed(&rng, 11);
    int nonzero = 0;
    for (int game = 0; game < 2000; game++) {
        int size = 4 + (int)rng_below(&rng, 13);
        Position pos = support_random_plies(&rng, size, 1 + (int)rng_below(&rng, (uint32_t)(size * size - 1)));
        int expected = evaluate_position(model, &pos);
        nonzero += expected != 0;
        for (int s = 1; s < 8; s++) {
            Position image = symmetry_position(s, &pos);
            /* float sums in another order may differ in the last bit: 1 centistone */
            int got = evaluate_position(model, &image);
            assert_true(abs(got - expected) <= 1);
        }
    }
    assert_true(nonzero > 1000);
    eval_model_destroy(model);
}

static void test_pattern_symmetries_share_parameters(void **state)
{
    (void)state;
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    /* about an eighth of the 4^9 patterns, plus the other groups */
    assert_true(map->params > (1u << 18) / 8 && map->params < (1u << 18) / 4);
    Rng rng;
    rng_seed(&rng, 5);
    for (int i = 0; i < 10000; i++) {
        uint32_t pattern = rng_below(&rng, 1u << 18);
        for (int s = 0; s < 8; s++)
            assert_int_equal(map->to_param[pattern], map->to_param[feature_pattern_transform(pattern, s)]);
    }
    /* the empty 3x3 and a corner pattern are different classes */
    uint32_t corner = 3u | 3u << 2 | 3u << 4 | 3u << 6 | 3u << 12;
    assert_int_not_equal(map->to_param[0], map->to_param[corner]);
    feature_map_destroy(map);
}

/* The whole map against its definition, one pattern at a time: a pattern's
 * parameter is that of its smallest image, and parameters are numbered in
 * the order of their smallest images, then one per other feature. */
static void test_feature_map_matches_its_definition(void **state)
{
    (void)state;
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    uint32_t next = 0;
    for (uint32_t pattern = 0; pattern < FEAT_PATTERN_SIZE; pattern++) {
        uint32_t smallest = pattern;
        for (int s = 1; s < 8; s++) {
            uint32_t image = feature_pattern_transform(pattern, s);
            smallest = image < smallest ? image : smallest;
        }
        if (smallest == pattern)
            assert_int_equal(map->to_param[FEAT_PATTERN_BASE + pattern], next++);
        else
            assert_int_equal(map->to_param[FEAT_PATTERN_BASE + pattern], map->to_param[FEAT_PATTERN_BASE + smallest]);
    }
    for (uint32_t i = FEAT_EDGE_BASE; i < FEAT_EXPANDED_SIZE; i++)
        assert_int_equal(map->to_param[i], next++);
    assert_int_equal(map->params, next);
    feature_map_destroy(map);
}

/* A file read with a map given and with one built inside: the same model. */
static void test_parse_with_a_given_map_reads_the_same(void **state)
{
    (void)state;
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    size_t size;
    uint8_t *bytes = random_weights_file(map, 17, &size);
    Rng rng;
    rng_seed(&rng, 19);
    EvalModel *built = NULL, *given = NULL;
    assert_int_equal(eval_model_parse(bytes, size, &built), EVAL_OK);
    assert_int_equal(eval_model_parse_mapped(bytes, size, map, &given), EVAL_OK);
    for (int game = 0; game < 200; game++) {
        int n = 4 + (int)rng_below(&rng, 13);
        Position pos = support_random_plies(&rng, n, 1 + (int)rng_below(&rng, (uint32_t)(n * n - 1)));
        assert_int_equal(evaluate_position(built, &pos), evaluate_position(given, &pos));
    }
    /* a refusal is the same too */
    bytes[EVAL_FILE_HEADER] ^= 1;
    EvalModel *none = NULL;
    assert_int_equal(eval_model_parse_mapped(bytes, size, map, &none), EVAL_ERR_CHECKSUM);
    assert_null(none);
    eval_model_destroy(built);
    eval_model_destroy(given);
    free(bytes);
    feature_map_destroy(map);
}

static uint8_t *sample_file(size_t *size)
{
    FeatureMap *map = feature_map_create();
    float *params = calloc(eval_param_count(map), sizeof *params);
    params[0] = 0.5f;
    uint8_t *bytes = eval_file_write(params, eval_param_count(map), NULL, size);
    free(params);
    feature_map_destroy(map);
    return bytes;
}

static EvalStatus parse_status(const uint8_t *bytes, size_t size)
{
    EvalModel *model = NULL;
    EvalStatus status = eval_model_parse(bytes, size, &model);
    assert_true((status == EVAL_OK) == (model != NULL));
    eval_model_destroy(model);
    return status;
}

static void fix_checksum(uint8_t *bytes, size_t size)
{
    le_bytes_put_u32(bytes + size - 4, le_bytes_fnv1a(bytes, size - 4));
}

static void test_weights_file_checks(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = sample_file(&size);
    assert_int_equal(parse_status(bytes, size), EVAL_OK);
    /* every truncation is refused */
    for (size_t cut = 0; cut < size; cut += (cut < 64 ? 1 : 997))
        assert_int_not_equal(parse_status(bytes, cut), EVAL_OK);
    assert_int_equal(parse_status(bytes, 12), EVAL_ERR_TRUNCATED);
    assert_int_equal(parse_status(bytes, size - 1), EVAL_ERR_TRUNCATED);
    /* a flipped bit anywhere is caught */
    for (size_t at = 20; at < size; at += 4099) {
        bytes[at] ^= 0x10;
        assert_int_equal(parse_status(bytes, size), EVAL_ERR_CHECKSUM);
        bytes[at] ^= 0x10;
    }
    uint8_t *copy = malloc(size + 1);
    memcpy(copy, bytes, size);
    copy[0] = 'X';
    assert_int_equal(parse_status(copy, size), EVAL_ERR_MAGIC);
    memcpy(copy, bytes, size);
    copy[8] = 3;
    fix_checksum(copy, size);
    assert_int_equal(parse_status(copy, size), EVAL_ERR_VERSION);
    memcpy(copy, bytes, size);
    copy[12] = FEAT_LAYOUT + 1;
    fix_checksum(copy, size);
    assert_int_equal(parse_status(copy, size), EVAL_ERR_LAYOUT);
    memcpy(copy, bytes, size);
    uint32_t nan_bits = 0x7FC00000u;
    memcpy(copy + EVAL_FILE_HEADER + 8, &nan_bits, 4);
    fix_checksum(copy, size);
    assert_int_equal(parse_status(copy, size), EVAL_ERR_VALUE);
    memcpy(copy, bytes, size);
    copy[size] = 0;
    assert_int_equal(parse_status(copy, size + 1), EVAL_ERR_SIZE);
    free(copy);
    free(bytes);
}

static void test_builtin_weights_load_and_judge(void **state)
{
    (void)state;
    EvalModel *model = eval_model_default();
    assert_non_null(model);
    /* a side that owns most of the board is ahead */
    Position pos;
    Bitboard black = bb_zero(), white = bb_zero();
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            bb_set(r < 6 ? &black : &white, point_make(r, c));
    bb_clear(&white, point_make(7, 7));
    bb_clear(&white, point_make(7, 6));
    assert_int_equal(pos_setup(&pos, 8, black, white, COLOR_BLACK, 1), POS_OK);
    assert_true(evaluate_position(model, &pos) > 1000);
    Position white_to_move;
    assert_int_equal(pos_setup(&white_to_move, 8, black, white, COLOR_WHITE, 1), POS_OK);
    assert_true(evaluate_position(model, &white_to_move) < -1000);
    eval_model_destroy(model);
}

/* The ownership map is the point model seen from Black: it adds up to the
 * point sum (side to move) with Black's sign, and is 0 off the board. */
static void test_ownership_adds_up(void **state)
{
    (void)state;
    EvalModel *model = random_model(8);
    Rng rng;
    rng_seed(&rng, 21);
    for (int game = 0; game < 200; game++) {
        int size = 4 + (int)rng_below(&rng, 13);
        Position pos = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size)));
        Tactics t;
        tactics_analyze(&pos, false, &t);
        float owner[BB_POINTS];
        eval_model_ownership(model, &pos, &t.mine, &t.theirs, owner);
        double sum = 0.0;
        for (int p = 0; p < BB_POINTS; p++) {
            if (point_row(p) >= size || point_col(p) >= size)
                assert_true(owner[p] == 0.0f);
            assert_true(owner[p] >= -1.0f && owner[p] <= 1.0f);
            sum += owner[p];
        }
        double sign = pos_to_move(&pos) == COLOR_BLACK ? 1.0 : -1.0;
        assert_true(fabs(sum - sign * eval_model_point_sum(model, &pos, &t.mine, &t.theirs)) < 1e-3);
    }
    eval_model_destroy(model);
}

/* A search given learned weights uses them: its scores differ from the
 * classic evaluation's on most positions. */
static void test_search_uses_the_weights_it_is_given(void **state)
{
    (void)state;
    EvalModel *model = eval_model_default();
    assert_non_null(model);
    Rng rng;
    rng_seed(&rng, 4);
    int differ = 0;
    for (int i = 0; i < 20; i++) {
        Position pos = support_random_plies(&rng, 10, 10 + (int)rng_below(&rng, 40));
        if (pos_is_over(&pos))
            continue;
        SearchInfo with, without;
        SearchLimits limits = {.depth = 1, .first_move = POINT_NONE};
        SearchConfig learned = {.threads = 1, .hash_mib = 1, .seed = 1, .eval = model};
        SearchConfig classic = {.threads = 1, .hash_mib = 1, .seed = 1, .eval = NULL};
        Search *a = search_create(&learned), *b = search_create(&classic);
        assert_non_null(a);
        assert_non_null(b);
        search_run(a, &pos, &limits, NULL, NULL, &with);
        search_run(b, &pos, &limits, NULL, NULL, &without);
        differ += with.score != without.score;
        search_destroy(a);
        search_destroy(b);
    }
    assert_true(differ > 10);
    eval_model_destroy(model);
}

/* Games of random stones, labelled with their final owners. */
static TrainSample *random_samples(int count, uint64_t seed)
{
    TrainSample *samples = malloc((size_t)count * sizeof *samples);
    Rng rng;
    rng_seed(&rng, seed);
    int n = 0;
    for (int game = 0; n < count; game++) {
        Position pos;
        pos_init(&pos, 6);
        Position seen[64];
        int plies = 0;
        while (!pos_is_over(&pos)) {
            seen[plies++] = pos;
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
        for (int i = 0; i < plies && n < count; i++)
            samples[n++] = (TrainSample){.pos = seen[i], .black_final = pos.stones[COLOR_BLACK], .game = game};
    }
    return samples;
}

static void test_trainer_learns_deterministically(void **state)
{
    (void)state;
    TrainSample *samples = random_samples(3000, 9);
    TrainConfig config = {.seed = 1, .rate = 0.05f, .l2 = 0.0f};
    Trainer *a = train_create(&config), *b = train_create(&config);
    assert_non_null(a);
    assert_non_null(b);
    TrainError before = train_measure(a, samples, 3000);
    assert_true(before.point_mse > 0.99 && before.point_mse < 1.01); /* all zero: squash(0) = 0 */
    double first = train_epoch(a, samples, 3000, NULL, NULL);
    double last = first;
    for (int e = 0; e < 3; e++)
        last = train_epoch(a, samples, 3000, NULL, NULL);
    for (int e = 0; e < 4; e++)
        train_epoch(b, samples, 3000, NULL, NULL);
    TrainError after = train_measure(a, samples, 3000);
    assert_true(last < first);
    assert_true(after.point_mse < 0.8 * before.point_mse);
    /* the linear model: a stone now is worth about a stone at the end, and
     * features left out get no weight */
    uint32_t features = FEAT_BIT(FEAT_G_STONES) | FEAT_BIT(FEAT_G_FILL_OWN) | FEAT_BIT(FEAT_G_BIAS);
    assert_true(train_fit_linear(a, samples, 3000, features));
    assert_true(train_fit_linear(b, samples, 3000, features));
    uint32_t na, nb;
    const float *pa = train_params(a, &na), *pb = train_params(b, &nb);
    const float *linear = pa + na - 2 * FEAT_GLOBALS;
    for (int k = 0; k < 2; k++) {
        assert_true(linear[k * FEAT_GLOBALS + FEAT_G_STONES] > 50.0f);
        assert_true(linear[k * FEAT_GLOBALS + FEAT_G_STONES] < 200.0f);
        assert_true(linear[k * FEAT_GLOBALS + FEAT_G_POTENTIAL] == 0.0f);
        assert_true(linear[k * FEAT_GLOBALS + FEAT_G_OWNERSHIP] == 0.0f);
    }
    TrainError fitted = train_measure(a, samples, 3000);
    assert_true(fitted.eval_rmse < after.margin_rmse + 1.0);
    assert_int_equal(na, nb);
    assert_memory_equal(pa, pb, na * sizeof *pa);
    train_destroy(a);
    train_destroy(b);
    free(samples);
}

/* A plausible curve: slopes rising with the stage as self-play's do. */
static EvalCurve sample_curve(void)
{
    EvalCurve c;
    memset(&c, 0, sizeof c);
    c.scale = 1280.0f;
    c.tiebreak = 0.1f;
    for (int i = 0; i < EVAL_WDL_KNOTS; i++) {
        c.slope[i][0] = 0.1f + 0.2f * (float)(i * i) / 8.0f;
        c.slope[i][1] = 0.09f + 0.18f * (float)(i * i) / 8.0f;
        c.offset[i][0] = 0.3f - 0.05f * (float)i;
        c.offset[i][1] = -0.2f + 0.04f * (float)i;
    }
    return c;
}

/* A file with all-zero parameters but one, and `curve` (NULL: version 1). */
static uint8_t *curve_file(const EvalCurve *curve, size_t *size)
{
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    uint32_t count = eval_param_count(map);
    float *params = calloc(count, sizeof *params);
    assert_non_null(params);
    params[count - FEAT_GLOBALS + FEAT_G_STONES] = 100.0f;
    uint8_t *bytes = eval_file_write(params, count, curve, size);
    assert_non_null(bytes);
    free(params);
    feature_map_destroy(map);
    return bytes;
}

static EvalModel *curve_model(const EvalCurve *curve)
{
    size_t size;
    uint8_t *bytes = curve_file(curve, &size);
    EvalModel *model = NULL;
    assert_int_equal(eval_model_parse(bytes, size, &model), EVAL_OK);
    free(bytes);
    return model;
}

static void test_curve_ranks_like_the_margin_and_inverts(void **state)
{
    (void)state;
    EvalCurve curve = sample_curve();
    assert_int_equal(eval_curve_check(&curve), EVAL_OK);
    EvalModel *model = curve_model(&curve);
    assert_true(eval_model_has_curve(model));
    double bound = (double)curve.scale * (1.0 + curve.tiebreak);
    for (int step = 0; step <= 40; step++) {
        float stage = (float)step / 40.0f;
        for (int left = 1; left <= 2; left++) {
            int previous = INT32_MIN;
            double previous_expectation = -2.0;
            for (int m = -SCORE_EVAL_MAX; m <= SCORE_EVAL_MAX; m += 13) {
                int u = eval_model_utility(model, stage, left, m);
                /* never falls, and ranks below every proven result */
                assert_true(u >= previous);
                assert_true(abs(u) <= bound + 1 && abs(u) < SCORE_EVAL_MAX);
                previous = u;
                double e = eval_model_expectation(model, stage, left, m);
                assert_true(e >= -1.0 && e <= 1.0 && e >= previous_expectation);
                previous_expectation = e;
            }
            /* a stone more is better within 20 stones either way */
            for (int m = -2000; m < 2000; m += 100)
                assert_true(eval_model_utility(model, stage, left, m) < eval_model_utility(model, stage, left, m + 100));
            /* the inverse: as close as the rounding of the utility allows */
            for (int m = -5000; m <= 5000; m += 7) {
                int u = eval_model_utility(model, stage, left, m);
                double slope = (eval_model_utility(model, stage, left, m + 50) -
                                eval_model_utility(model, stage, left, m - 50)) / 100.0;
                int back = eval_model_margin_of(model, stage, left, u);
                assert_true(fabs((double)(back - m)) <= 1.0 + 1.0 / slope);
            }
            assert_int_equal(eval_model_margin_of(model, stage, left, SCORE_EVAL_MAX), SCORE_EVAL_MAX);
            assert_int_equal(eval_model_margin_of(model, stage, left, -SCORE_EVAL_MAX), -SCORE_EVAL_MAX);
        }
    }
    /* the knots are the curve's values there; between them, in between */
    float at_knot = 3.0f / (EVAL_WDL_KNOTS - 1);
    assert_true(fabs(eval_model_expectation(model, at_knot, 1, 500) -
                     tanh((curve.slope[3][0] * 5.0 + curve.offset[3][0]) / 2.0)) < 1e-6);
    double mid = eval_model_expectation(model, 3.5f / (EVAL_WDL_KNOTS - 1), 2, 500);
    double lo = tanh((curve.slope[3][1] * 5.0 + curve.offset[3][1]) / 2.0);
    double hi = tanh((curve.slope[4][1] * 5.0 + curve.offset[4][1]) / 2.0);
    assert_true(mid > lo && mid < hi);
    /* the stage of a position */
    Position pos;
    pos_init(&pos, 8);
    assert_true(eval_stage(&pos) == 0.0f);
    pos_play(&pos, point_make(3, 3));
    assert_true(fabs(eval_stage(&pos) - 1.0 / 64.0) < 1e-7);
    eval_model_destroy(model);
}

/* Without a curve (version 1, scale 0, or the classic evaluation) the
 * utility is the margin itself. */
static void test_no_curve_is_the_margin(void **state)
{
    (void)state;
    EvalCurve none;
    memset(&none, 0, sizeof none);
    EvalModel *v1 = curve_model(NULL), *v2 = curve_model(&none), *builtin = eval_model_default();
    assert_non_null(builtin);
    const EvalModel *models[4] = {v1, v2, builtin, NULL};
    for (int i = 0; i < 4; i++) {
        assert_false(eval_model_has_curve(models[i]));
        for (int m = -SCORE_EVAL_MAX; m <= SCORE_EVAL_MAX; m += 997) {
            assert_int_equal(eval_model_utility(models[i], 0.5f, 1, m), m);
            assert_int_equal(eval_model_margin_of(models[i], 0.5f, 2, m), m);
            assert_true(eval_model_expectation(models[i], 0.5f, 2, m) == (double)((m > 0) - (m < 0)));
        }
    }
    eval_model_destroy(v1);
    eval_model_destroy(v2);
    eval_model_destroy(builtin);
}

/* A version 2 file keeps its curve through writing and reading; its
 * evaluation is that of the same parameters in a version 1 file. */
static void test_curve_file_round_trips(void **state)
{
    (void)state;
    FeatureMap *map = feature_map_create();
    assert_non_null(map);
    size_t size1;
    uint8_t *v1 = random_weights_file(map, 23, &size1);
    uint32_t count = eval_param_count(map);
    float *params = malloc(count * sizeof *params);
    assert_non_null(params);
    memcpy(params, v1 + EVAL_FILE_HEADER, count * sizeof *params);
    EvalCurve curve = sample_curve();
    size_t size2;
    uint8_t *v2 = eval_file_write(params, count, &curve, &size2);
    assert_non_null(v2);
    assert_int_equal(size2, size1 + EVAL_CURVE_BYTES);
    assert_int_equal(v1[8], 1);
    assert_int_equal(v2[8], 2);
    EvalModel *a = NULL, *b = NULL;
    assert_int_equal(eval_model_parse_mapped(v1, size1, map, &a), EVAL_OK);
    assert_int_equal(eval_model_parse_mapped(v2, size2, map, &b), EVAL_OK);
    assert_memory_equal(eval_model_curve(b), &curve, sizeof curve);
    assert_true(eval_model_has_curve(b) && !eval_model_has_curve(a));
    Rng rng;
    rng_seed(&rng, 29);
    for (int game = 0; game < 50; game++) {
        int n = 4 + (int)rng_below(&rng, 13);
        Position pos = support_random_plies(&rng, n, 1 + (int)rng_below(&rng, (uint32_t)(n * n - 1)));
        assert_int_equal(evaluate_position(a, &pos), evaluate_position(b, &pos));
    }
    /* a bit flipped in the curve is caught */
    v2[size2 - 20] ^= 0x04;
    assert_int_equal(parse_status(v2, size2), EVAL_ERR_CHECKSUM);
    v2[size2 - 20] ^= 0x04;
    /* so is a curve cut short, and a version 1 header on a version 2 file */
    assert_int_equal(parse_status(v2, size2 - 8), EVAL_ERR_TRUNCATED);
    v2[8] = 1;
    fix_checksum(v2, size2);
    assert_int_equal(parse_status(v2, size2), EVAL_ERR_SIZE);
    eval_model_destroy(a);
    eval_model_destroy(b);
    free(params);
    free(v1);
    free(v2);
    feature_map_destroy(map);
}

/* The status of a file with this curve. */
static EvalStatus curve_status(const EvalCurve *curve)
{
    size_t size;
    uint8_t *bytes = curve_file(curve, &size);
    EvalStatus status = parse_status(bytes, size);
    free(bytes);
    assert_int_equal(eval_curve_check(curve), status);
    return status;
}

static void test_invalid_curves_are_refused(void **state)
{
    (void)state;
    const EvalCurve good = sample_curve();
    EvalCurve c = good;
    assert_int_equal(curve_status(&c), EVAL_OK);
    c.slope[4][1] = -0.01f; /* decreasing */
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c = good;
    c.slope[0][0] = NAN;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c = good;
    c.offset[8][1] = INFINITY;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c = good;
    c.slope[2][0] = EVAL_CURVE_MAX_SLOPE * 2.0f;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c = good;
    c.scale = NAN;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c.scale = -1.0f;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    /* utilities must stay below proven results */
    c.scale = (float)SCORE_EVAL_MAX;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c.scale = (float)SCORE_EVAL_MAX / 1.1f - 1.0f;
    assert_int_equal(curve_status(&c), EVAL_OK);
    c = good;
    c.tiebreak = -0.1f; /* decreasing far out */
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c.tiebreak = 0.0f; /* flat where the result is decided */
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c.tiebreak = 1.5f;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    c.tiebreak = NAN;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    /* no curve: scale 0, with anything finite and rising beside it */
    memset(&c, 0, sizeof c);
    assert_int_equal(curve_status(&c), EVAL_OK);
    c.slope[1][1] = -1.0f;
    assert_int_equal(curve_status(&c), EVAL_ERR_VALUE);
    /* another number of knots */
    size_t size;
    c = good;
    uint8_t *bytes = curve_file(&c, &size);
    bytes[size - 4 - EVAL_CURVE_BYTES] = EVAL_WDL_KNOTS + 1;
    fix_checksum(bytes, size);
    assert_int_equal(parse_status(bytes, size), EVAL_ERR_SIZE);
    free(bytes);
}

/* Splits samples into training and held-out games (every fifth). */
static size_t split_samples(const TrainSample *all, size_t count, TrainSample *train, TrainSample *held,
                            size_t *held_count)
{
    size_t n_train = 0, n_held = 0;
    for (size_t i = 0; i < count; i++) {
        if (all[i].game % 5 == 0)
            held[n_held++] = all[i];
        else
            train[n_train++] = all[i];
    }
    *held_count = n_held;
    return n_train;
}

static void test_trainer_fits_a_result_curve(void **state)
{
    (void)state;
    enum { COUNT = 6000 };
    TrainSample *all = random_samples(COUNT, 31);
    TrainSample *train = malloc(COUNT * sizeof *train), *held = malloc(COUNT * sizeof *held);
    assert_non_null(train);
    assert_non_null(held);
    size_t n_held, n_train = split_samples(all, COUNT, train, held, &n_held);
    assert_true(n_held > 500 && n_train > 3000);
    TrainConfig config = {.seed = 1, .rate = 0.05f, .l2 = 0.0f};
    uint32_t features = FEAT_BIT(FEAT_G_STONES) | FEAT_BIT(FEAT_G_FILL_OWN) | FEAT_BIT(FEAT_G_FILL_THEIRS) |
                        FEAT_BIT(FEAT_G_POTENTIAL) | FEAT_BIT(FEAT_G_BIAS);
    Trainer *a = train_create(&config), *b = train_create(&config);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(train_fit_linear(a, train, n_train, features));
    assert_true(train_fit_linear(b, train, n_train, features));
    /* before the fit the curve is flat: a coin */
    TrainError coin = train_measure(a, held, n_held);
    assert_true(fabs(coin.log_loss - log(2.0)) < 1e-9);
    assert_true(train_fit_curve(a, train, n_train, TRAIN_CURVE_SCALE, 0.1f));
    assert_true(train_fit_curve(b, train, n_train, TRAIN_CURVE_SCALE, 0.1f));
    const EvalCurve *curve = train_curve(a);
    assert_int_equal(eval_curve_check(curve), EVAL_OK);
    assert_true(curve->scale == TRAIN_CURVE_SCALE && curve->tiebreak == 0.1f);
    /* at the start of a random game the margin says nothing (a slope of 0
     * or near); after that, more margin is more often a win */
    for (int i = 1; i < EVAL_WDL_KNOTS; i++)
        for (int j = 0; j < 2; j++)
            assert_true(curve->slope[i][j] > 0.1f);
    /* late in the game the margin says more of the result than early on */
    assert_true(curve->slope[7][0] > curve->slope[1][0]);
    TrainError fitted = train_measure(a, held, n_held);
    assert_true(fitted.log_loss < 0.67);
    /* deterministic */
    assert_memory_equal(curve, train_curve(b), sizeof *curve);
    /* results against the margin: the slopes clamp at 0 */
    for (size_t i = 0; i < n_train; i++)
        train[i].black_final = bb_andnot(bb_board(train[i].pos.size), train[i].black_final);
    assert_true(train_fit_curve(b, train, n_train, TRAIN_CURVE_SCALE, 0.1f));
    const EvalCurve *backwards = train_curve(b);
    assert_int_equal(eval_curve_check(backwards), EVAL_OK);
    for (int i = 0; i < EVAL_WDL_KNOTS; i++)
        for (int j = 0; j < 2; j++)
            assert_true(backwards->slope[i][j] == 0.0f);
    train_destroy(a);
    train_destroy(b);
    free(train);
    free(held);
    free(all);
}

/* A bench position's report: a margin within the estimates' range, or
 * proven. */
static void check_reported_score(int index, const Position *pos, const SearchInfo *info, void *context)
{
    (void)index, (void)pos, (void)context;
    assert_true(score_is_proven(info->score, info->exact) || abs(info->score) <= SCORE_EVAL_MAX);
}

/* The bench positions' node count at `depth` with this evaluation. */
static uint64_t bench_nodes(const EvalModel *model, int depth)
{
    BenchResult result;
    BenchSetup setup = {depth, 1, BENCH_HASH_MIB, NULL};
    assert_true(bench_run_with(model, NULL, &setup, check_reported_score, NULL, &result));
    return result.nodes;
}

/* The built-in weights in a version 2 file, with this curve. */
static EvalModel *builtin_with_curve(const EvalCurve *curve)
{
    extern const unsigned char eval_default_bytes[];
    uint32_t count = (uint32_t)eval_default_bytes[16] | (uint32_t)eval_default_bytes[17] << 8 |
                     (uint32_t)eval_default_bytes[18] << 16 | (uint32_t)eval_default_bytes[19] << 24;
    float *params = malloc(count * sizeof *params);
    assert_non_null(params);
    memcpy(params, eval_default_bytes + EVAL_FILE_HEADER, count * sizeof *params);
    size_t size;
    uint8_t *bytes = eval_file_write(params, count, curve, &size);
    assert_non_null(bytes);
    assert_int_equal(bytes[8], 2);
    EvalModel *model = NULL;
    assert_int_equal(eval_model_parse(bytes, size, &model), EVAL_OK);
    free(bytes);
    free(params);
    return model;
}

/* The search with a version 2 file without a curve is the search with the
 * built-in weights, node for node; with a curve it searches otherwise. */
static void test_search_without_a_curve_is_unchanged(void **state)
{
    (void)state;
    enum { DEPTH = 3 };
    EvalCurve none;
    memset(&none, 0, sizeof none);
    EvalCurve curve = sample_curve();
    EvalModel *builtin = eval_model_default(), *flat = builtin_with_curve(&none), *curved = builtin_with_curve(&curve);
    assert_non_null(builtin);
    uint64_t expected = bench_nodes(builtin, DEPTH);
    assert_int_equal(bench_nodes(flat, DEPTH), expected);
    assert_int_not_equal(bench_nodes(curved, DEPTH), expected);
    eval_model_destroy(builtin);
    eval_model_destroy(flat);
    eval_model_destroy(curved);
}

/* The whole-board features by name: every name reads back as its bit,
 * lists combine, an unknown or empty name is refused. */
static void test_feature_names(void **state)
{
    (void)state;
    for (int f = 0; f < FEAT_GLOBALS; f++) {
        uint32_t mask = 0;
        assert_true(feature_parse_globals(feature_global_name(f), &mask));
        assert_int_equal(mask, FEAT_BIT(f));
    }
    uint32_t mask = 0;
    assert_true(feature_parse_globals("stones,bias", &mask));
    assert_int_equal(mask, FEAT_BIT(FEAT_G_STONES) | FEAT_BIT(FEAT_G_BIAS));
    assert_false(feature_parse_globals("stones,nothing", &mask));
    assert_false(feature_parse_globals("stones,", &mask));
    assert_false(feature_parse_globals("", &mask));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features_match_slow_reference),
        cmocka_unit_test(test_symmetries_evaluate_alike),
        cmocka_unit_test(test_pattern_symmetries_share_parameters),
        cmocka_unit_test(test_feature_map_matches_its_definition),
        cmocka_unit_test(test_squash_stays_within_one),
        cmocka_unit_test(test_parse_with_a_given_map_reads_the_same),
        cmocka_unit_test(test_weights_file_checks),
        cmocka_unit_test(test_builtin_weights_load_and_judge),
        cmocka_unit_test(test_ownership_adds_up),
        cmocka_unit_test(test_search_uses_the_weights_it_is_given),
        cmocka_unit_test(test_trainer_learns_deterministically),
        cmocka_unit_test(test_curve_ranks_like_the_margin_and_inverts),
        cmocka_unit_test(test_no_curve_is_the_margin),
        cmocka_unit_test(test_curve_file_round_trips),
        cmocka_unit_test(test_invalid_curves_are_refused),
        cmocka_unit_test(test_trainer_fits_a_result_curve),
        cmocka_unit_test(test_search_without_a_curve_is_unchanged),
        cmocka_unit_test(test_feature_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
