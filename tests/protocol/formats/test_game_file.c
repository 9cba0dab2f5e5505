/* rin-games files: games written and read back are the same games, files
 * concatenated are a file, and the reader refuses every damaged input
 * (bad magic, unknown version, truncation, bad checksum, illegal or
 * off-board stones, bad sizes, trailing garbage) with a reason and offset,
 * the same from memory and from a stream. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/game_file.h"
#include "base/le_bytes.h"

static const char settings_line[] = "rin 0.1.0 selfplay --games 3 --sizes 6,5,16 --mc-playouts 20";

/* Three games: 6x6 with ownership, explored stones and solver values;
 * 5x5; a 16x16 with few nodes (the largest board). */
static SelfplayGame *games[3];

static int setup(void **state)
{
    (void)state;
    SelfplaySettings rich = {.seed = 7, .opening_plies = 4, .explore = 0.2, .nodes = 60, .mc_playouts = 20,
                             .solve_empties = 6};
    SelfplaySettings plain = {.seed = 8, .opening_plies = 3, .explore = 0.0, .nodes = 30};
    const SelfplaySettings *set[3] = {&rich, &plain, &plain};
    const int sizes[3] = {6, 5, 16};
    for (int i = 0; i < 3; i++) {
        SelfplayPlayer *player = selfplay_player_create(set[i]);
        games[i] = malloc(sizeof *games[i]);
        if (!player || !games[i] || !selfplay_game_play(player, (uint64_t)i + 40, sizes[i], games[i]))
            return -1;
        selfplay_player_destroy(player);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++)
        free(games[i]);
    return 0;
}

typedef struct Bytes {
    uint8_t *data;
    size_t size;
} Bytes;

static void append(Bytes *b, const uint8_t *data, size_t size)
{
    b->data = realloc(b->data, b->size + size + 1);
    assert_non_null(b->data);
    memcpy(b->data + b->size, data, size);
    b->size += size;
}

static void append_header(Bytes *b, const char *settings)
{
    uint8_t header[GAME_FILE_HEADER_MAX];
    append(b, header, game_file_write_header(settings, header));
}

static void append_game(Bytes *b, const SelfplayGame *game)
{
    uint8_t *block = malloc(GAME_FILE_GAME_MAX);
    assert_non_null(block);
    size_t length = game_file_write_game(game, block);
    assert_true(length > 0);
    append(b, block, length);
    free(block);
}

/* A file with the header and the three games. */
static Bytes three_games(void)
{
    Bytes b = {NULL, 0};
    append_header(&b, settings_line);
    for (int i = 0; i < 3; i++)
        append_game(&b, games[i]);
    return b;
}

static void assert_same_game(const SelfplayGame *read, const SelfplayGame *played)
{
    assert_int_equal(read->index, played->index);
    assert_int_equal(read->size, played->size);
    assert_int_equal(read->opening_count, played->opening_count);
    for (int k = 0; k < played->opening_count; k++)
        assert_int_equal(read->opening[k], played->opening[k]);
    assert_int_equal(read->count, played->count);
    assert_true(pos_same(&read->final, &played->final));
    assert_int_equal(read->mc_playouts, played->mc_playouts > 0 ? GAME_FILE_PERMILLE : 0);
    int size = played->size;
    for (int i = 0; i < played->count; i++) {
        const SelfplayRecord *a = &read->records[i], *b = &played->records[i];
        assert_true(pos_same(&a->pos, &b->pos));
        assert_int_equal(a->point, b->point);
        assert_int_equal(a->explored, b->explored);
        assert_int_equal(a->scored, b->scored);
        if (b->scored) {
            assert_int_equal(a->score, b->score);
            assert_int_equal(a->exact, b->exact);
        }
        assert_int_equal(a->solved, b->solved);
        if (b->solved)
            assert_int_equal(a->solved_margin, b->solved_margin);
        for (int p = 0; played->mc_playouts > 0 && p < size * size; p++) {
            int point = point_make(p / size, p % size);
            uint32_t m = (uint32_t)played->mc_playouts;
            assert_int_equal(a->black_playouts[point], (b->black_playouts[point] * 1000 + m / 2) / m);
        }
    }
}

