/* rin play: the game loop for a person. The engine behind it is the GTP
 * engine itself (gtp_execute), so rules, messages and players are those of
 * GTP; this file only turns a person's words into commands and draws. */
#include "cli/play.h"

#include <histedit.h>
#include <inttypes.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/args.h"
#include "formats/error_text.h"
#include "formats/board_text.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "gtp/gtp.h"
#include "gtp/gtp_commands.h"

enum { PLAY_DEFAULT_SIZE = 9, PLAY_DEFAULT_MOVETIME = 1000, PLAY_COMMAND_MAX = 128, PLAY_PROMPT_MAX = 96,
       PLAY_ANSWER_MAX = 4096 };


static const char help_text[] =
    "Type a vertex for each of your stones, e.g. d5 (column letter without I, row\n"
    "number from 1 at the bottom). Black opens with one stone, then each side places\n"
    "two stones a turn; closing a ring of your stones fills its inside with your\n"
    "colour. Other words:\n"
    "  hint    the engine's suggestion for your next stone\n"
    "  undo    take back your last turn (and the engine's stones after it)\n"
    "  board   draw the board again\n"
    "  help    this text\n"
    "  quit    leave the game (Ctrl-D too)\n";

typedef struct Game {
    Gtp *gtp;
    Color human;
    const char *names[2]; /* "you" / "rin" by colour, for messages */
    Color placed[GTP_HISTORY_MAX]; /* who placed each stone, for undo */
    int placed_count;
    int64_t movetime;
    EditLine *el;
    History *history;
    char prompt[PLAY_PROMPT_MAX];
    char answer[PLAY_ANSWER_MAX]; /* the last command's answer */
} Game;

static const char *const color_names[2] = {"Black", "White"};

/* Runs a GTP command; returns the answer without "= " (or the message
 * without "? ") and whether it succeeded. */
