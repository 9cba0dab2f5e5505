/* libFuzzer target: the SGF reader. A record it accepts is replayed stone by
 * stone with the rules, written back, and must read again as the same game;
 * a record it refuses must say why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static SgfGame game, again;
static char text[SGF_TEXT_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    SgfError err;
    if (!sgf_parse((const char *)data, size, &game, &err)) {
        if (err.message[0] == '\0')
            abort();
        return 0;
    }
    Position pos = game.start;
    for (int i = 0; i < game.move_count; i++) {
        if (pos_to_move(&pos) != game.moves[i].color || pos_check(&pos, game.moves[i].color, game.moves[i].point) != POS_OK)
            abort(); /* the reader promised legal stones in turn */
        pos_play(&pos, game.moves[i].point);
    }
    Position replayed;
    sgf_replay(&game, game.move_count, &replayed);
    if (!pos_same(&pos, &replayed))
        abort();
    size_t length = sgf_write(&game, text, sizeof text);
    if (length == 0)
        abort(); /* SGF_TEXT_MAX always suffices */
    if (!sgf_parse(text, length, &again, &err) || again.move_count != game.move_count ||
        !pos_same(&again.start, &game.start))
        abort();
    for (int i = 0; i < game.move_count; i++)
        if (again.moves[i].point != game.moves[i].point || again.moves[i].color != game.moves[i].color)
            abort();
    return 0;
}
