/* The text self-play format, written by rin selfplay and rin games --text
 * and read by formats/train_data.h (engine/learn/TRAINING.md).
 *
 * File format "rin-selfplay", version 1 (text, UTF-8/ASCII, '\n' line ends):
 *
 *   #rin-selfplay 1
 *   # rin 0.1.0 selfplay --games 40 --sizes 8,12,16 --nodes 2000 --seed 1 ...
 *   4/4/1x2/4 w 1<TAB>xxoo...<TAB>-2<TAB>35<TAB>-<TAB>-<TAB>0
 *   ...
 *
 * - The first line is "#rin-selfplay 1". A line starting with '#' is a
 *   comment or header: readers accept such lines anywhere, repeated
 *   (concatenated shards repeat the header). The writer's second line is
 *   a comment with the settings that reproduce the file. Empty lines are
 *   ignored.
 * - Every other line is one position: the position before a stone placed
 *   by the search or by exploration. The random opening's stones and the
 *   final full board have no line. A game's lines are consecutive, in the
 *   order played; games are written whole, in increasing game index.
 * - A data line has seven fields separated by one TAB each:
 *   1. the position string, exactly as GTP rin-position prints it
 *      (posstr.h), e.g. "4/4/1x2/4 w 1";
 *   2. the final owner of every point: N*N characters, 'x' Black, 'o'
 *      White, row by row from the top row (the position string's order);
 *   3. the final margin: Black's stones minus White's at the end, a signed
 *      decimal integer ("-3", "0", "12");
 *   4. the search's score in centistones for the side to move, from its
 *      last completed iteration; a proven result is written as its margin
 *      for the side to move times 100; "-" for a random (explored) stone,
 *      and in the rare case that no iteration completed;
 *   5. Monte Carlo ownership: "-" without --mc-playouts, else N*N integers
 *      0..1000 separated by ',' in the owner field's order: per mille of M
 *      uniformly random playouts from this position in which the point
 *      ended Black (rounded to nearest, halves up);
 *   6. the exact value: when the position has at most E empty points
 *      (--solve-empties E), Black's stones minus White's at the end under
 *      perfect play (endgame solver), else "-";
 *   7. the game index g, decimal (split held-out data by game).
 */
#ifndef RIN_SELFPLAY_TEXT_H
#define RIN_SELFPLAY_TEXT_H

#include <stddef.h>

#include "learn/selfplay_game.h"

enum {
    SELFPLAY_FORMAT_VERSION = 1,
    SELFPLAY_LINE_MAX = 2048,   /* longest data line with its newline, plus room */
    SELFPLAY_SETTINGS_MAX = 1024 /* longest settings line with its terminating zero */
};

/* The two header lines for a settings line into out (SELFPLAY_SETTINGS_MAX
 * + 32 bytes). Returns the length written. */
size_t selfplay_format_header(const char *settings, char *out);

/* The data lines of a played game; out has room for
 * game->count * SELFPLAY_LINE_MAX + 1 bytes. Returns the length written. */
size_t selfplay_format_game(const SelfplayGame *game, char *out);

#endif
