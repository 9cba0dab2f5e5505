/* Held-out judgement sets (format rin-judge 1): positions from whole games,
 * each game with its full final board, so that an evaluation's estimate of
 * a position can be scored against the game's final margin and the final
 * owner of every point (rin judge, engine/STRENGTH.md "Judgement"; the
 * set itself in learn/judge.h).
 *
 *   #rin-judge 1
 *   # comments and blank lines are skipped
 *   game NAME FINAL_POSITION_STRING LOSER
 *   POSITION_STRING
 *   POSITION_STRING
 *   ...
 *
 * NAME has no spaces; FINAL is the game's last position, its board full;
 * LOSER is `b` or `w` for a game whose swing is measured from the loser's
 * side (a game the search lost), `-` for the others. Every position line
 * belongs to the game line above it, holds the same board size and is not
 * over. */
#ifndef RIN_JUDGE_SET_H
#define RIN_JUDGE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "learn/judge.h"
#include "rules/position.h"

/* Reads a set from `in` (`name` is for messages). On success fills *set
 * (free with judge_set_free) and returns true; otherwise leaves *set
 * untouched and says which line is wrong and why into err. */
bool judge_set_read(FILE *in, const char *name, JudgeSet *set, char *err, size_t err_size);

/* Writes the header line. */
void judge_set_write_header(FILE *out);

/* Writes a game line, then a line for each of its positions. */
void judge_set_write_game(FILE *out, const char *name, const Position *final, int loser, const Position *positions,
                          int count);

/* Which positions of a game a set keeps: those with from down to to
 * empty points, every `every`-th of them counted from the first; with
 * `lost`, the game's losing side marked. */
typedef struct JudgeSetSelection {
    int from, to, every;
    bool lost;
} JudgeSetSelection;

/* Writes the games of a file to out as the set's games: an SGF record
 * (*.sgf, one game, which must end with a full board) or a self-play file
 * (rin selfplay, binary). *games counts them. False with a message. */
bool judge_set_add_games(FILE *out, const char *path, const JudgeSetSelection *selection, int *games, char *err,
                         size_t err_size);

#endif
