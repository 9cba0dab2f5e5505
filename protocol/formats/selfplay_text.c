/* The rin-selfplay text format (selfplay_text.h). */
#include "formats/selfplay_text.h"

#include <inttypes.h>
#include <stdio.h>

#include "formats/posstr.h"

size_t selfplay_format_header(const char *settings, char *out)
{
    return (size_t)sprintf(out, "#rin-selfplay %d\n# %s\n", SELFPLAY_FORMAT_VERSION, settings);
}

size_t selfplay_format_game(const SelfplayGame *game, char *out)
{
    int size = game->final.size;
    char owner[BB_POINTS + 1];
    int n = 0;
    for (int row = 0; row < size; row++)
        for (int col = 0; col < size; col++)
            owner[n++] = pos_at(&game->final, point_make(row, col)) == COLOR_BLACK ? 'x' : 'o';
    owner[n] = '\0';
    int margin = pos_score(&game->final);

    char *o = out;
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        char position[POSSTR_MAX], score[16] = "-", solved[16] = "-";
        char ownership[BB_POINTS * 5 + 1] = "-";
        posstr_format(&r->pos, position);
        if (!r->explored && r->scored)
            snprintf(score, sizeof score, "%d", selfplay_score_centistones(r));
        int playouts = game->mc_playouts;
        if (playouts > 0) {
            char *w = ownership;
            for (int row = 0; row < size; row++)
                for (int col = 0; col < size; col++) {
                    uint64_t black = r->black_playouts[point_make(row, col)];
                    w += sprintf(w, "%s%" PRIu64, w == ownership ? "" : ",",
                                 (black * 1000 + (uint64_t)playouts / 2) / (uint64_t)playouts);
                }
        }
        if (r->solved)
            snprintf(solved, sizeof solved, "%d", r->solved_margin);
        o += sprintf(o, "%s\t%s\t%d\t%s\t%s\t%s\t%" PRIu64 "\n", position, owner, margin, score, ownership, solved,
                     game->index);
    }
    *o = '\0';
    return (size_t)(o - out);
}
