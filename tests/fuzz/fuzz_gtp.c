/* libFuzzer target: the GTP engine fed a whole command stream. The input is
 * split at newlines and each line goes through gtp_execute as it is (ids,
 * control bytes, huge numbers, position strings and SGF file names
 * included) on a fresh engine per input. Every response must be framed:
 * '=' or '?', then the id if any, ending in one empty line.
 *
 * A few commands are held back so that one input stays fast and harmless:
 * rin-option may not raise the costs (hash, threads, time, depth, nodes) or
 * load weights files, rin-perft goes at most 2 deep, rin-analyze is left
 * out, and loadsgf/printsgf may name files only in the fuzzer's own
 * temporary directory (no '/'). The engine searches 64 nodes per stone. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtp/gtp.h"
#include "gtp/options.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { WORDS_MAX = 4, WORD_MAX = 32 };

/* Moves into a new temporary directory, where the files that loadsgf and
 * printsgf name land. The corpus directories and files on the command line
 * are made absolute first, since libFuzzer reads them after this. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    for (int i = 1; i < *argc; i++) {
        if ((*argv)[i][0] == '-')
            continue;
        char *absolute = realpath((*argv)[i], NULL);
        if (absolute)
            (*argv)[i] = absolute; /* kept for the whole run */
    }
    char dir[] = "/tmp/rin-fuzz-gtp-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0)
        abort();
    return 0;
}

/* The first words of the command as gtp.c will see them (control bytes
 * dropped, tabs as spaces, the comment and the id gone), cut to WORD_MAX. */
static int command_words(const uint8_t *line, size_t length, char words[WORDS_MAX][WORD_MAX])
{
    int count = 0;
    size_t n = 0;
    bool first = true;
    for (size_t i = 0; i <= length && count < WORDS_MAX; i++) {
        unsigned char c = i < length ? line[i] : ' ';
        if (c == '#')
            c = ' ', length = i;
        if (c < 0x20 && c != '\t')
            continue;
        if (c == 0x7F)
            continue;
        if (c == ' ' || c == '\t') {
            if (n > 0) {
                words[count][n < WORD_MAX ? n : WORD_MAX - 1] = '\0';
                bool is_id = first && strspn(words[count], "0123456789") == strlen(words[count]);
                first = false;
                if (!is_id)
                    count++;
                n = 0;
            }
            continue;
        }
        if (n < WORD_MAX - 1)
            words[count][n] = (char)c;
        n++;
    }
    return count;
}

static bool allowed(const uint8_t *line, size_t length)
{
    char w[WORDS_MAX][WORD_MAX];
    int count = command_words(line, length, w);
    if (count == 0)
        return true;
    if (strcmp(w[0], "rin-analyze") == 0)
        return false;
    if (strcmp(w[0], "rin-perft") == 0)
        return count >= 2 && strlen(w[1]) == 1 && w[1][0] >= '0' && w[1][0] <= '2';
    if (strcmp(w[0], "rin-option") == 0 && count >= 3) {
        static const char *const safe[] = {"player", "margin", "seed", "verbose"};
        for (size_t i = 0; i < sizeof safe / sizeof safe[0]; i++)
            if (strcmp(w[1], safe[i]) == 0)
                return true;
        return false;
    }
    if ((strcmp(w[0], "loadsgf") == 0 || strcmp(w[0], "printsgf") == 0) && count >= 2)
        return memchr(line, '/', length) == NULL;
    return true;
}

static void check_response(const char *response)
{
    size_t length = strlen(response);
    if (length < 3 || (response[0] != '=' && response[0] != '?') || strcmp(response + length - 2, "\n\n") != 0)
        abort();
    if (strstr(response, "\n\n") != response + length - 2)
        abort(); /* no empty line inside a response */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    EngineOptions options;
    options_defaults(&options);
    options.hash = 1;
    options.nodes = 64;
    options.verbose = 0;
    Gtp *gtp = gtp_create(&options);
    if (!gtp)
        return 0;
    size_t start = 0;
    while (start < size && !gtp_quit_requested(gtp)) {
        const uint8_t *newline = memchr(data + start, '\n', size - start);
        size_t end = newline ? (size_t)(newline - data) : size;
        const uint8_t *line = data + start;
        size_t length = end - start;
        const char *response;
        if (allowed(line, length) && gtp_execute(gtp, (const char *)line, length, &response))
            check_response(response);
        start = end + 1;
    }
    gtp_destroy(gtp);
    return 0;
}
