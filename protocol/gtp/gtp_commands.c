/* The command table, the single source of dispatch, list_commands, help,
 * known_command and completion; how handlers answer and decode their
 * arguments; and the commands about the protocol itself. */
#include "gtp/gtp_commands.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "formats/coord.h"
#include "formats/number.h"
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

static const GtpTable table = {commands, COMMAND_COUNT};

const GtpTable *gtp_command_table(void) { return &table; }

const GtpCommand *gtp_command_find(const char *name) { return gtp_table_find(&table, name); }

bool gtp_fail_unknown_command(Gtp *gtp, const char *prefix, const char *name)
{
    return gtp_text_fail_unknown(&gtp->reply, &table, prefix, name);
}

/* ---- answering ---- */

bool gtp_reply(Gtp *gtp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtp_text_vprintf(&gtp->reply, fmt, ap);
    va_end(ap);
    return true;
}

bool gtp_fail(Gtp *gtp, const char *fmt, ...)
{
    gtp_text_clear(&gtp->reply);
    va_list ap;
    va_start(ap, fmt);
    gtp_text_vprintf(&gtp->reply, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- argument decoders ---- */

bool gtp_arg_color(Gtp *gtp, const char *arg, Color *out)
{
    if (strcasecmp(arg, "b") == 0 || strcasecmp(arg, "black") == 0) {
        *out = COLOR_BLACK;
        return true;
    }
    if (strcasecmp(arg, "w") == 0 || strcasecmp(arg, "white") == 0) {
        *out = COLOR_WHITE;
        return true;
    }
    char quoted[GTP_QUOTE_MAX];
    return gtp_fail(gtp, "syntax error: invalid colour %s (expected b, black, w or white)", gtp_quote(arg, quoted));
}

bool gtp_arg_int(Gtp *gtp, const char *arg, const char *what, int64_t min, int64_t max, int64_t *out)
{
    char quoted[GTP_QUOTE_MAX];
    switch (number_parse_int(arg, min, max, out)) {
    case NUMBER_OK:
        return true;
    case NUMBER_RANGE:
        return gtp_fail(gtp, "syntax error: %s %s is out of range (%" PRId64 " to %" PRId64 ")", what,
                        gtp_quote(arg, quoted), min, max);
    default:
        return gtp_fail(gtp, "syntax error: %s must be an integer, got %s", what, gtp_quote(arg, quoted));
    }
}

bool gtp_arg_float(Gtp *gtp, const char *arg, const char *what, double min, double max, double *out)
{
    char quoted[GTP_QUOTE_MAX];
    switch (number_parse_real(arg, min, max, out)) {
    case NUMBER_OK:
        return true;
    case NUMBER_NOT_FINITE:
        return gtp_fail(gtp, "syntax error: %s must be a finite number, got %s", what, gtp_quote(arg, quoted));
    case NUMBER_TINY:
        return gtp_fail(gtp, "syntax error: %s %s is too close to zero to represent", what, gtp_quote(arg, quoted));
    case NUMBER_RANGE:
        return gtp_fail(gtp, "syntax error: %s %s is out of range (%g to %g)", what, gtp_quote(arg, quoted), min,
                        max);
    default:
        return gtp_fail(gtp, "syntax error: %s must be a number, got %s", what, gtp_quote(arg, quoted));
    }
}

bool gtp_arg_vertex(Gtp *gtp, const char *arg, int *point)
{
    char quoted[GTP_QUOTE_MAX];
    int size = gtp->pos.size;
    switch (coord_parse(arg, size, point)) {
    case COORD_OK:
        return true;
    case COORD_PASS:
        return gtp_fail(gtp, "illegal move: pass is not a Rin move (there is always an empty point to fill)");
    case COORD_OFF_BOARD:
        return gtp_fail(gtp, "illegal move: %s is off the %dx%d board", gtp_quote(arg, quoted), size, size);
    case COORD_SYNTAX:
        break;
    }
    return gtp_fail(gtp, "syntax error: invalid vertex %s (expected a letter A-Z without I and a row number)",
                    gtp_quote(arg, quoted));
}

/* ---- the commands about the protocol ---- */

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