static bool run(Game *g, const char **answer, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool run(Game *g, const char **answer, const char *fmt, ...)
{
    char command[PLAY_COMMAND_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command, sizeof command, fmt, ap);
    va_end(ap);
    const char *response = "? no answer";
    gtp_execute(g->gtp, command, strlen(command), &response);
    bool ok = response[0] == '=';
    response++;
    while (*response == ' ')
        response++;
    snprintf(g->answer, sizeof g->answer, "%s", response);
    size_t length = strlen(g->answer);
    while (length > 0 && g->answer[length - 1] == '\n')
        g->answer[--length] = '\0';
    if (answer)
        *answer = g->answer;
    return ok;
}

/* Draws the board with the stones of the last turn framed: both of a
 * finished turn, the first of a turn in progress. */
static void draw(const Game *g)
{
    char board[BOARD_TEXT_MAX];
    const Gtp *gtp = g->gtp;
    Bitboard last_turn = bb_zero();
    for (int i = gtp->history_length - 1, stones = 0; i >= 0 && stones < 2; i--, stones++) {
        if (gtp->history[i].color != gtp->history[gtp->history_length - 1].color)
            break;
        bb_set(&last_turn, gtp->history[i].point);
    }
    board_text_format_marked(&gtp->pos, last_turn, board);
    printf("\n%s", board);
    fflush(stdout);
}

/* After a stone: what its ring filled and captured, if anything. */
static void announce_fill(const Game *g)
{
    const Gtp *gtp = g->gtp;
    const GtpMove *move = &gtp->history[gtp->history_length - 1];
    char line[BOARD_TEXT_LINE_MAX];
    if (board_text_fill(&move->before, &gtp->pos, move->point, line) > 0)
        printf("%s\n", line);
}

static char *prompt_of(EditLine *el)
{
    Game *g = NULL;
    el_get(el, EL_CLIENTDATA, &g);
    return g->prompt;
}

/* The next line the person typed, without its newline; NULL at the end. */
static char *read_line(Game *g, char *buffer, size_t size)
{
    const Position *pos = &g->gtp->pos;
    snprintf(g->prompt, sizeof g->prompt, "%s, %s> ", color_names[pos_to_move(pos)], board_text_stone_of_turn(pos));
    const char *line;
    if (g->el) {
        int count = 0;
        line = el_gets(g->el, &count);
        if (!line || count <= 0)
            return NULL;
    } else {
        fputs(g->prompt, stdout);
        fflush(stdout);
        if (!fgets(buffer, (int)size, stdin))
            return NULL;
        line = buffer;
    }
    if (line != buffer)
        snprintf(buffer, size, "%s", line);
    size_t length = strlen(buffer);
    while (length > 0 && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r'))
        buffer[--length] = '\0';
    char *start = buffer;
    while (*start == ' ' || *start == '\t')
        start++;
    length = strlen(start);
    while (length > 0 && (start[length - 1] == ' ' || start[length - 1] == '\t'))
        start[--length] = '\0';
    if (g->history && *start) {
        HistEvent event;
        history(g->history, &event, H_ENTER, start);
    }
    return start;
}

/* The engine's turn: its stones one by one, each shown as it is played. */
static bool engine_turn(Game *g)
{
    Color engine = color_other(g->human);
    while (!pos_is_over(&g->gtp->pos) && pos_to_move(&g->gtp->pos) == engine) {
        printf("rin (%s) thinks...\n", color_names[engine]);
        fflush(stdout);
        const char *answer;
        if (!run(g, &answer, "genmove %s", engine == COLOR_BLACK ? "b" : "w")) {
            printf("rin: the engine failed: %s\n", answer);
            return false;
        }
        g->placed[g->placed_count++] = engine;
        printf("rin (%s) plays %s\n", color_names[engine], answer);
        announce_fill(g);
        fflush(stdout);
    }
    draw(g);
    return true;
}

static void show_hint(Game *g)
{
    const char *answer;
    if (!run(g, &answer, "rin-analyze movetime %" PRId64, g->movetime)) {
        printf("no hint: %s\n", answer);
        return;
    }
    char move[8] = "", kind[8] = "", pv2[8] = "";
    int value = 0;
    const char *pv = strstr(answer, " pv ");
    if (sscanf(answer, "move %7s score %7s %d", move, kind, &value) != 3) {
        printf("no hint: cannot read '%s'\n", answer);
        return;
    }
    const Position *pos = &g->gtp->pos;
    if (pv && pos_stones_left(pos) == 2)
        sscanf(pv, " pv %*s %7s", pv2);
    printf("hint: %s", move);
    if (pv2[0])
        printf(", then %s", pv2);
    if (strcmp(kind, "final") == 0)
        printf(" (with perfect play you end %+d stones ahead)\n", value);
    else
        printf(" (about %+.1f stones for you)\n", value / 100.0);
}

/* Takes back the person's last turn: the engine's stones after it, then
 * the person's stones of that turn (or the stone of the turn in progress). */
static void undo_turn(Game *g)
{
    int keep = g->placed_count;
    while (keep > 0 && g->placed[keep - 1] != g->human)
        keep--;
    if (keep == 0) {
        printf("nothing to undo: you have not placed a stone yet\n");
        return;
    }
    while (keep > 0 && g->placed[keep - 1] == g->human)
        keep--;
    int taken = 0;
    while (g->placed_count > keep) {
        if (!run(g, NULL, "undo"))
            break;
        g->placed_count--;
        taken++;
    }
    printf("took back %d stone%s\n", taken, taken == 1 ? "" : "s");
    draw(g);
}

/* One line from the person; false when the game should end here. */
static bool handle(Game *g, const char *line)
{
    if (!*line)
        return true;
    if (strcasecmp(line, "quit") == 0 || strcasecmp(line, "exit") == 0 || strcasecmp(line, "q") == 0)
        return false;
    if (strcasecmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        fputs(help_text, stdout);
    } else if (strcasecmp(line, "hint") == 0) {
        show_hint(g);
    } else if (strcasecmp(line, "undo") == 0) {
        undo_turn(g);
    } else if (strcasecmp(line, "board") == 0) {
        draw(g);
    } else if (strchr(line, ' ')) {
        printf("one vertex at a time, e.g. d5 (help lists the other words)\n");
    } else {
        const char *answer;
        Color me = g->human;
        if (!run(g, &answer, "play %s %s", me == COLOR_BLACK ? "b" : "w", line)) {
            /* GTP's message, in plain words for a person */
            const char *text = answer;
            if (strncmp(text, "syntax error: ", 14) == 0)
                text += 14;
            printf("%s: %s%s\n", line, text,
                   strstr(text, "invalid vertex") ? "; help lists the words rin play knows" : "");
        } else {
            g->placed[g->placed_count++] = me;
            announce_fill(g);
            if (!pos_is_over(&g->gtp->pos) && pos_to_move(&g->gtp->pos) == me)
                draw(g); /* the first stone of the turn: show its fills before the second */
        }
    }
    fflush(stdout);
    return true;
}

static void announce_result(const Game *g)
{
    const Position *pos = &g->gtp->pos;
    int black = pos_count(pos, COLOR_BLACK), white = pos_count(pos, COLOR_WHITE);
    printf("Game over: Black %d, White %d. ", black, white);
    if (black == white) {
        printf("A draw.\n");
    } else {
        Color winner = black > white ? COLOR_BLACK : COLOR_WHITE;
        printf("%s wins by %d: %s\n", color_names[winner], abs(black - white),
               winner == g->human ? "you win!" : "rin wins.");
    }
}


static void open_editor(Game *g)
{
    if (!isatty(STDIN_FILENO))
        return;
    setlocale(LC_CTYPE, "");
    g->el = el_init("rin", stdin, stdout, stderr);
    if (!g->el)
        return;
    el_set(g->el, EL_CLIENTDATA, g);
    el_set(g->el, EL_PROMPT, prompt_of);
    el_set(g->el, EL_EDITOR, "emacs");
    el_set(g->el, EL_SIGNAL, 1);
    g->history = history_init();
    if (g->history) {
        HistEvent event;
        history(g->history, &event, H_SETSIZE, 200);
        el_set(g->el, EL_HIST, history, g->history);
    }
    el_source(g->el, NULL);
}

typedef struct PlayArgs {
    int64_t size, movetime;
    Color human;
    Position start;
    bool have_start;
} PlayArgs;

static bool set_color(void *human, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    if (value && (strcasecmp(value, "b") == 0 || strcasecmp(value, "black") == 0))
        *(Color *)human = COLOR_BLACK;
    else if (value && (strcasecmp(value, "w") == 0 || strcasecmp(value, "white") == 0))
        *(Color *)human = COLOR_WHITE;
    else
        return false;
    return true;
}

static bool set_start(void *args, const char *value, char *err, size_t err_size)
{
    PlayArgs *a = args;
    char why[160];
    if (!value)
        return false;
    if (!posstr_parse(value, &a->start, why, sizeof why))
        return error_text(err, err_size, "--position: %s", why);
    a->have_start = true;
    return true;
}

static const ArgsOption play_options[] = {
    {"--size", "N", ARGS_INT64, offsetof(PlayArgs, size), BB_MIN_SIZE, BB_MAX_SIZE, NULL,
     "--size needs a number from 4 to 16", "board size, 4 to 16 (default 9)"},
    {"--color", "b|w", ARGS_CALL, offsetof(PlayArgs, human), 0, 0, set_color, "--color needs b or w",
     "your colour: b (Black, moves first) or w (default b)"},
    {"--colour", "b|w", ARGS_CALL, offsetof(PlayArgs, human), 0, 0, set_color, "--color needs b or w",
     "the same as --color"},
    {"--movetime", "MS", ARGS_INT64, offsetof(PlayArgs, movetime), 1, 86400000, NULL,
     "--movetime needs a number of milliseconds from 1 to 86400000",
     "the engine's time per stone in milliseconds (default 1000)"},
    {"--position", "STRING", ARGS_CALL, 0, 0, 0, set_start,
     "--position needs a position string, e.g. '9/9/9/9/4x4/9/9/9/9 w 1'",
     "start from this position string (as rin-position answers;\nthe board size comes with it), not the empty board"},
};

static const ArgsCommand play_args = {"play",
                                      "Usage: rin play [--size N] [--color b|w] [--movetime MS] [--position STRING]\n",
                                      "Play Rin against the engine on the terminal.\n", play_options,
                                      sizeof play_options / sizeof play_options[0], NULL};

const ArgsCommand *play_command_args(void) { return &play_args; }

int play_command(int argc, char **argv)
{
    PlayArgs a = {.size = PLAY_DEFAULT_SIZE, .movetime = PLAY_DEFAULT_MOVETIME, .human = COLOR_BLACK};
    ArgsResult parsed = args_parse(&play_args, argc, argv, &a, NULL, NULL);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    int64_t size = a.size, movetime = a.movetime;
    Color human = a.human;
    Position start = a.start;
    bool have_start = a.have_start;
    if (have_start)
        size = start.size; /* the position's, whatever --size said */
    EngineOptions options;
    options_defaults(&options);
    options.movetime = movetime;
    options.verbose = 0;
    Game g = {.human = human, .movetime = movetime};
    g.gtp = gtp_create(&options);
    if (!g.gtp) {
        fprintf(stderr, "rin: play: out of memory\n");
        return 1;
    }
    run(&g, NULL, "boardsize %d", (int)size);
    if (have_start)
        gtp_new_game(g.gtp, &start);
    open_editor(&g);
    printf("Rin on %dx%d: you are %s, rin is %s (%" PRId64 " ms per stone). Type a vertex such as d5 for each "
           "stone; help lists the other words.\n",
           (int)size, (int)size, color_names[human], color_names[color_other(human)], movetime);
    draw(&g);
    char buffer[PLAY_ANSWER_MAX];
    bool playing = true;
    while (playing) {
        if (!pos_is_over(&g.gtp->pos) && pos_to_move(&g.gtp->pos) != human && !engine_turn(&g))
            break;
        if (pos_is_over(&g.gtp->pos)) {
            announce_result(&g);
            break;
        }
        char *line = read_line(&g, buffer, sizeof buffer);
        if (!line) {
            printf("\n");
            break;
        }
        playing = handle(&g, line);
    }
    if (g.history)
        history_end(g.history);
    if (g.el)
        el_end(g.el);
    gtp_destroy(g.gtp);
    return 0;
}
