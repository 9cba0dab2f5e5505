/* Training data for the tests: random 6x6 games in the rin-selfplay text
 * format (protocol/formats/train_data.h), written independently of protocol/,
 * position strings included, so that the training tests read data that
 * the code under test did not write. */
#ifndef RIN_TEST_SELFPLAY_TEXT_H
#define RIN_TEST_SELFPLAY_TEXT_H

#include <stdbool.h>
#include <stdint.h>

/* Writes the header line and `games` games played at random from `seed`
 * (game indices 0 to games - 1), one line per position before each stone:
 * the position, the final owners and margin, `score` as every line's
 * search score ("-" for none), no ownership, no solver value. When
 * `corrupt_line` is not NULL it stands in for line 40 of the file. False
 * when the file cannot be written. */
bool support_write_selfplay_games(const char *path, int games, uint64_t seed, const char *score,
                                  const char *corrupt_line);

#endif