/* Reads all of b from memory into at most `max` games (the caller frees
 * them); returns the games, or -1 with *err set when refused (nothing to
 * free). */
static int read_all(const Bytes *b, SelfplayGame **out, int max, uint64_t *headers, GameFileError *err)
{
    GameFileReader reader;
    assert_true(game_file_reader_init(&reader));
    int count = 0;
    for (;;) {
        GameFileItem item = game_file_next(&reader, b->data, b->size, err);
        if (item == GAME_FILE_END || item == GAME_FILE_ERROR) {
            if (headers)
                *headers = reader.headers;
            game_file_reader_free(&reader);
            if (item == GAME_FILE_END)
                return count;
            for (int i = 0; i < count; i++)
                free(out[i]);
            return -1;
        }
        if (item == GAME_FILE_HEADER) {
            assert_string_equal(reader.settings, settings_line);
            continue;
        }
        assert_true(count < max);
        out[count] = malloc(sizeof *out[count]);
        assert_non_null(out[count]);
        memcpy(out[count], reader.game, sizeof *reader.game);
        count++;
    }
}

/* The same through a stream: the same items, the same error. */
static int read_stream(const Bytes *b, GameFileError *err)
{
    FILE *f = b->size ? fmemopen(b->data, b->size, "rb") : fopen("/dev/null", "rb");
    assert_non_null(f);
    GameFileReader reader;
    assert_true(game_file_reader_init(&reader));
    int count = 0;
    GameFileItem item;
    while ((item = game_file_read(&reader, f, err)) == GAME_FILE_HEADER || item == GAME_FILE_GAME)
        count += item == GAME_FILE_GAME;
    /* nothing read past the block that ended it (all, when it ended well) */
    if (item == GAME_FILE_END)
        assert_int_equal(ftell(f), (long)b->size);
    game_file_reader_free(&reader);
    fclose(f);
    return item == GAME_FILE_END ? count : -1;
}

static void free_games(SelfplayGame **g, int count)
{
    for (int i = 0; i < count; i++)
        free(g[i]);
}

/* Refused, from memory and from a stream alike, with a reason that holds
 * `reason`, at `offset` (unless UINT64_MAX). */
static void assert_refused(const Bytes *b, const char *reason, uint64_t offset)
{
    SelfplayGame *read[8];
    GameFileError err = {0, ""}, stream_err = {0, ""};
    int count = read_all(b, read, 8, NULL, &err);
    if (count >= 0) {
        free_games(read, count);
        fail_msg("accepted, expected a refusal with '%s'", reason);
    }
    if (!strstr(err.reason, reason))
        fail_msg("refused with '%s' at %llu, expected '%s'", err.reason, (unsigned long long)err.offset, reason);
    if (offset != UINT64_MAX)
        assert_int_equal(err.offset, offset);
    assert_int_equal(read_stream(b, &stream_err), -1);
    assert_string_equal(stream_err.reason, err.reason);
    assert_int_equal(stream_err.offset, err.offset);
}

static void test_round_trip(void **state)
{
    (void)state;
    Bytes b = three_games();
    SelfplayGame *read[4];
    GameFileError err;
    uint64_t headers;
    int count = read_all(&b, read, 4, &headers, &err);
    if (count < 0)
        fail_msg("refused: %s at %llu", err.reason, (unsigned long long)err.offset);
    assert_int_equal(count, 3);
    assert_int_equal(headers, 1);
    assert_int_equal(read_stream(&b, &err), 3);
    for (int i = 0; i < 3; i++) {
        assert_same_game(read[i], games[i]);
        /* a game read back writes the same bytes */
        Bytes again = {NULL, 0}, first = {NULL, 0};
        append_game(&again, read[i]);
        append_game(&first, games[i]);
        assert_int_equal(again.size, first.size);
        assert_memory_equal(again.data, first.data, first.size);
        free(again.data);
        free(first.data);
    }
    /* the 6x6 game has all that a record can carry */
    bool explored = false, solved = false;
    for (int i = 0; i < games[0]->count; i++) {
        explored |= games[0]->records[i].explored;
        solved |= games[0]->records[i].solved;
    }
    assert_true(explored && solved);
    free_games(read, count);
    free(b.data);
}

