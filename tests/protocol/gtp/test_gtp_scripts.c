/* GTP transcripts: each tests/protocol/gtp/NAME.gtp is a session as a
 * controller sees it. Lines are commands, fed to the engine as they are
 * (comments and blank lines included); a line starting with '=' or '?'
 * starts the expected response, which runs to the next empty line. The
 * whole input goes through gtp_run on a fresh engine (random player, seed 1)
 * and its output must equal the expected responses byte for byte. A first
 * line "#! rin --NAME VALUE ..." starts the engine with those options, as
 * that command line would (the engine sees the line as a comment). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gtp/gtp.h"

typedef struct Buffer {
    char *data;
    size_t length, capacity;
} Buffer;

static void buffer_add(Buffer *b, const char *text, size_t length)
{
    if (b->length + length + 1 > b->capacity) {
        b->capacity = (b->length + length + 1) * 2;
        b->data = realloc(b->data, b->capacity);
        assert_non_null(b->data);
    }
    memcpy(b->data + b->length, text, length);
    b->length += length;
    b->data[b->length] = '\0';
}

static char *read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    Buffer b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buffer_add(&b, chunk, n);
    fclose(f);
    buffer_add(&b, "", 0);
    *length = b.length;
    return b.data;
}

/* Splits a transcript into the engine's input and the expected output. */
static void split_transcript(const char *text, Buffer *input, Buffer *expected)
{
    bool in_response = false;
    const char *s = text;
    while (*s) {
        const char *end = strchr(s, '\n');
        size_t length = end ? (size_t)(end - s) : strlen(s);
        if (in_response) {
            buffer_add(expected, s, length);
            buffer_add(expected, "\n", 1);
            if (length == 0)
                in_response = false;
        } else if (length > 0 && (s[0] == '=' || s[0] == '?')) {
            buffer_add(expected, s, length);
            buffer_add(expected, "\n", 1);
            in_response = true;
        } else {
            buffer_add(input, s, length);
            buffer_add(input, "\n", 1);
        }
        s += length + (end != NULL);
    }
    if (in_response)
        fail_msg("the transcript ends inside a response (missing empty line)");
}

/* The n-th response ("\n\n"-terminated) of text, for failure messages. */
static void print_responses_around(const char *expected, const char *actual)
{
    size_t i = 0;
    while (expected[i] && expected[i] == actual[i])
        i++;
    size_t start = i;
    while (start > 0 && !(expected[start - 1] == '\n' && start >= 2 && expected[start - 2] == '\n'))
        start--;
    const char *e_end = strstr(expected + start, "\n\n");
    const char *a_end = strstr(actual + start, "\n\n");
    int e_len = e_end ? (int)(e_end - expected - start) : (int)strlen(expected + start);
    int a_len = a_end ? (int)(a_end - actual - start) : (int)strlen(actual + start);
    print_error("first difference at byte %zu\nexpected response:\n%.*s\nactual response:\n%.*s\n", i, e_len,
                expected + start, a_len, actual + start);
}

/* The options of a first line "#! rin --NAME VALUE ...", set as main does. */
static void startup_options(const char *text, EngineOptions *options)
{
    static const char prefix[] = "#! rin";
    if (strncmp(text, prefix, sizeof prefix - 1) != 0)
        return;
    const char *rest = text + sizeof prefix - 1;
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(rest, "\n"), rest);
    char *save = NULL;
    for (char *name = strtok_r(line, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        char *value = strtok_r(NULL, " ", &save), err[256];
        if (strncmp(name, "--", 2) != 0 || !value || !options_set(options, name + 2, value, err, sizeof err))
            fail_msg("bad start-up option in the first line: %s", name);
    }
}

static void run_transcript(void **state)
{
    const char *name = *state;
    char path[1024];
    snprintf(path, sizeof path, "%s/protocol/gtp/%s", RIN_TEST_DATA_DIR, name);
    size_t length;
    char *text = read_file(path, &length);
    Buffer input = {0}, expected = {0};
    buffer_add(&input, "", 0);
    buffer_add(&expected, "", 0);
    split_transcript(text, &input, &expected);

    EngineOptions options;
    options_defaults(&options);
    snprintf(options.player, sizeof options.player, "random");
    startup_options(text, &options);
    Gtp *gtp = gtp_create(&options);
    assert_non_null(gtp);
    FILE *in = fmemopen(input.data, input.length, "r");
    assert_non_null(in);
    char *actual = NULL;
    size_t actual_length = 0;
    FILE *out = open_memstream(&actual, &actual_length);
    assert_non_null(out);
    assert_int_equal(gtp_run(gtp, in, out), 0);
    fclose(out);
    fclose(in);
    gtp_destroy(gtp);

    if (strcmp(actual, expected.data) != 0)
        print_responses_around(expected.data, actual);
    assert_string_equal(actual, expected.data);
    free(actual);
    free(input.data);
    free(expected.data);
    free(text);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    char dir_path[1024];
    snprintf(dir_path, sizeof dir_path, "%s/protocol/gtp", RIN_TEST_DATA_DIR);
    DIR *dir = opendir(dir_path);
    if (!dir) {
        fprintf(stderr, "cannot open %s\n", dir_path);
        return 1;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        size_t n = strlen(entry->d_name);
        if (n > 4 && strcmp(entry->d_name + n - 4, ".gtp") == 0) {
            names = realloc(names, (count + 1) * sizeof *names);
            names[count++] = strdup(entry->d_name);
        }
    }
    closedir(dir);
    if (count == 0) {
        fprintf(stderr, "no transcripts in %s\n", dir_path);
        return 1;
    }
    qsort(names, count, sizeof *names, compare_names);
    struct CMUnitTest *tests = calloc(count, sizeof *tests);
    for (size_t i = 0; i < count; i++)
        tests[i] = (struct CMUnitTest){names[i], run_transcript, NULL, NULL, names[i]};
    int failures = _cmocka_run_group_tests("gtp transcripts", tests, count, NULL, NULL);
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    free(tests);
    return failures;
}
