/* Game records over GTP: loadsgf and printsgf (the SGF itself is sgf.c).
 * A record's KM is read and ignored, and none is written: Rin has no komi.
 * GTP arguments are separated by spaces and '#' starts a comment, so a file
 * name holds neither: FILE is one word. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "formats/sgf.h"
#include "gtp/gtp_commands.h"

bool gtp_cmd_loadsgf(Gtp *gtp, const GtpArgs *args)
{
    const char *path = args->v[0];
    int64_t move_number = INT32_MAX;
    if (args->count > 1 && !gtp_arg_int(gtp, args->v[1], "move number", 1, INT32_MAX, &move_number))
        return false;
    SgfGame game;
    SgfError err;
    if (!sgf_read_file(path, &game, &err)) {
        if (err.line > 0)
            return gtp_fail(gtp, "cannot load file %s: line %d, column %d: %s", path, err.line, err.column,
                            err.message);
        return gtp_fail(gtp, "cannot load file %s: %s", path, err.message);
    }
    /* GTP: the position before move MOVE_NUMBER, i.e. after MOVE_NUMBER - 1
     * stones; the whole game when the record is shorter. */
    int count = move_number - 1 < game.move_count ? (int)(move_number - 1) : game.move_count;
    gtp_new_game(gtp, &game.start);
    for (int i = 0; i < count; i++)
        gtp_play_stone(gtp, game.moves[i].point);
    return true;
}

bool gtp_cmd_printsgf(Gtp *gtp, const GtpArgs *args)
{
    SgfGame game = {.start = gtp->start, .move_count = gtp->history_length}; /* no komi: Rin has none */
    for (int i = 0; i < gtp->history_length; i++)
        game.moves[i] = (SgfMove){gtp->history[i].color, gtp->history[i].point};
    char text[SGF_TEXT_MAX];
    size_t length = sgf_write(&game, text, sizeof text);
    if (length == 0)
        return gtp_fail(gtp, "the record does not fit in %d bytes", SGF_TEXT_MAX);
    if (args->count == 0)
        return gtp_reply(gtp, "%s", text);
    const char *path = args->v[0];
    FILE *file = fopen(path, "w");
    if (!file)
        return gtp_fail(gtp, "cannot write %s: %s", path, strerror(errno));
    int code = fwrite(text, 1, length, file) == length ? 0 : errno;
    if (fclose(file) != 0 && code == 0)
        code = errno;
    if (code != 0)
        return gtp_fail(gtp, "cannot write %s: %s", path, strerror(code));
    return true;
}
