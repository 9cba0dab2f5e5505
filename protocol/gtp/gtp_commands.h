/* The command table and what its handlers (gtp_commands*.c) share: the
 * engine context, the helpers to decode arguments and to answer, and the
 * game helpers. Above the framing (gtp_framing.h), below the engine's
 * entry points (gtp.h), which this header does not know. */
#ifndef RIN_GTP_COMMANDS_H
#define RIN_GTP_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtp/analysis.h"
#include "gtp/gtp_framing.h"
#include "gtp/options.h"
#include "gtp/proven.h"
#include "players/player.h"
#include "rules/position.h"
#include "search/search.h"
#include "search/timeman.h"

enum { GTP_HISTORY_MAX = BB_POINTS }; /* every stone fills at least its own point */

/* One stone of the game: enough to undo it and to write a game record. */
typedef struct GtpMove {
    Color color;
    int point;
    Position before; /* the position before the stone */
} GtpMove;

/* A streamed rin-analyze: what its lines need. The background owns it
 * while the stream runs. */
typedef struct GtpStream {
    FILE *out;
    int size;            /* the board's, for vertices */
    int64_t interval_ms; /* between batches of info lines */
    SearchLimits limits;
    GtpProvenView proven; /* what rin-solve proved about the root and its stones */
    SearchInfo marked;    /* a batch with those marked, written from the background */
    bool changes_only;    /* write a batch only when it differs from the last one written */
    bool written;         /* a batch has been written; its hash is last_hash */
    uint64_t last_hash;
} GtpStream;

struct Gtp {
    Position pos;
    Position start;                   /* where the history begins: an empty board or a set position */
    GtpMove history[GTP_HISTORY_MAX]; /* the stones placed since `start` */
    int history_length;
    bool clock_set;      /* time_settings has set a clock */
    TimeControl clock[2]; /* each colour's clock, indexed by Color */
    EngineOptions options;
    Player *player;
    Search *analysis;    /* for rin-analyze, made on first use */
    EvalModel *eval;     /* the learned weights options.eval_file names, or NULL: the classic evaluation */
    NtupleModel *patterns; /* the pattern model options.pattern_file names, or NULL: none */
    NnueModel *network;    /* the network options.net_file names, or NULL: none */
    Analysis *background; /* the search that thinks while the engine waits for a command */
    bool background_ponders;  /* the background job is pondering (else a streamed analysis) */
    bool stream_pending;      /* rin-analyze answered "=": its stream starts after the response */
    bool stream_changes_only; /* streams write a batch only when it differs (gtp_stream_changes_only) */
    GtpStream stream;
    GtpProven proven;         /* the values rin-solve proved, shown as final by rin-analyze */
    bool engine_color_set;    /* a genmove has told the engine its colour (pondering thinks on the other's turns) */
    Color engine_color;
    int ponder_expected;      /* the stone pondering expected next (its PV's first), or POINT_NONE */
    uint64_t ponder_hash;     /* the position pondering started from */
    bool quit;
    GtpText reply;    /* what the handler answers: a result or an error message */
    GtpText response; /* the framed response */
    char *line;       /* gtp_run's input line, GTP_LINE_MAX bytes */
    char *clean;      /* the line after preprocessing, GTP_LINE_MAX + 1 bytes */
    char *words;      /* the clean line split into NUL-terminated words */
};

/* The table: dispatch, list_commands, help, known_command and completion
 * all read it. */
const GtpTable *gtp_command_table(void);

/* The table entry of a command, or NULL. */
const GtpCommand *gtp_command_find(const char *name);

/* Fails with "PREFIXunknown command 'NAME'; did you mean 'NEAREST'? help
 * lists the commands" (without the question when no name is near). */
bool gtp_fail_unknown_command(Gtp *gtp, const char *prefix, const char *name);

/* Appends formatted text to the reply; returns true. */
bool gtp_reply(Gtp *gtp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Replaces the reply by an error message; returns false. */
bool gtp_fail(Gtp *gtp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Argument decoders: on failure they write the error message (standard text
 * first) and return false, leaving *out untouched. */
bool gtp_arg_color(Gtp *gtp, const char *arg, Color *out);
bool gtp_arg_int(Gtp *gtp, const char *arg, const char *what, int64_t min, int64_t max, int64_t *out);
bool gtp_arg_float(Gtp *gtp, const char *arg, const char *what, double min, double max, double *out);
/* A vertex on the current board (pass, off-board and junk each fail). */
bool gtp_arg_vertex(Gtp *gtp, const char *arg, int *point);

/* Whether `color` may place a stone now; fails with an "illegal move"
 * message naming whose turn it is when it is the other colour's. */
bool gtp_check_turn(Gtp *gtp, Color color);

/* Places a stone of the side to move (legal, checked by the caller) and
 * records it in the history. */
void gtp_play_stone(Gtp *gtp, int point);

/* Starts a new game from `pos` (the history is cleared, the player told). */
void gtp_new_game(Gtp *gtp, const Position *pos);

/* The same without telling the player: the first game of a new engine. */
void gtp_reset_game(Gtp *gtp, const Position *pos);

/* Makes the player (and drops the analysis search) anew from the current
 * options; false, with the old player kept, when memory runs out. */
bool gtp_apply_options(Gtp *gtp);

/* The limits of an analysis without any: as long as a stone would take,
 * with the multipv option's candidates. */
SearchLimits gtp_analysis_limits(const Gtp *gtp);

/* Searches the current position with the analysis search (the same
 * background code path as a stream) and waits for the result; false, with
 * the reply an error message, when the game is over or nothing can run. */
bool gtp_analyze_once(Gtp *gtp, const SearchLimits *limits, SearchInfo *info);

/* Search progress as info lines on stderr (never stdout: that is GTP's),
 * when the verbose option is on; `context` is the Gtp. */
void gtp_report_info(const SearchInfo *info, void *context);

/* The limits for one stone of the side to move: fixed limits from the
 * options, else the clock's budget, else the time per stone. */
PlayerLimits gtp_stone_limits(const Gtp *gtp);

/* Black's stones minus White's: Rin's score (it has no komi). */
double gtp_score(const Gtp *gtp);

/* Black's margin as a result, as final_score and an SGF's RE give it: "B+3",
 * "W+8" or "0". */
void gtp_result_text(int black_margin, char *out, size_t size);

/* Handlers, one per command, grouped by theme in gtp_commands*.c. */
bool gtp_cmd_protocol_version(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_name(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_version(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_known_command(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_list_commands(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_help(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_quit(Gtp *gtp, const GtpArgs *args);

bool gtp_cmd_boardsize(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_clear_board(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_komi(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_play(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_genmove(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_reg_genmove(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_undo(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_showboard(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_final_score(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_time_settings(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_time_left(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_loadsgf(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_printsgf(Gtp *gtp, const GtpArgs *args);

bool gtp_cmd_gogui_rules_game_id(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_rules_board_size(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_rules_board(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_rules_legal_moves(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_rules_side_to_move(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_rules_final_result(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_gogui_analyze_commands(Gtp *gtp, const GtpArgs *args);

bool gtp_cmd_rin_position(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_setposition(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_perft(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_solve(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_option(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_analyze(Gtp *gtp, const GtpArgs *args);

bool gtp_cmd_rin_gfx_immune(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_gfx_fills(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_gfx_ownership(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_gfx_pv(Gtp *gtp, const GtpArgs *args);
bool gtp_cmd_rin_gfx_candidates(Gtp *gtp, const GtpArgs *args);

#endif
