/* The standard GTP commands that set up, play and score a game, the time
 * commands (the clocks the time manager reads), and the game helpers every
 * handler shares. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "formats/margin_text.h"
#include "formats/board_text.h"
#include "formats/coord.h"
#include "formats/number.h"
#include "gtp/gtp_commands.h"
#include "base/clock.h"

enum { TIME_MAX = 2147483647 }; /* seconds or stones: about 68 years */
#define KOMI_MAX 1000.0         /* far beyond any score: 256 points at most */

/* ---- the game helpers the handlers share ---- */

void gtp_reset_game(Gtp *gtp, const Position *pos)
{
    gtp->pos = *pos;
    gtp->start = *pos;
    gtp->history_length = 0;
    gtp->engine_color_set = false; /* a new game: no pondering until the engine plays */
    gtp->ponder_expected = POINT_NONE;
}

void gtp_new_game(Gtp *gtp, const Position *pos)
{
    gtp_reset_game(gtp, pos);
    if (gtp->player->new_game)
        gtp->player->new_game(gtp->player);
}

void gtp_play_stone(Gtp *gtp, int point)
{
    if (gtp->history_length < GTP_HISTORY_MAX) {
        GtpMove *move = &gtp->history[gtp->history_length++];
        move->color = pos_to_move(&gtp->pos);
        move->point = point;
        move->before = gtp->pos;
    }
    pos_play(&gtp->pos, point);
}

double gtp_score(const Gtp *gtp) { return (double)pos_score(&gtp->pos); }

bool gtp_check_turn(Gtp *gtp, Color color)
{
    const Position *pos = &gtp->pos;
    if (pos_is_over(pos))
        return gtp_fail(gtp, "illegal move: the game is over (no empty point left)");
    Color to_move = pos_to_move(pos);
    if (color != to_move)
        return gtp_fail(gtp, "illegal move: it is %s's turn (%s)", to_move == COLOR_BLACK ? "black" : "white",
                        board_text_stone_of_turn(pos));
    return true;
}

/* ---- the commands ---- */

bool gtp_cmd_boardsize(Gtp *gtp, const GtpArgs *args)
{
    char quoted[GTP_QUOTE_MAX];
    const char *arg = args->v[0];
    int64_t size;
    NumberStatus status = number_parse_int(arg, BB_MIN_SIZE, BB_MAX_SIZE, &size);
    if (status == NUMBER_RANGE)
        return gtp_fail(gtp, "unacceptable size: %s (Rin is played on %d to %d)", gtp_quote(arg, quoted),
                        BB_MIN_SIZE, BB_MAX_SIZE);
    if (status != NUMBER_OK)
        return gtp_fail(gtp, "syntax error: board size must be an integer, got %s", gtp_quote(arg, quoted));
    Position empty;
    pos_init(&empty, (int)size);
    gtp_new_game(gtp, &empty);
    return true;
}

bool gtp_cmd_clear_board(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    Position empty;
    pos_init(&empty, gtp->pos.size);
    gtp_new_game(gtp, &empty);
    return true;
}

/* Rin has no komi. Controllers send one anyway (GoGui its Go default, 6.5,
 * before every game), and GTP says to accept it: the number is checked and
 * then ignored, so every score is the stones on the board, as the rules
 * and the ruler GoGui asks for the result count them. */
bool gtp_cmd_komi(Gtp *gtp, const GtpArgs *args)
{
    double komi;
    return gtp_arg_float(gtp, args->v[0], "komi", -KOMI_MAX, KOMI_MAX, &komi);
}

bool gtp_cmd_play(Gtp *gtp, const GtpArgs *args)
{
    Color color;
    int point;
    if (!gtp_arg_color(gtp, args->v[0], &color) || !gtp_arg_vertex(gtp, args->v[1], &point) ||
        !gtp_check_turn(gtp, color))
        return false;
    /* The checks above catch the other statuses with a fuller message; the
     * rules still say what is wrong if one gets through. */
    PosStatus status = pos_check(&gtp->pos, color, point);
    if (status != POS_OK) {
        char vertex[COORD_TEXT_MAX];
        coord_format(point, gtp->pos.size, vertex);
        return gtp_fail(gtp, "illegal move: %s: %s", vertex, pos_status_text(status));
    }
    if (gtp->ponder_expected != POINT_NONE && gtp->ponder_hash == gtp->pos.hash && gtp->options.verbose) {
        /* the table holds the pondered tree either way; a hit is its main line */
        char expected[COORD_TEXT_MAX], played[COORD_TEXT_MAX];
        coord_format(gtp->ponder_expected, gtp->pos.size, expected);
        coord_format(point, gtp->pos.size, played);
        fprintf(stderr, "info string ponder %s: expected %s, played %s\n",
                point == gtp->ponder_expected ? "hit" : "miss", expected, played);
        fflush(stderr);
    }
    gtp->ponder_expected = POINT_NONE;
    gtp_play_stone(gtp, point);
    return true;
}

/* The player's stone for `color`, checked; POINT_NONE after a failure.
 * *used_ms receives the thinking time. */
