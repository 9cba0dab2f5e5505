/* The "rin-games" writer and reader (the format is in game_file.h). The
 * reader trusts no byte: every length is checked against what is there
 * before a byte is read, every block against its checksum, and every game
 * replayed through the rules. */
#include "formats/game_file.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/le_bytes.h"
#include "rules/score.h"

const uint8_t game_file_magic[GAME_FILE_MAGIC_BYTES] = {'R', 'I', 'N', 'G', 'A', 'M', 'E', 0x1a};
static const uint8_t game_tag[4] = {'G', 'A', 'M', 'E'};

enum {
    HEADER_FIXED = 16, /* magic, version, length */
    GAME_FIXED = 8,    /* tag, length */
    CHECKSUM_BYTES = 4,
    BODY_MIN = 16,
    GAME_FLAG_OWNERSHIP = 1,
    RECORD_EXPLORED = 1,
    RECORD_SCORED = 2,
    RECORD_EXACT = 4,
    RECORD_SOLVED = 8
};

static void put_u16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put_u64(uint8_t *p, uint64_t v)
{
    le_bytes_put_u32(p, (uint32_t)v);
    le_bytes_put_u32(p + 4, (uint32_t)(v >> 32));
}

static bool is_settings_byte(uint8_t c) { return c >= 0x20 && c != 0x7f; }

/* ---------- writing ---------- */

size_t game_file_write_header(const char *settings, uint8_t *out)
{
    size_t length = strlen(settings);
    if (length > GAME_FILE_SETTINGS_MAX)
        length = GAME_FILE_SETTINGS_MAX;
    memcpy(out, game_file_magic, GAME_FILE_MAGIC_BYTES);
    le_bytes_put_u32(out + 8, GAME_FILE_VERSION);
    le_bytes_put_u32(out + 12, (uint32_t)length);
    for (size_t i = 0; i < length; i++) {
        uint8_t c = (uint8_t)settings[i];
        out[HEADER_FIXED + i] = is_settings_byte(c) ? c : '?';
    }
    size_t total = HEADER_FIXED + length;
    le_bytes_put_u32(out + total, le_bytes_fnv1a(out, total));
    return total + CHECKSUM_BYTES;
}

/* A point as the file numbers it: row * N + column. */
static uint8_t file_point(int point, int size) { return (uint8_t)(point_row(point) * size + point_col(point)); }

size_t game_file_write_game(const SelfplayGame *game, uint8_t *out)
{
    int size = game->size;
    if (size < BB_MIN_SIZE || size > BB_MAX_SIZE)
        return 0;
    int playouts = game->mc_playouts;
    uint8_t *w = out + GAME_FIXED;
    put_u64(w, game->index);
    w[8] = (uint8_t)size;
    w[9] = playouts > 0 ? GAME_FLAG_OWNERSHIP : 0;
    put_u16(w + 10, (uint32_t)game->opening_count);
    put_u16(w + 12, (uint32_t)game->count);
    put_u16(w + 14, (uint32_t)(uint16_t)(int16_t)pos_score(&game->final));
    w += BODY_MIN;
    for (int k = 0; k < game->opening_count; k++)
        *w++ = file_point(game->opening[k], size);
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        bool scored = r->scored && !r->explored;
        *w++ = file_point(r->point, size);
        *w++ = (uint8_t)((r->explored ? RECORD_EXPLORED : 0) | (scored ? RECORD_SCORED : 0) |
                         (scored && r->exact ? RECORD_EXACT : 0) | (r->solved ? RECORD_SOLVED : 0));
        if (scored) {
            put_u16(w, (uint32_t)(uint16_t)(int16_t)r->score);
            w += 2;
        }
        if (r->solved) {
            put_u16(w, (uint32_t)(uint16_t)(int16_t)r->solved_margin);
            w += 2;
        }
        for (int row = 0; playouts > 0 && row < size; row++)
            for (int col = 0; col < size; col++) {
                uint64_t black = r->black_playouts[point_make(row, col)];
                put_u16(w, (uint32_t)((black * 1000 + (uint64_t)playouts / 2) / (uint64_t)playouts));
                w += 2;
            }
    }
    size_t body = (size_t)(w - out) - GAME_FIXED;
    memcpy(out, game_tag, sizeof game_tag);
    le_bytes_put_u32(out + 4, (uint32_t)body);
    le_bytes_put_u32(w, le_bytes_fnv1a(out, GAME_FIXED + body));
    return GAME_FIXED + body + CHECKSUM_BYTES;
}

/* ---------- reading ---------- */

