/* Pattern weights files on disk: a written file loads as its model, "none"
 * names no model, and a missing, corrupt or oversized file is refused with
 * a message naming it, the output untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "formats/file_bytes.h"
#include "formats/pattern_file.h"

/* A temporary file holding a small model's weights file, corrupted at
 * byte `flip` unless it is negative; its path into path. */
static void write_model_file(char path[64], long flip)
{
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23), .stages = 1};
    NtupleModel *model = NULL;
    assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)(i % 5) - 2.0f;
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    assert_non_null(bytes);
    if (flip >= 0)
        bytes[flip] ^= 1;
    strcpy(path, "/tmp/rin-test-pattern-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(bytes, 1, size, out), size);
    assert_int_equal(fclose(out), 0);
    free(bytes);
    ntuple_model_destroy(model);
}

static void test_a_written_file_loads(void **state)
{
    (void)state;
    char path[64];
    write_model_file(path, -1);
    NtupleModel *model = NULL;
    char err[256] = "";
    assert_true(pattern_file_resolve(path, &model, err, sizeof err));
    assert_non_null(model);
    assert_int_equal(model->config.shapes, NTUPLE_SHAPE_BIT(NTUPLE_WIN23));
    assert_true(model->weights[3] == 1.0f);
    assert_non_null(model->packed); /* for the search */
    ntuple_model_destroy(model);
    remove(path);
}

static void test_none_names_no_model(void **state)
{
    (void)state;
    NtupleModel *model = (NtupleModel *)(uintptr_t)1;
    char err[64];
    assert_true(pattern_file_resolve(PATTERN_FILE_NONE, &model, err, sizeof err));
    assert_null(model);
}

static void test_bad_files_are_refused_by_name(void **state)
{
    (void)state;
    NtupleModel *sentinel = (NtupleModel *)(uintptr_t)1, *model = sentinel;
    char err[256] = "";
    assert_false(pattern_file_load("/nonexistent/patterns.bin", &model, err, sizeof err));
    assert_ptr_equal(model, sentinel);
    assert_non_null(strstr(err, "/nonexistent/patterns.bin"));

    char path[64];
    write_model_file(path, 100);
    assert_false(pattern_file_resolve(path, &model, err, sizeof err));
    assert_ptr_equal(model, sentinel);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "checksum"));
    remove(path);
}

static void test_file_bytes_stop_at_the_limit(void **state)
{
    (void)state;
    char path[64];
    write_model_file(path, -1);
    uint8_t *bytes = NULL;
    size_t size = 0;
    char err[256] = "";
    assert_true(file_bytes_read(path, 1 << 20, &bytes, &size, err, sizeof err));
    assert_true(size > 40000);
    free(bytes);
    /* at exactly its size it is read; a byte less, refused */
    size_t exact = size;
    bytes = NULL;
    assert_true(file_bytes_read(path, exact, &bytes, &size, err, sizeof err));
    assert_int_equal(size, exact);
    free(bytes);
    bytes = NULL;
    size = 0;
    assert_false(file_bytes_read(path, exact - 1, &bytes, &size, err, sizeof err));
    assert_null(bytes);
    assert_int_equal(size, 0);
    assert_non_null(strstr(err, "larger than"));
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_written_file_loads),
        cmocka_unit_test(test_none_names_no_model),
        cmocka_unit_test(test_bad_files_are_refused_by_name),
        cmocka_unit_test(test_file_bytes_stop_at_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
