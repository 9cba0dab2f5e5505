/* GoGui's commands for games it does not know: with them the engine is the
 * "ruler" that tells GoGui the board, the legal moves and the result; and
 * the analysis menu. */
#include "formats/coord.h"
#include "gtp/gtp_commands.h"

bool gtp_cmd_gogui_rules_game_id(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "rin");
}

bool gtp_cmd_gogui_rules_board_size(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "%d", gtp->pos.size);
}

bool gtp_cmd_gogui_rules_board(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    const Position *pos = &gtp->pos;
    for (int r = 0; r < pos->size; r++) {
        for (int c = 0; c < pos->size; c++) {
            int stone = pos_at(pos, point_make(r, c));
            gtp_reply(gtp, "%s%c", c ? " " : "", stone == COLOR_BLACK ? 'X' : stone == COLOR_WHITE ? 'O' : '.');
        }
        if (r + 1 < pos->size)
            gtp_reply(gtp, "\n");
    }
    return true;
}

bool gtp_cmd_gogui_rules_legal_moves(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    /* Every empty point is legal; none is left when the game is over. */
    Bitboard empty = pos_empty(&gtp->pos);
    const char *separator = "";
    while (!bb_is_empty(empty)) {
        char vertex[COORD_TEXT_MAX];
        coord_format(bb_pop(&empty), gtp->pos.size, vertex);
        gtp_reply(gtp, "%s%s", separator, vertex);
        separator = " ";
    }
    return true;
}

bool gtp_cmd_gogui_rules_side_to_move(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "%s", pos_to_move(&gtp->pos) == COLOR_BLACK ? "black" : "white");
}

/* GoGui 1.5 and 1.6 show the answer as it is in their end-of-game dialog
 * (and nowhere else): the winner with the margin, as final_score gives it,
 * or "draw". */
bool gtp_cmd_gogui_rules_final_result(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    if (!pos_is_over(&gtp->pos))
        return gtp_reply(gtp, "unknown");
    int score = (int)gtp_score(gtp);
    if (score == 0)
        return gtp_reply(gtp, "draw");
    char result[32];
    gtp_result_text(score, result, sizeof result);
    return gtp_reply(gtp, "%s", result);
}

/* Only commands that leave the position alone: GoGui's board and its ruler
 * (a second process) learn of a position only through the moves GoGui
 * sends, so a position set from this menu reached the player alone, and
 * GoGui's next `play` was refused. rin-setposition stays a GTP command. */
bool gtp_cmd_gogui_analyze_commands(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "param/Options/rin-option\n"
                          "string/Analyze/rin-analyze\n"
                          "gfx/Immune Stones/rin-gfx_immune\n"
                          "gfx/Fill Points/rin-gfx_fills\n"
                          "gfx/Ownership/rin-gfx_ownership\n"
                          "gfx/Principal Variation/rin-gfx_pv\n"
                          "gfx/Candidates/rin-gfx_candidates\n"
                          "string/Position String/rin-position\n"
                          "string/Perft/rin-perft %%s\n"
                          "string/Show Board/showboard\n"
                          "string/Final Score/final_score");
}
