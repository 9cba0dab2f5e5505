/* The command table, the single source of dispatch, list_commands, help,
 * known_command and completion; and the commands about the protocol itself. */
#include <ctype.h>
#include <string.h>

#include "gtp/gtp_commands.h"
#include "version.h"

static const GtpCommand commands[] = {
    /* GTP 2 standard commands */
    {"protocol_version", gtp_cmd_protocol_version, 0, 0, "", "the GTP version spoken: 2"},
    {"name", gtp_cmd_name, 0, 0, "", "the engine's name"},
    {"version", gtp_cmd_version, 0, 0, "", "the engine's version"},
    {"known_command", gtp_cmd_known_command, 1, 1, "COMMAND", "whether COMMAND exists: true or false"},
    {"list_commands", gtp_cmd_list_commands, 0, 0, "", "every command name, one a line"},
    {"help", gtp_cmd_help, 0, 1, "[COMMAND]", "this list; help COMMAND shows its arguments"},
    {"quit", gtp_cmd_quit, 0, 0, "", "leaves"},
    {"boardsize", gtp_cmd_boardsize, 1, 1, "SIZE", "a new empty board of SIZE x SIZE (4 to 16)"},
    {"clear_board", gtp_cmd_clear_board, 0, 0, "", "a new empty board of the same size"},
    {"komi", gtp_cmd_komi, 1, 1, "KOMI", "accepted and ignored: Rin has no komi"},
    {"play", gtp_cmd_play, 2, 2, "COLOR VERTEX", "places a stone (e.g. play b d5) and fills its rings"},
    {"genmove", gtp_cmd_genmove, 1, 1, "COLOR", "the engine chooses a stone for COLOR and plays it"},
    {"reg_genmove", gtp_cmd_reg_genmove, 1, 1, "COLOR", "the stone the engine would choose, not played"},
    {"undo", gtp_cmd_undo, 0, 0, "", "takes back the last stone and what it filled"},
    {"showboard", gtp_cmd_showboard, 0, 0, "", "draws the board"},
    {"final_score", gtp_cmd_final_score, 0, 0, "", "the score from the stones: B+n, W+n or 0"},
    {"time_settings", gtp_cmd_time_settings, 3, 3, "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
     "a clock for both sides (seconds; Canadian byo-yomi)"},
    {"time_left", gtp_cmd_time_left, 3, 3, "COLOR TIME STONES", "the time and stones COLOR has left"},
    {"loadsgf", gtp_cmd_loadsgf, 1, 2, "FILE [MOVE_NUMBER]", "loads a game record (up to MOVE_NUMBER)"},
    {"printsgf", gtp_cmd_printsgf, 0, 1, "[FILE]", "the game record as SGF (or written to FILE)"},
    /* GoGui: Rin as a game GoGui does not know (the rules "ruler") */
    {"gogui-rules_game_id", gtp_cmd_gogui_rules_game_id, 0, 0, "", "GoGui: the game's name, rin"},
    {"gogui-rules_board_size", gtp_cmd_gogui_rules_board_size, 0, 0, "", "GoGui: the board size"},
    {"gogui-rules_board", gtp_cmd_gogui_rules_board, 0, 0, "", "GoGui: the board, one row a line"},
    {"gogui-rules_legal_moves", gtp_cmd_gogui_rules_legal_moves, 0, 0, "",
     "GoGui: the points the side to move may play"},
    {"gogui-rules_side_to_move", gtp_cmd_gogui_rules_side_to_move, 0, 0, "", "GoGui: whose turn it is"},
    {"gogui-rules_final_result", gtp_cmd_gogui_rules_final_result, 0, 0, "", "GoGui: B+n, W+n, draw or unknown"},
    {"gogui-analyze_commands", gtp_cmd_gogui_analyze_commands, 0, 0, "", "GoGui: the analyze commands it offers"},
    /* Rin extensions */
    {"rin-position", gtp_cmd_rin_position, 0, 0, "", "the position string of the current position"},
    {"rin-setposition", gtp_cmd_rin_setposition, 1, GTP_ARGS_ANY, "POSITION_STRING", "sets a position from its string"},
    {"rin-perft", gtp_cmd_rin_perft, 1, 1, "DEPTH", "counts the stone sequences of DEPTH stones"},
    {"rin-solve", gtp_cmd_rin_solve, 0, 3, "[time SECONDS] [openings]",
     "the value under perfect play (default 10 s)"},
    {"rin-option", gtp_cmd_rin_option, 0, 2, "[NAME [VALUE]]", "lists, shows or sets the engine's options"},
    {"rin-analyze", gtp_cmd_rin_analyze, 0, 10, "[interval CS] [multipv K] [movetime MS] [depth D] [nodes N]",
     "searches without playing: best stone, score, PV"},
    /* GoGui overlays (gfx), listed by gogui-analyze_commands */
    {"rin-gfx_immune", gtp_cmd_rin_gfx_immune, 0, 0, "", "GoGui overlay: stones that can never be captured"},
    {"rin-gfx_fills", gtp_cmd_rin_gfx_fills, 0, 0, "", "GoGui overlay: points where one stone closes a ring"},
    {"rin-gfx_ownership", gtp_cmd_rin_gfx_ownership, 0, 0, "", "GoGui overlay: who will own each point"},
    {"rin-gfx_pv", gtp_cmd_rin_gfx_pv, 0, 0, "", "GoGui overlay: the search's principal variation"},
    {"rin-gfx_candidates", gtp_cmd_rin_gfx_candidates, 0, 1, "[K]",
     "GoGui overlay: the K best stones with their scores"},
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

enum { NEAR_DISTANCE = 2, NAME_MAX = 32 }; /* NAME_MAX: longer than every name */

/* The edit distance (insertions, deletions, substitutions; case ignored)
 * between a and b, both shorter than NAME_MAX. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int row[NAME_MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int above = row[j];
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = diagonal + !same;
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb];
}

const char *gtp_command_nearest(const char *name)
{
    if (strlen(name) >= NAME_MAX)
        return NULL;
    const char *nearest = NULL;
    int best = NEAR_DISTANCE + 1;
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        int distance = edit_distance(name, commands[i].name);
        if (distance < best) {
            best = distance;
            nearest = commands[i].name;
        }
    }
    return nearest;
}

bool gtp_fail_unknown_command(Gtp *gtp, const char *prefix, const char *name)
{
    char quoted[GTP_QUOTE_MAX];
    const char *nearest = gtp_command_nearest(name);
    if (nearest)
        return gtp_fail(gtp, "%sunknown command %s; did you mean '%s'? help lists the commands", prefix,
                        gtp_quote(name, quoted), nearest);
    return gtp_fail(gtp, "%sunknown command %s; help lists the commands", prefix, gtp_quote(name, quoted));
}

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

bool gtp_cmd_help(Gtp *gtp, const GtpArgs *args)
{
    if (args->count == 1) {
        const GtpCommand *command = gtp_command_find(args->v[0]);
        if (!command)
            return gtp_fail_unknown_command(gtp, "syntax error: ", args->v[0]);
        return gtp_reply(gtp, "%s%s%s: %s", command->name, command->usage[0] ? " " : "", command->usage,
                         command->summary);
    }
    int width = 0;
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if ((int)strlen(commands[i].name) > width)
            width = (int)strlen(commands[i].name);
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        gtp_reply(gtp, "%-*s  %s\n", width, commands[i].name, commands[i].summary);
    return gtp_reply(gtp, "More: help COMMAND shows one command with its arguments;\n"
                          "protocol/PROTOCOL.md describes them all.");
}

bool gtp_cmd_quit(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    gtp->quit = true;
    return true;
}