/* cat a b > c: both files' games, both headers. A file of a header alone
 * (a shard without games) is valid too. */
static void test_concatenation(void **state)
{
    (void)state;
    Bytes b = three_games();
    Bytes twice = {NULL, 0};
    append(&twice, b.data, b.size);
    append(&twice, b.data, b.size);
    append_header(&twice, settings_line);
    SelfplayGame *read[8];
    GameFileError err;
    uint64_t headers;
    int count = read_all(&twice, read, 8, &headers, &err);
    assert_int_equal(count, 6);
    assert_int_equal(headers, 3);
    for (int i = 0; i < 6; i++)
        assert_same_game(read[i], games[i % 3]);
    assert_int_equal(read_stream(&twice, &err), 6);
    free_games(read, count);

    /* a reader restarted reads another input from its start */
    GameFileReader reader;
    assert_true(game_file_reader_init(&reader));
    assert_int_equal(game_file_next(&reader, b.data, 3, &err), GAME_FILE_ERROR);
    game_file_reader_restart(&reader);
    int games_read = 0;
    GameFileItem item;
    while ((item = game_file_next(&reader, twice.data, twice.size, &err)) != GAME_FILE_END) {
        assert_int_not_equal(item, GAME_FILE_ERROR);
        games_read += item == GAME_FILE_GAME;
    }
    assert_int_equal(games_read, 6);
    assert_int_equal(reader.games, 6);
    assert_int_equal(reader.headers, 3);
    assert_int_equal(reader.offset, twice.size);
    game_file_reader_free(&reader);

    Bytes header_only = {NULL, 0};
    append_header(&header_only, settings_line);
    assert_int_equal(read_all(&header_only, read, 8, &headers, &err), 0);
    assert_int_equal(headers, 1);
    free(header_only.data);
    free(twice.data);
    free(b.data);
}

/* A file of the header and one game (of games[which]); *game_at is where
 * its game block starts. */
static Bytes one_game(int which, size_t *game_at)
{
    Bytes b = {NULL, 0};
    append_header(&b, settings_line);
    *game_at = b.size;
    append_game(&b, games[which]);
    return b;
}

/* Writes the game block's checksum again after a change to its body. */
static void reseal(Bytes *b, size_t game_at)
{
    size_t body = le_bytes_get_u32(b->data + game_at + 4);
    uint32_t sum = le_bytes_fnv1a(b->data + game_at, 8 + body);
    for (int i = 0; i < 4; i++)
        b->data[game_at + 8 + body + (size_t)i] = (uint8_t)(sum >> (8 * i));
}

static void test_bad_magic_and_version(void **state)
{
    (void)state;
    Bytes b = three_games();
    b.data[0] = 'r';
    assert_refused(&b, "bad magic", 0);
    b.data[0] = 'R';
    b.data[8] = 2;
    assert_refused(&b, "unknown version 2", 8);
    b.data[8] = 1;
    /* a text file is not a binary one */
    Bytes text = {NULL, 0};
    append(&text, (const uint8_t *)"#rin-selfplay 1\n", 16);
    assert_refused(&text, "bad magic", 0);
    /* nor is a file that starts with a game */
    size_t game_at;
    Bytes one = one_game(1, &game_at);
    Bytes headless = {NULL, 0};
    append(&headless, one.data + game_at, one.size - game_at);
    assert_refused(&headless, "bad magic", 0);
    Bytes empty = {NULL, 0};
    assert_refused(&empty, "empty input", 0);
    free(empty.data);
    free(headless.data);
    free(one.data);
    free(text.data);
    free(b.data);
}

