/* The frame both weights files share: the magic (a short file that begins
 * like it is truncated), the header's size, the version range, then the
 * exact size and the checksum, each refused with its own status in that
 * order; and both weights formats answer the same frame faults alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "eval/evalmodel.h"
#include "eval/ntuple_weights.h"
#include "eval/weights_frame.h"
#include "base/le_bytes.h"

static const uint8_t magic[WEIGHTS_FRAME_MAGIC_BYTES] = {'R', 'I', 'N', 'T', 'E', 'S', 'T', 0x1a};

enum { HEADER = 16, TOTAL = HEADER + 8 };

/* A file of TOTAL bytes: the magic, `version`, a header word, 8 bytes of
 * body and a checksum that holds. */
static void make_file(uint8_t b[TOTAL], uint32_t version)
{
    memset(b, 0x5a, TOTAL);
    memcpy(b, magic, sizeof magic);
    le_bytes_put_u32(b + 8, version);
    le_bytes_put_u32(b + 12, 7);
    le_bytes_put_u32(b + TOTAL - 4, le_bytes_fnv1a(b, TOTAL - 4));
}

static void test_open(void **state)
{
    (void)state;
    uint8_t b[TOTAL];
    make_file(b, 2);
    uint32_t version = 99;
    assert_int_equal(weights_frame_open(b, TOTAL, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_OK);
    assert_int_equal(version, 2);
    /* the start of the magic is a truncated file, anything else another kind */
    for (size_t size = 0; size < WEIGHTS_FRAME_MAGIC_BYTES; size++)
        assert_int_equal(weights_frame_open(b, size, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_TRUNCATED);
    assert_int_equal(weights_frame_open((const uint8_t *)"RINX", 4, magic, HEADER, 1, 2, &version),
                     WEIGHTS_FRAME_MAGIC);
    /* the whole magic but not the whole header */
    assert_int_equal(weights_frame_open(b, HEADER - 1, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_TRUNCATED);
    /* the magic is checked before the size of the header */
    b[7] = 0;
    assert_int_equal(weights_frame_open(b, HEADER - 1, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_MAGIC);
    /* versions outside the range, after the header's size */
    make_file(b, 3);
    version = 99;
    assert_int_equal(weights_frame_open(b, TOTAL, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_VERSION);
    assert_int_equal(weights_frame_open(b, HEADER - 1, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_TRUNCATED);
    make_file(b, 0);
    assert_int_equal(weights_frame_open(b, TOTAL, magic, HEADER, 1, 2, &version), WEIGHTS_FRAME_VERSION);
    assert_int_equal(version, 99); /* untouched on failure */
}

static void test_close(void **state)
{
    (void)state;
    uint8_t b[TOTAL + 1];
    make_file(b, 1);
    assert_int_equal(weights_frame_close(b, TOTAL, TOTAL), WEIGHTS_FRAME_OK);
    assert_int_equal(weights_frame_close(b, TOTAL, TOTAL + 4), WEIGHTS_FRAME_TRUNCATED);
    b[TOTAL] = 0;
    assert_int_equal(weights_frame_close(b, TOTAL + 1, TOTAL), WEIGHTS_FRAME_SIZE);
    /* every byte before the checksum counts, the checksum's own too */
    for (size_t at = 0; at < TOTAL; at++) {
        b[at] ^= 0x10;
        assert_int_equal(weights_frame_close(b, TOTAL, TOTAL), WEIGHTS_FRAME_CHECKSUM);
        b[at] ^= 0x10;
    }
}

/* The same frame faults in a weights file and a pattern weights file give
 * each format's status of the same meaning. */
static void test_both_formats(void **state)
{
    (void)state;
    static const struct {
        const char *bytes;
        size_t size;
        EvalStatus eval;
        NtupleWeightsStatus ntuple;
    } cases[] = {
        {"", 0, EVAL_ERR_TRUNCATED, NTUPLE_WEIGHTS_ERR_TRUNCATED},
        {"RIN", 3, EVAL_ERR_TRUNCATED, NTUPLE_WEIGHTS_ERR_TRUNCATED},
        {"NOT A WEIGHTS FILE AT ALL, NOT AT ALL....", 40, EVAL_ERR_MAGIC, NTUPLE_WEIGHTS_ERR_MAGIC},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EvalModel *eval = NULL;
        NtupleModel *ntuple = NULL;
        assert_int_equal(eval_model_parse((const uint8_t *)cases[i].bytes, cases[i].size, &eval), cases[i].eval);
        assert_int_equal(ntuple_weights_parse((const uint8_t *)cases[i].bytes, cases[i].size, &ntuple),
                         cases[i].ntuple);
        assert_null(eval);
        assert_null(ntuple);
    }
    /* each magic with a version neither knows */
    uint8_t b[64];
    memset(b, 0, sizeof b);
    memcpy(b, "RINEVAL\x1a", 8);
    le_bytes_put_u32(b + 8, 7);
    EvalModel *eval = NULL;
    assert_int_equal(eval_model_parse(b, sizeof b, &eval), EVAL_ERR_VERSION);
    memcpy(b, "RINNTUP\x1a", 8);
    NtupleModel *ntuple = NULL;
    assert_int_equal(ntuple_weights_parse(b, sizeof b, &ntuple), NTUPLE_WEIGHTS_ERR_VERSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open),
        cmocka_unit_test(test_close),
        cmocka_unit_test(test_both_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
