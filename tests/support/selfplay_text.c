/* Random games as rin-selfplay text, for the training tests. */
#include "selfplay_text.h"

#include <stdio.h>

#include "rules/playout.h"
#include "rules/position.h"
#include "base/random.h"

enum { SIZE = 6, TEXT_MAX = 16 * 17 + 8 };

/* The position string (protocol/PROTOCOL.md): rows from the top, x and o
 * for stones, runs of empty points as numbers, then the turn. */
static void position_text(const Position *pos, char *out)
{
    for (int r = 0; r < pos->size; r++) {
        int run = 0;
        for (int c = 0; c < pos->size; c++) {
            int at = pos_at(pos, point_make(r, c));
            if (at < 0) {
                run++;
                continue;
            }
            if (run > 0)
                out += sprintf(out, "%d", run);
            run = 0;
            *out++ = at == COLOR_BLACK ? 'x' : 'o';
        }
        if (run > 0)
            out += sprintf(out, "%d", run);
        if (r + 1 < pos->size)
            *out++ = '/';
    }
    sprintf(out, " %c %d", pos_to_move(pos) == COLOR_BLACK ? 'b' : 'w', pos_stone_of_turn(pos));
}

bool support_write_selfplay_games(const char *path, int games, uint64_t seed, const char *score,
                                  const char *corrupt_line)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return false;
    fprintf(out, "#rin-selfplay 1\n");
    Rng rng;
    rng_seed(&rng, seed);
    int line = 1;
    for (int g = 0; g < games; g++) {
        Position pos, seen[SIZE * SIZE];
        pos_init(&pos, SIZE);
        int plies = 0;
        while (!pos_is_over(&pos)) {
            seen[plies++] = pos;
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
        char owners[SIZE * SIZE + 1];
        for (int i = 0; i < SIZE * SIZE; i++)
            owners[i] = pos_at(&pos, point_make(i / SIZE, i % SIZE)) == COLOR_BLACK ? 'x' : 'o';
        owners[SIZE * SIZE] = '\0';
        for (int i = 0; i < plies; i++) {
            char text[TEXT_MAX];
            position_text(&seen[i], text);
            line++;
            if (corrupt_line && line == 40)
                fprintf(out, "%s\n", corrupt_line);
            else
                fprintf(out, "%s\t%s\t%d\t%s\t-\t-\t%d\n", text, owners, pos_score(&pos), score, g);
        }
    }
    return fclose(out) == 0;
}
