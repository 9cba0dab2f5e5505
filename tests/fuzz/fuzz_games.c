/* libFuzzer target: the rin-games reader. The first byte chooses how the
 * rest is read: odd, as it is (mostly refused by the framing and the
 * checksums); even, with the checksum of every block that its lengths
 * frame written correctly first, so that the bodies reach the replay and
 * the value checks. Either way the reader, from memory and from a stream,
 * gives the same blocks and the same refusal, every refusal says why, and
 * every game accepted writes back to the bytes it was read from. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/game_file.h"
#include "base/le_bytes.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The two readers and a block to write into, made once before the first
 * input (their memory, a few hundred kilobytes, would cost more than most
 * inputs) and restarted for each. Written only by LLVMFuzzerInitialize. */
static GameFileReader fuzz_memory, fuzz_stream;
static uint8_t *fuzz_block;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_block = malloc(GAME_FILE_GAME_MAX);
    if (!fuzz_block || !game_file_reader_init(&fuzz_memory) || !game_file_reader_init(&fuzz_stream))
        abort();
    return 0;
}

/* Writes the checksum of every block whose framing fits in the input. */
static void reseal(uint8_t *b, size_t size)
{
    size_t at = 0;
    while (at < size) {
        size_t framed;
        if (size - at >= 16 && memcmp(b + at, game_file_magic, GAME_FILE_MAGIC_BYTES) == 0)
            framed = 16 + (size_t)le_bytes_get_u32(b + at + 12);
        else if (size - at >= 8 && memcmp(b + at, "GAME", 4) == 0)
            framed = 8 + (size_t)le_bytes_get_u32(b + at + 4);
        else
            return;
        if (framed > size - at || size - at - framed < 4)
            return;
        le_bytes_put_u32(b + at + framed, le_bytes_fnv1a(b + at, framed));
        at += framed + 4;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t n = size - 1;
    uint8_t *input = malloc(n ? n : 1), *block = fuzz_block;
    GameFileReader *memory = &fuzz_memory, *stream = &fuzz_stream;
    if (!input)
        return 0;
    game_file_reader_restart(memory);
    game_file_reader_restart(stream);
    memcpy(input, data + 1, n);
    if (!(data[0] & 1))
        reseal(input, n);
    FILE *f = n ? fmemopen(input, n, "rb") : fopen("/dev/null", "rb");
    if (!f)
        abort();
    for (;;) {
        uint64_t at = memory->offset;
        GameFileError a = {0, ""}, b = {0, ""};
        GameFileItem from_memory = game_file_next(memory, input, n, &a);
        GameFileItem from_stream = game_file_read(stream, f, &b);
        if (from_memory != from_stream || memory->offset != stream->offset)
            abort(); /* the two ways of reading agree */
        if (from_memory == GAME_FILE_END)
            break;
        if (from_memory == GAME_FILE_ERROR) {
            if (a.reason[0] == '\0' || strcmp(a.reason, b.reason) != 0 || a.offset != b.offset || a.offset > n)
                abort(); /* the same refusal, which says why and where */
            break;
        }
        if (from_memory == GAME_FILE_GAME) {
            size_t length = game_file_write_game(memory->game, block);
            if (length != memory->offset - at || memcmp(block, input + at, length) != 0)
                abort(); /* an accepted game is exactly what its bytes say */
        } else if (strcmp(memory->settings, stream->settings) != 0) {
            abort();
        }
    }
    fclose(f);
    free(input);
    return 0;
}
