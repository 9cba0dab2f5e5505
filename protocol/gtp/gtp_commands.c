/* The command table, the single source of dispatch, list_commands,
 * known_command and completion; and the commands about the protocol itself. */
#include <string.h>

#include "gtp/gtp_commands.h"
#include "version.h"

static const GtpCommand commands[] = {
    /* GTP 2 standard commands */
    {"protocol_version", gtp_cmd_protocol_version, 0, 0, ""},
    {"name", gtp_cmd_name, 0, 0, ""},
    {"version", gtp_cmd_version, 0, 0, ""},
    {"known_command", gtp_cmd_known_command, 1, 1, "COMMAND"},
    {"list_commands", gtp_cmd_list_commands, 0, 0, ""},
    {"quit", gtp_cmd_quit, 0, 0, ""},
    {"boardsize", gtp_cmd_boardsize, 1, 1, "SIZE"},
    {"clear_board", gtp_cmd_clear_board, 0, 0, ""},
    {"komi", gtp_cmd_komi, 1, 1, "KOMI"},
    {"play", gtp_cmd_play, 2, 2, "COLOR VERTEX"},
    {"genmove", gtp_cmd_genmove, 1, 1, "COLOR"},
    {"reg_genmove", gtp_cmd_reg_genmove, 1, 1, "COLOR"},
    {"undo", gtp_cmd_undo, 0, 0, ""},
    {"showboard", gtp_cmd_showboard, 0, 0, ""},
    {"final_score", gtp_cmd_final_score, 0, 0, ""},
    {"time_settings", gtp_cmd_time_settings, 3, 3, "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES"},
    {"time_left", gtp_cmd_time_left, 3, 3, "COLOR TIME STONES"},
    {"loadsgf", gtp_cmd_loadsgf, 1, 2, "FILE [MOVE_NUMBER]"},
    {"printsgf", gtp_cmd_printsgf, 0, 1, "[FILE]"},
    /* GoGui: Rin as a game GoGui does not know (the rules "ruler") */
    {"gogui-rules_game_id", gtp_cmd_gogui_rules_game_id, 0, 0, ""},
    {"gogui-rules_board_size", gtp_cmd_gogui_rules_board_size, 0, 0, ""},
    {"gogui-rules_board", gtp_cmd_gogui_rules_board, 0, 0, ""},
    {"gogui-rules_legal_moves", gtp_cmd_gogui_rules_legal_moves, 0, 0, ""},
    {"gogui-rules_side_to_move", gtp_cmd_gogui_rules_side_to_move, 0, 0, ""},
    {"gogui-rules_final_result", gtp_cmd_gogui_rules_final_result, 0, 0, ""},
    {"gogui-analyze_commands", gtp_cmd_gogui_analyze_commands, 0, 0, ""},
    /* Rin extensions */
    {"rin-position", gtp_cmd_rin_position, 0, 0, ""},
    {"rin-setposition", gtp_cmd_rin_setposition, 1, GTP_ARGS_ANY, "POSITION_STRING"},
    {"rin-perft", gtp_cmd_rin_perft, 1, 1, "DEPTH"},
    {"rin-option", gtp_cmd_rin_option, 0, 2, "[NAME [VALUE]]"},
    {"rin-analyze", gtp_cmd_rin_analyze, 0, 10, "[interval CS] [multipv K] [movetime MS] [depth D] [nodes N]"},
    /* GoGui overlays (gfx), listed by gogui-analyze_commands */
    {"rin-gfx_immune", gtp_cmd_rin_gfx_immune, 0, 0, ""},
    {"rin-gfx_fills", gtp_cmd_rin_gfx_fills, 0, 0, ""},
    {"rin-gfx_ownership", gtp_cmd_rin_gfx_ownership, 0, 0, ""},
    {"rin-gfx_pv", gtp_cmd_rin_gfx_pv, 0, 0, ""},
    {"rin-gfx_candidates", gtp_cmd_rin_gfx_candidates, 0, 1, "[K]"},
};

enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

const GtpCommand *gtp_command_find(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

const char *gtp_command_name(size_t index) { return index < COMMAND_COUNT ? commands[index].name : NULL; }

bool gtp_cmd_protocol_version(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "2");
}

bool gtp_cmd_name(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "%s", RIN_NAME);
}

bool gtp_cmd_version(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    return gtp_reply(gtp, "%s", RIN_VERSION);
}

bool gtp_cmd_known_command(Gtp *gtp, const GtpArgs *args)
{
    return gtp_reply(gtp, "%s", gtp_command_find(args->v[0]) ? "true" : "false");
}

bool gtp_cmd_list_commands(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        gtp_reply(gtp, "%s%s", i ? "\n" : "", commands[i].name);
    return true;
}

bool gtp_cmd_quit(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    gtp->quit = true;
    return true;
}
