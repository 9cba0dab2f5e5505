/* Game records in SGF (FF[4]) for Rin: a reader of the main line of a game
 * tree that checks every stone with the rules, and a writer. Independent of
 * GTP.
 *
 * Conventions (protocol/PROTOCOL.md, "Game records"):
 * - Rin is named by RU[Rin] or GN[Rin] in the root (case-insensitive); there
 *   is no registered GM number, so the writer leaves GM out and the reader
 *   checks only that a GM it finds is a number.
 * - SZ[N], 4 <= N <= 16. Without SZ the size is that of RP, else 16.
 * - Points are two letters, column then row, `aa` the top-left point. B[] and
 *   B[tt] (Go's passes) are refused: Rin has no pass.
 * - One stone per node: a Rin turn is two consecutive nodes of one colour.
 * - Setup (AB, AW, AE, PL and the private RP) only in the root. RP[position
 *   string] (posstr.h) is the exact set position, with the stone of the turn;
 *   when RP is present it wins, and AB/AW/AE/PL must agree with it. Without
 *   RP the setup is AB/AW with PL as the side to move (else the colour of the
 *   first move, else Black) on the first stone of its turn.
 * - KM is komi (0 when absent). RE is kept as text and not checked.
 * - Variations: the first one is followed, the others only checked for
 *   syntax. Lowercase letters in property names are ignored (FF[4] allows
 *   them as in FF[3]); unknown properties are ignored. */
#ifndef RIN_SGF_H
#define RIN_SGF_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"

enum {
    SGF_FILE_MAX = 1 << 20,   /* the largest file the reader takes: 1 MiB */
    SGF_TEXT_MAX = 8192,      /* enough for any record (a full 16x16 game takes under 2 KB) */
    SGF_LINE_WIDTH = 72,      /* the writer wraps lines between values and turns */
    SGF_MESSAGE_MAX = 192,
    SGF_RESULT_MAX = 64
};

typedef struct SgfMove {
    Color color;
    int point;
} SgfMove;

/* A game: where it starts, its stones in order, komi. Every stone is legal
 * (each fills at least its own point, so BB_POINTS is enough). */
typedef struct SgfGame {
    Position start; /* the empty board or the set position */
    SgfMove moves[BB_POINTS];
    int move_count;
    double komi;
    char result[SGF_RESULT_MAX]; /* RE as read, "" when absent (cut short when longer) */
} SgfGame;

/* What is wrong and where: line and column count from 1 (columns in
 * characters, a tab is one); both are 0 for problems of the file as a whole
 * (missing, unreadable, too large). */
typedef struct SgfError {
    int line, column;
    char message[SGF_MESSAGE_MAX];
} SgfError;

/* Reads the record in `text` (`length` bytes of any value). On success fills
 * *game and returns true; otherwise leaves *game untouched, fills *err and
 * returns false. */
bool sgf_parse(const char *text, size_t length, SgfGame *game, SgfError *err);

/* sgf_parse on the contents of a file (at most SGF_FILE_MAX bytes). The
 * messages of file errors come from strerror. */
bool sgf_read_file(const char *path, SgfGame *game, SgfError *err);

/* The position after the first `count` stones of the game (all of them when
 * count is larger). */
void sgf_replay(const SgfGame *game, int count, Position *pos);

/* Writes the record of game into out (`size` bytes, SGF_TEXT_MAX always
 * suffice): FF, CA, AP, GN, RU, SZ, KM unless komi is 0, RE when the game is
 * over, the setup when the start holds stones, one node per stone. Lines are
 * at most SGF_LINE_WIDTH characters except RP's, none is empty, and the text
 * ends with ")\n". Returns the length, or 0 when out is too small. */
size_t sgf_write(const SgfGame *game, char *out, size_t size);

#endif
