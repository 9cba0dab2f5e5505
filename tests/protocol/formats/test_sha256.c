/* SHA-256 against the test vectors of FIPS 180-4 (one block, two blocks, a
 * million bytes, none) and the lengths where the padding changes, and the name of the built-in weights file computed
 * here as CMake computed it (RIN_WEIGHTS_NAME). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/eval_file.h"
#include "formats/sha256.h"

static void assert_digest(const uint8_t *bytes, size_t size, const char *expected)
{
    uint8_t digest[SHA256_BYTES];
    sha256(bytes, size, digest);
    char hex[2 * SHA256_BYTES + 1];
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    assert_string_equal(hex, expected);
}

static void test_vectors(void **state)
{
    (void)state;
    assert_digest(NULL, 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assert_digest((const uint8_t *)"abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    assert_digest((const uint8_t *)two, strlen(two), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    enum { MILLION = 1000000 };
    uint8_t *a = malloc(MILLION);
    assert_non_null(a);
    memset(a, 'a', MILLION);
    assert_digest(a, MILLION, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    /* the lengths around the padding's one and two blocks (from Python's
     * hashlib) */
    static const struct {
        size_t size;
        const char *digest;
    } around[] = {
        {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
        {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
        {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
        {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
        {119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"},
        {120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"},
    };
    for (size_t i = 0; i < sizeof around / sizeof around[0]; i++)
        assert_digest(a, around[i].size, around[i].digest);
    free(a);
}

static void test_builtin_weights_name(void **state)
{
    (void)state;
    extern const unsigned char eval_default_bytes[];
    extern const size_t eval_default_size;
    char name[EVAL_FILE_NAME_MAX];
    eval_file_name(eval_default_bytes, eval_default_size, name);
    assert_string_equal(name, RIN_WEIGHTS_NAME);
    assert_int_equal(strlen(name), strlen("rin-") + EVAL_FILE_HASH_DIGITS + strlen(".rinw"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_builtin_weights_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