static int generate(Gtp *gtp, const GtpArgs *args, Color *color_out, int64_t *used_ms)
{
    Color color;
    if (!gtp_arg_color(gtp, args->v[0], &color) || !gtp_check_turn(gtp, color))
        return POINT_NONE;
    PlayerLimits limits = gtp_stone_limits(gtp);
    int64_t start = clock_now_ms();
    int point = gtp->player->genmove(gtp->player, &gtp->pos, &limits);
    *used_ms = clock_now_ms() - start;
    *color_out = color;
    if (pos_check(&gtp->pos, color, point) != POS_OK) {
        gtp_fail(gtp, "the %s player chose an illegal point", gtp->player->name);
        return POINT_NONE;
    }
    return point;
}

bool gtp_cmd_genmove(Gtp *gtp, const GtpArgs *args)
{
    Color color;
    int64_t used_ms;
    int point = generate(gtp, args, &color, &used_ms);
    if (point == POINT_NONE)
        return false;
    /* keep the clock until the controller tells it again with time_left */
    if (gtp->clock_set)
        timeman_spend(&gtp->clock[color], used_ms);
    char vertex[COORD_TEXT_MAX];
    coord_format(point, gtp->pos.size, vertex);
    gtp_play_stone(gtp, point);
    /* pondering thinks on the other colour's turns from now on */
    gtp->engine_color = color;
    gtp->engine_color_set = true;
    return gtp_reply(gtp, "%s", vertex);
}

bool gtp_cmd_reg_genmove(Gtp *gtp, const GtpArgs *args)
{
    Color color;
    int64_t used_ms;
    int point = generate(gtp, args, &color, &used_ms);
    if (point == POINT_NONE)
        return false;
    char vertex[COORD_TEXT_MAX];
    coord_format(point, gtp->pos.size, vertex);
    return gtp_reply(gtp, "%s", vertex);
}

bool gtp_cmd_undo(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    if (gtp->history_length == 0)
        return gtp_fail(gtp, "cannot undo: no stone placed since the game started or the position was set");
    gtp->pos = gtp->history[--gtp->history_length].before;
    return true;
}

bool gtp_cmd_showboard(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    char board[BOARD_TEXT_MAX];
    int last = gtp->history_length > 0 ? gtp->history[gtp->history_length - 1].point : POINT_NONE;
    board_text_format(&gtp->pos, last, board);
    return gtp_reply(gtp, "\n%s", board);
}

void gtp_result_text(int black_margin, char *out, size_t size) { margin_text(black_margin, "0", out, size); }

bool gtp_cmd_final_score(Gtp *gtp, const GtpArgs *args)
{
    (void)args;
    char result[32];
    gtp_result_text((int)gtp_score(gtp), result, sizeof result);
    return gtp_reply(gtp, "%s", result);
}

/* A time of time_settings or time_left in seconds. GTP 2 says an integer;
 * decimals are taken too, to the millisecond, since a whole second is far
 * more than a fast game gives a stone (rin-match sends 0.1 for 100 ms). */
static bool arg_seconds(Gtp *gtp, const char *arg, const char *what, double *seconds)
{
    char quoted[GTP_QUOTE_MAX];
    switch (number_parse_real(arg, 0, TIME_MAX, seconds)) {
    case NUMBER_OK:
        return true;
    case NUMBER_RANGE:
    case NUMBER_TINY:
        return gtp_fail(gtp, "syntax error: %s %s is out of range (0 to %d)", what, gtp_quote(arg, quoted),
                        TIME_MAX);
    default:
        return gtp_fail(gtp, "syntax error: %s must be a number of seconds, got %s", what, gtp_quote(arg, quoted));
    }
}

bool gtp_cmd_time_settings(Gtp *gtp, const GtpArgs *args)
{
    double main_time, byo_yomi_time;
    int64_t byo_yomi_stones;
    if (!arg_seconds(gtp, args->v[0], "main time", &main_time) ||
        !arg_seconds(gtp, args->v[1], "byo-yomi time", &byo_yomi_time) ||
        !gtp_arg_int(gtp, args->v[2], "byo-yomi stones", 0, TIME_MAX, &byo_yomi_stones))
        return false;
    TimeControl clock = timeman_settings(main_time, byo_yomi_time, (int)byo_yomi_stones);
    gtp->clock[COLOR_BLACK] = clock;
    gtp->clock[COLOR_WHITE] = clock;
    gtp->clock_set = true;
    return true;
}

bool gtp_cmd_time_left(Gtp *gtp, const GtpArgs *args)
{
    Color color;
    double time;
    int64_t stones;
    if (!gtp_arg_color(gtp, args->v[0], &color) || !arg_seconds(gtp, args->v[1], "time", &time) ||
        !gtp_arg_int(gtp, args->v[2], "stones", 0, TIME_MAX, &stones))
        return false;
    TimeControl *clock = &gtp->clock[color];
    if (!gtp->clock_set) {
        /* time_left without time_settings: a clock of unknown kind */
        *clock = timeman_settings(0, 0, 0);
        clock->limited = true;
    }
    clock->left_ms = llround(time * 1000.0);
    clock->left_stones = (int)stones;
    if (!gtp->clock_set) {
        gtp->clock[color_other(color)] = *clock;
        gtp->clock_set = true;
    }
    return true;
}