bool game_file_reader_init(GameFileReader *reader)
{
    memset(reader, 0, sizeof *reader);
    reader->game = malloc(sizeof *reader->game);
    reader->buffer = malloc(GAME_FILE_GAME_MAX > GAME_FILE_HEADER_MAX ? GAME_FILE_GAME_MAX : GAME_FILE_HEADER_MAX);
    if (!reader->game || !reader->buffer) {
        game_file_reader_free(reader);
        return false;
    }
    return true;
}

void game_file_reader_free(GameFileReader *reader)
{
    free(reader->game);
    free(reader->buffer);
    reader->game = NULL;
    reader->buffer = NULL;
}

void game_file_reader_restart(GameFileReader *reader)
{
    reader->offset = 0;
    reader->headers = 0;
    reader->games = 0;
    reader->settings[0] = '\0';
    reader->failed = false;
}

static GameFileItem refuse(GameFileReader *reader, GameFileError *err, uint64_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static GameFileItem refuse(GameFileReader *reader, GameFileError *err, uint64_t offset, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    err->offset = offset;
    vsnprintf(err->reason, sizeof err->reason, fmt, args);
    va_end(args);
    reader->failed = true;
    return GAME_FILE_ERROR;
}

typedef enum Extent { EXTENT_KNOWN, EXTENT_MORE, EXTENT_BAD } Extent;

/* The length of the block at p, of which avail bytes are known (at least
 * one): EXTENT_KNOWN with the block's length in *need, EXTENT_MORE with
 * the bytes that tell it in *need, or EXTENT_BAD (refused into err). */
static Extent block_extent(GameFileReader *reader, const uint8_t *p, size_t avail, size_t *need,
                           GameFileError *err)
{
    uint64_t at = reader->offset;
    size_t n = avail < GAME_FILE_MAGIC_BYTES ? avail : GAME_FILE_MAGIC_BYTES;
    bool header = memcmp(p, game_file_magic, n) == 0;
    bool game = memcmp(p, game_tag, n < sizeof game_tag ? n : sizeof game_tag) == 0;
    if (reader->headers == 0 && !header) {
        refuse(reader, err, at, "bad magic: not a rin-games file");
        return EXTENT_BAD;
    }
    if (!header && !game) {
        refuse(reader, err, at, "trailing garbage: neither a header nor a game block");
        return EXTENT_BAD;
    }
    size_t fixed = header ? HEADER_FIXED : GAME_FIXED;
    if (avail < fixed) {
        *need = fixed;
        return EXTENT_MORE;
    }
    if (header) {
        uint32_t version = le_bytes_get_u32(p + 8), length = le_bytes_get_u32(p + 12);
        if (version != GAME_FILE_VERSION) {
            refuse(reader, err, at + 8, "unknown version %" PRIu32 " (this reader knows version %d)", version,
                   GAME_FILE_VERSION);
            return EXTENT_BAD;
        }
        if (length > GAME_FILE_SETTINGS_MAX) {
            refuse(reader, err, at + 12, "settings line of %" PRIu32 " bytes (at most %d)", length,
                   GAME_FILE_SETTINGS_MAX);
            return EXTENT_BAD;
        }
        *need = HEADER_FIXED + length + CHECKSUM_BYTES;
        return EXTENT_KNOWN;
    }
    uint32_t body = le_bytes_get_u32(p + 4);
    if (body < BODY_MIN || body > GAME_FILE_BODY_MAX) {
        refuse(reader, err, at + 4, "game body of %" PRIu32 " bytes (%d to %d)", body, BODY_MIN, GAME_FILE_BODY_MAX);
        return EXTENT_BAD;
    }
    *need = GAME_FIXED + body + CHECKSUM_BYTES;
    return EXTENT_KNOWN;
}

static GameFileItem parse_header(GameFileReader *reader, const uint8_t *p, size_t total, GameFileError *err)
{
    uint64_t at = reader->offset;
    size_t length = total - HEADER_FIXED - CHECKSUM_BYTES;
    if (le_bytes_fnv1a(p, total - CHECKSUM_BYTES) != le_bytes_get_u32(p + total - CHECKSUM_BYTES))
        return refuse(reader, err, at, "bad checksum of the header block");
    for (size_t i = 0; i < length; i++)
        if (!is_settings_byte(p[HEADER_FIXED + i]))
            return refuse(reader, err, at + HEADER_FIXED + i, "control character in the settings line");
    memcpy(reader->settings, p + HEADER_FIXED, length);
    reader->settings[length] = '\0';
    reader->headers++;
    reader->offset += total;
    return GAME_FILE_HEADER;
}

/* Reading a body: every read is checked against its end. */
typedef struct Cursor {
    const uint8_t *p;
    size_t at, end;
    uint64_t base; /* offset of p[0] in the input */
} Cursor;

static bool take(Cursor *c, size_t n, const uint8_t **out)
{
    if (c->end - c->at < n)
        return false;
    *out = c->p + c->at;
    c->at += n;
    return true;
}

static bool take_u8(Cursor *c, int *out)
{
    const uint8_t *b;
    if (!take(c, 1, &b))
        return false;
    *out = b[0];
    return true;
}

static bool take_u16(Cursor *c, int *out)
{
    const uint8_t *b;
    if (!take(c, 2, &b))
        return false;
    *out = b[0] | b[1] << 8;
    return true;
}

static bool take_i16(Cursor *c, int *out)
{
    int v;
    if (!take_u16(c, &v))
        return false;
    *out = v >= 0x8000 ? v - 0x10000 : v;
    return true;
}

static uint64_t here(const Cursor *c) { return c->base + c->at; }

/* One stone of the replay: the byte at the cursor, checked against the
 * rules from pos; the engine's point into *point. */
static GameFileItem take_stone(GameFileReader *reader, Cursor *c, const Position *pos, int *point,
                               GameFileError *err)
{
    uint64_t at = here(c);
    int b, size = pos->size;
    if (!take_u8(c, &b))
        return refuse(reader, err, at, "game body ends inside its stones");
    if (b >= size * size)
        return refuse(reader, err, at, "stone %d is off the %dx%d board", b, size, size);
    if (pos_is_over(pos))
        return refuse(reader, err, at, "a stone after the board is full");
    *point = point_make(b / size, b % size);
    PosStatus status = pos_check(pos, pos_to_move(pos), *point);
    if (status != POS_OK)
        return refuse(reader, err, at, "illegal stone %d: %s", b, pos_status_text(status));
    return GAME_FILE_GAME;
}

static GameFileItem parse_game(GameFileReader *reader, const uint8_t *p, size_t total, GameFileError *err)
{
    uint64_t at = reader->offset;
    if (le_bytes_fnv1a(p, total - CHECKSUM_BYTES) != le_bytes_get_u32(p + total - CHECKSUM_BYTES))
        return refuse(reader, err, at, "bad checksum of the game block");
    Cursor c = {p + GAME_FIXED, 0, total - GAME_FIXED - CHECKSUM_BYTES, at + GAME_FIXED};
    const uint8_t *fixed;
    if (!take(&c, BODY_MIN, &fixed))
        return refuse(reader, err, here(&c), "game body too short");
    SelfplayGame *game = reader->game;
    uint64_t index = le_bytes_get_u32(fixed) | (uint64_t)le_bytes_get_u32(fixed + 4) << 32;
    int size = fixed[8], flags = fixed[9];
    int opening = fixed[10] | fixed[11] << 8, count = fixed[12] | fixed[13] << 8;
    int margin = fixed[14] | fixed[15] << 8;
    margin = margin >= 0x8000 ? margin - 0x10000 : margin;
    if (size < BB_MIN_SIZE || size > BB_MAX_SIZE)
        return refuse(reader, err, at + GAME_FIXED + 8, "board size %d (4 to 16)", size);
    if (flags & ~GAME_FLAG_OWNERSHIP)
        return refuse(reader, err, at + GAME_FIXED + 9, "unknown game flags 0x%02x", flags);
    if (opening + count > size * size)
        return refuse(reader, err, at + GAME_FIXED + 10, "%d stones on a board of %d points", opening + count,
                      size * size);
    bool ownership = flags & GAME_FLAG_OWNERSHIP;
    game->index = index;
    game->size = size;
    game->mc_playouts = ownership ? GAME_FILE_PERMILLE : 0;
    game->opening_count = opening;
    game->count = count;
    Position pos;
    pos_init(&pos, size);
    for (int k = 0; k < opening; k++) {
        int point = POINT_NONE;
        if (take_stone(reader, &c, &pos, &point, err) == GAME_FILE_ERROR)
            return GAME_FILE_ERROR;
        game->opening[k] = point;
        pos_play(&pos, point);
    }
    for (int i = 0; i < count; i++) {
        SelfplayRecord *r = &game->records[i];
        *r = (SelfplayRecord){.pos = pos, .point = POINT_NONE};
        if (take_stone(reader, &c, &pos, &r->point, err) == GAME_FILE_ERROR)
            return GAME_FILE_ERROR;
        uint64_t flags_at = here(&c);
        int record_flags;
        if (!take_u8(&c, &record_flags))
            return refuse(reader, err, flags_at, "game body ends inside a record");
        r->explored = record_flags & RECORD_EXPLORED;
        r->scored = record_flags & RECORD_SCORED;
        r->exact = record_flags & RECORD_EXACT;
        r->solved = record_flags & RECORD_SOLVED;
        if ((record_flags & ~(RECORD_EXPLORED | RECORD_SCORED | RECORD_EXACT | RECORD_SOLVED)) ||
            (r->explored && r->scored) || (r->exact && !r->scored))
            return refuse(reader, err, flags_at, "bad record flags 0x%02x", record_flags);
        uint64_t value_at = here(&c);
        if (r->scored && !take_i16(&c, &r->score))
            return refuse(reader, err, value_at, "game body ends inside a record");
        if (r->scored && abs(r->score) > SCORE_INF)
            return refuse(reader, err, value_at, "search score %d out of range", r->score);
        value_at = here(&c);
        if (r->solved && !take_i16(&c, &r->solved_margin))
            return refuse(reader, err, value_at, "game body ends inside a record");
        if (r->solved && (abs(r->solved_margin) > size * size || (r->solved_margin + size * size) % 2 != 0))
            return refuse(reader, err, value_at, "solved margin %d impossible on %dx%d", r->solved_margin, size,
                          size);
        for (int row = 0; ownership && row < size; row++)
            for (int col = 0; col < size; col++) {
                int permille;
                value_at = here(&c);
                if (!take_u16(&c, &permille))
                    return refuse(reader, err, value_at, "game body ends inside a record");
                if (permille > 1000)
                    return refuse(reader, err, value_at, "ownership %d per mille", permille);
                r->black_playouts[point_make(row, col)] = (uint32_t)permille;
            }
        pos_play(&pos, r->point);
    }
    if (c.at != c.end)
        return refuse(reader, err, here(&c), "%zu bytes after the game's last record", c.end - c.at);
    if (!pos_is_over(&pos))
        return refuse(reader, err, at, "game %" PRIu64 " ends before the board is full", index);
    if (pos_score(&pos) != margin)
        return refuse(reader, err, at + GAME_FIXED + 14, "final margin %d, but the stones end %d", margin,
                      pos_score(&pos));
    game->final = pos;
    reader->games++;
    reader->offset += total;
    return GAME_FILE_GAME;
}

/* The block at p, whole (total bytes). */
static GameFileItem parse_block(GameFileReader *reader, const uint8_t *p, size_t total, GameFileError *err)
{
    return memcmp(p, game_file_magic, GAME_FILE_MAGIC_BYTES) == 0 ? parse_header(reader, p, total, err)
                                                                  : parse_game(reader, p, total, err);
}

GameFileItem game_file_next(GameFileReader *reader, const uint8_t *data, size_t size, GameFileError *err)
{
    if (reader->failed)
        return refuse(reader, err, reader->offset, "reading stopped at an earlier error");
    if (reader->offset > size)
        return refuse(reader, err, reader->offset, "offset past the end of the input");
    size_t avail = size - (size_t)reader->offset;
    const uint8_t *p = data + reader->offset;
    if (avail == 0)
        return reader->headers ? GAME_FILE_END : refuse(reader, err, 0, "empty input: no rin-games header");
    size_t need;
    switch (block_extent(reader, p, avail, &need, err)) {
    case EXTENT_BAD:
        return GAME_FILE_ERROR;
    case EXTENT_MORE:
        return refuse(reader, err, reader->offset, "truncated block: the input ends %zu bytes into it", avail);
    case EXTENT_KNOWN:
        break;
    }
    if (need > avail)
        return refuse(reader, err, reader->offset, "truncated block: the input ends %zu bytes into it", avail);
    return parse_block(reader, p, need, err);
}

/* Reads buffer[have..need) from in; returns the bytes there are now. */
static size_t fill(FILE *in, uint8_t *buffer, size_t have, size_t need)
{
    if (have < need)
        have += fread(buffer + have, 1, need - have, in);
    return have;
}

GameFileItem game_file_read(GameFileReader *reader, FILE *in, GameFileError *err)
{
    if (reader->failed)
        return refuse(reader, err, reader->offset, "reading stopped at an earlier error");
    uint8_t *b = reader->buffer;
    size_t have = fill(in, b, 0, 1);
    if (have == 0) {
        if (ferror(in))
            return refuse(reader, err, reader->offset, "read error");
        return reader->headers ? GAME_FILE_END : refuse(reader, err, 0, "empty input: no rin-games header");
    }
    for (;;) {
        size_t need;
        switch (block_extent(reader, b, have, &need, err)) {
        case EXTENT_BAD:
            return GAME_FILE_ERROR;
        case EXTENT_MORE:
        case EXTENT_KNOWN:
            break;
        }
        size_t before = have;
        have = fill(in, b, have, need);
        if (have < need) {
            if (ferror(in))
                return refuse(reader, err, reader->offset + have, "read error");
            if (have == before)
                return refuse(reader, err, reader->offset, "truncated block: the input ends %zu bytes into it",
                              have);
            continue; /* a short read of a pipe */
        }
        if (block_extent(reader, b, have, &need, err) == EXTENT_KNOWN && have == need)
            return parse_block(reader, b, have, err);
    }
}
