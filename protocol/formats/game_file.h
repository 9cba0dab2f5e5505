/* Binary files of whole self-play games, format "rin-games" version 1:
 * the compact form of what `rin selfplay` plays, from which every line of
 * the text format (rin-selfplay 1) can be printed again.
 *
 * A file is a sequence of blocks, each self-delimiting and with its own
 * checksum, so that files concatenated (`cat a b > c`) make a valid file.
 * All integers are little-endian. Offsets are from the start of a block.
 *
 * Header block (starts every file; may repeat where files were joined):
 *   0        8   magic "RINGAME\x1a"
 *   8        4   u32 format version (1)
 *   12       4   u32 L, length of the settings line (0..GAME_FILE_SETTINGS_MAX)
 *   16       L   the settings line: the text format's second header line
 *                without its "# " and newline (no byte below 0x20, nor 0x7f)
 *   16+L     4   u32 FNV-1a (32 bit) of bytes 0..16+L
 * Game block (one whole game):
 *   0        4   tag "GAME"
 *   4        4   u32 B, length of the body (16..GAME_FILE_BODY_MAX)
 *   8        B   body
 *   8+B      4   u32 FNV-1a of bytes 0..8+B
 * Game body:
 *   0        8   u64 game index g
 *   8        1   u8  board size N (4..16)
 *   9        1   u8  flags: bit 0, the records carry Monte Carlo ownership;
 *                    the other bits are 0
 *   10       2   u16 K, stones of the random opening
 *   12       2   u16 P, records (positions with a text line)
 *   14       2   i16 the final margin, Black's stones minus White's
 *   16       K   the opening's stones, one byte each: row * N + column
 *                (row 0 is the top row, as in position strings)
 *   then P records, in the order played, each:
 *            1   u8  the stone placed from the record's position (row * N + column)
 *            1   u8  flags: bit 0 explored (a random stone), bit 1 scored,
 *                    bit 2 exact (the score is proven), bit 3 solved; the
 *                    other bits are 0
 *            2   i16 the search's score (SearchInfo.score), only when scored
 *            2   i16 the solver's final margin (Black minus White), only when solved
 *            2N² u16 per point in row order, only with ownership: per mille of the
 *                    random playouts in which the point ended Black (0..1000)
 * The body ends with the last record. The stones replay from the empty
 * board through the rules: every stone is legal, every record's position
 * still has an empty point, and the last stone fills the board to the
 * final margin. */
#ifndef RIN_GAME_FILE_H
#define RIN_GAME_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "learn/selfplay_game.h"

enum {
    GAME_FILE_VERSION = 1,
    GAME_FILE_MAGIC_BYTES = 8,
    GAME_FILE_SETTINGS_MAX = 2048,
    GAME_FILE_HEADER_MAX = 16 + GAME_FILE_SETTINGS_MAX + 4,
    GAME_FILE_RECORD_MAX = 6 + 2 * BB_POINTS,                                /* one record's bytes */
    GAME_FILE_BODY_MAX = 16 + BB_POINTS + BB_POINTS * GAME_FILE_RECORD_MAX, /* longest body */
    GAME_FILE_GAME_MAX = 8 + GAME_FILE_BODY_MAX + 4,                          /* longest game block */
    GAME_FILE_REASON_MAX = 160,
    /* a game read back holds its ownership per mille: as if from 1000 playouts */
    GAME_FILE_PERMILLE = 1000
};

/* The first bytes of every file. */
extern const uint8_t game_file_magic[GAME_FILE_MAGIC_BYTES];

/* Why an input was refused and where: the offset of the offending byte (or
 * of the block that holds it) from the start of the input. */
typedef struct GameFileError {
    uint64_t offset;
    char reason[GAME_FILE_REASON_MAX];
} GameFileError;

/* ---------- writing ---------- */

/* The header block for a settings line (longer lines are cut at
 * GAME_FILE_SETTINGS_MAX bytes, control characters written as '?') into
 * out, which has room for GAME_FILE_HEADER_MAX bytes. Returns its length. */
size_t game_file_write_header(const char *settings, uint8_t *out);

/* The game block of a played game into out, which has room for
 * GAME_FILE_GAME_MAX bytes. Returns its length, or 0 when the game cannot
 * be stored (a size outside 4..16). */
size_t game_file_write_game(const SelfplayGame *game, uint8_t *out);

/* ---------- reading ---------- */

typedef enum GameFileItem {
    GAME_FILE_END,    /* the input ended after a whole block */
    GAME_FILE_HEADER, /* a header: reader->settings holds its line */
    GAME_FILE_GAME,   /* a game: reader->game holds it */
    GAME_FILE_ERROR   /* refused: the error says why; reading cannot go on */
} GameFileItem;

/* Reads the blocks of one input in order. */
typedef struct GameFileReader {
    uint64_t offset;   /* of the next block from the start of the input */
    uint64_t headers;  /* header blocks read */
    uint64_t games;    /* game blocks read */
    char settings[GAME_FILE_SETTINGS_MAX + 1]; /* the last header's line */
    /* the last game read: its stones replayed, records' positions and final
     * board set; ownership per mille (mc_playouts GAME_FILE_PERMILLE) */
    SelfplayGame *game;
    uint8_t *buffer; /* a block read from a stream */
    bool failed;
} GameFileReader;

/* False when memory runs out. */
bool game_file_reader_init(GameFileReader *reader);
void game_file_reader_free(GameFileReader *reader);

/* Ready for another input from its start, keeping its memory. */
void game_file_reader_restart(GameFileReader *reader);

/* The next block of the input data[0..size) (the whole input, the same
 * for every call), from reader->offset. */
GameFileItem game_file_next(GameFileReader *reader, const uint8_t *data, size_t size, GameFileError *err);

/* The same, reading the next block from a stream (which may be a pipe): it
 * reads no byte past that block. */
GameFileItem game_file_read(GameFileReader *reader, FILE *in, GameFileError *err);

#endif