/* Every prefix of a file is refused as truncated, except those that end
 * where a block ends; nothing reads past the end. */
static void test_truncation(void **state)
{
    (void)state;
    Bytes b = three_games();
    size_t ends[4];
    GameFileReader reader;
    GameFileError err;
    assert_true(game_file_reader_init(&reader));
    for (int i = 0; i < 4; i++) {
        assert_int_not_equal(game_file_next(&reader, b.data, b.size, &err), GAME_FILE_ERROR);
        ends[i] = (size_t)reader.offset;
    }
    game_file_reader_free(&reader);
    for (size_t length = 1; length < b.size; length++) {
        Bytes prefix = {NULL, 0};
        append(&prefix, b.data, length); /* a copy of exactly that length */
        int whole = -1; /* games in the prefix when it ends a block */
        for (int i = 0; i < 4; i++)
            whole = length == ends[i] ? i : whole;
        if (whole >= 0) {
            SelfplayGame *read[4];
            int count = read_all(&prefix, read, 4, NULL, &err);
            assert_int_equal(count, whole);
            free_games(read, count);
        } else {
            size_t block = 0;
            for (int i = 0; i < 4; i++)
                block = ends[i] <= length ? ends[i] : block;
            assert_refused(&prefix, "truncated", block);
        }
        free(prefix.data);
    }
    free(b.data);
}

/* Any one byte changed anywhere is refused. */
static void test_every_corrupt_byte(void **state)
{
    (void)state;
    Bytes b = three_games();
    for (size_t i = 0; i < b.size; i++) {
        for (int bit = 0; bit < 8; bit += 7) {
            b.data[i] ^= (uint8_t)(1u << bit);
            SelfplayGame *read[8];
            GameFileError err;
            int count = read_all(&b, read, 8, NULL, &err);
            if (count >= 0)
                fail_msg("byte %zu with bit %d flipped was accepted", i, bit);
            b.data[i] ^= (uint8_t)(1u << bit);
        }
    }
    /* a body byte: the checksum says so */
    size_t game_at;
    Bytes one = one_game(1, &game_at);
    one.data[game_at + 8 + 20] ^= 0x40;
    assert_refused(&one, "bad checksum of the game block", game_at);
    one.data[game_at + 8 + 20] ^= 0x40;
    one.data[20] ^= 1; /* in the header's settings */
    assert_refused(&one, "bad checksum of the header block", 0);
    free(one.data);
    free(b.data);
}

/* Well-sealed blocks whose game breaks the rules. */
static void test_illegal_games(void **state)
{
    (void)state;
    size_t at;
    Bytes b = one_game(1, &at); /* 5x5, 3 opening stones */
    size_t body = at + 8;
    assert_int_equal(b.data[body + 8], 5);
    assert_int_equal(b.data[body + 10], 3);

    /* the second opening stone on the first */
    uint8_t second = b.data[body + 17];
    b.data[body + 17] = b.data[body + 16];
    reseal(&b, at);
    assert_refused(&b, "illegal stone", body + 17);
    b.data[body + 17] = 25; /* off the 5x5 board */
    reseal(&b, at);
    assert_refused(&b, "off the 5x5 board", body + 17);
    b.data[body + 17] = second;

    /* sizes outside 4..16 */
    const uint8_t bad_sizes[] = {3, 17, 0, 255};
    for (size_t i = 0; i < sizeof bad_sizes; i++) {
        b.data[body + 8] = bad_sizes[i];
        reseal(&b, at);
        assert_refused(&b, "board size", body + 8);
    }
    b.data[body + 8] = 5;

    /* a record on an occupied point: the first record's stone on an opening stone */
    size_t record = body + 16 + 3;
    uint8_t point = b.data[record];
    b.data[record] = b.data[body + 16];
    reseal(&b, at);
    assert_refused(&b, "illegal stone", record);
    b.data[record] = point;

    /* unknown flags, of the game and of a record */
    b.data[body + 9] = 0x80;
    reseal(&b, at);
    assert_refused(&b, "unknown game flags", body + 9);
    b.data[body + 9] = 0;
    uint8_t flags = b.data[record + 1];
    b.data[record + 1] = 0x10;
    reseal(&b, at);
    assert_refused(&b, "bad record flags", record + 1);
    b.data[record + 1] = flags;

    /* the final margin */
    b.data[body + 14] ^= 2;
    reseal(&b, at);
    assert_refused(&b, "final margin", body + 14);
    b.data[body + 14] ^= 2;

    /* a game that stops before the board is full: one record fewer */
    reseal(&b, at);
    SelfplayGame *read[2];
    GameFileError err;
    int count = read_all(&b, read, 2, NULL, &err);
    assert_int_equal(count, 1);
    free_games(read, count);
    SelfplayGame shorter = *games[1];
    shorter.count--;
    shorter.final = games[1]->records[shorter.count].pos;
    Bytes cut = {NULL, 0};
    append_header(&cut, settings_line);
    append_game(&cut, &shorter);
    assert_refused(&cut, "ends before the board is full", at);
    free(cut.data);
    free(b.data);
}

static void test_trailing_garbage(void **state)
{
    (void)state;
    Bytes b = three_games();
    size_t end = b.size;
    append(&b, (const uint8_t *)"\n", 1);
    assert_refused(&b, "trailing garbage", end);
    b.size = end;
    append(&b, (const uint8_t *)"GAM", 3); /* the start of a game block */
    assert_refused(&b, "truncated", end);
    b.size = end;
    append(&b, game_file_magic, 5); /* the start of a header */
    assert_refused(&b, "truncated", end);
    /* bytes inside a block after its last record, sealed */
    size_t at;
    Bytes one = one_game(1, &at);
    uint32_t body = le_bytes_get_u32(one.data + at + 4);
    Bytes longer = {NULL, 0};
    append(&longer, one.data, at + 8 + body);
    append(&longer, (const uint8_t *)"\0\0\0\0\0", 5);
    longer.data[at + 4] = (uint8_t)(body + 1);
    longer.data[at + 5] = (uint8_t)((body + 1) >> 8);
    reseal(&longer, at);
    assert_refused(&longer, "1 bytes after the game's last record", at + 8 + body);
    /* a length no game can have */
    one.data[at + 7] = 0x7f;
    assert_refused(&one, "game body of", at + 4);
    free(longer.data);
    free(one.data);
    free(b.data);
}

/* The checksum is FNV-1a as published (its reference test vectors), and the
 * integers and floats (IEEE 754 single) are little-endian. */
static void test_checksum_and_byte_order(void **state)
{
    (void)state;
    assert_int_equal(le_bytes_fnv1a((const uint8_t *)"", 0), 0x811c9dc5u);
    assert_int_equal(le_bytes_fnv1a((const uint8_t *)"a", 1), 0xe40c292cu);
    assert_int_equal(le_bytes_fnv1a((const uint8_t *)"foobar", 6), 0xbf9cf968u);
    uint8_t b[4];
    le_bytes_put_u32(b, 0x12345678u);
    assert_true(b[0] == 0x78 && b[1] == 0x56 && b[2] == 0x34 && b[3] == 0x12);
    assert_int_equal(le_bytes_get_u32(b), 0x12345678u);
    le_bytes_put_f32(b, -1.5f); /* sign 1, exponent 127, mantissa 0x400000: 0xbfc00000 */
    assert_true(b[0] == 0x00 && b[1] == 0x00 && b[2] == 0xc0 && b[3] == 0xbf);
    assert_true(le_bytes_get_f32(b) == -1.5f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checksum_and_byte_order),
        cmocka_unit_test(test_round_trip),        cmocka_unit_test(test_concatenation),
        cmocka_unit_test(test_bad_magic_and_version), cmocka_unit_test(test_truncation),
        cmocka_unit_test(test_every_corrupt_byte), cmocka_unit_test(test_illegal_games),
        cmocka_unit_test(test_trailing_garbage),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
