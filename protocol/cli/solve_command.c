/* rin solve: parses the options, runs solve_position with progress lines
 * on stderr, and prints the value for Black and for the side to move, the
 * best stone and line, the opening table and what the proof cost. */
#include "cli/solve_command.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "solve/solve.h"

static const char usage_text[] =
    "Usage: rin solve (--size N | --position STRING) [--openings] [--time SECONDS]\n"
    "                 [--nodes N] [--hash MB] [--leaf-empties K] [--no-symmetry]\n"
    "                 [--no-stability] [--no-mobility] [--evaluation] [--epsilon E]\n"
    "\n"
    "Solves a position under perfect play by proof-number search: the result\n"
    "(win, draw or loss) and the exact final margin, for Black and for the side to\n"
    "move, a best stone and a principal variation, nodes, time and table use.\n"
    "Progress lines go to stderr every few seconds. A run stopped by --time or\n"
    "--nodes says \"unproven\" with the bounds proven so far and the proof and\n"
    "disproof numbers of the question it was asking.\n"
    "\n"
    "  --size N            the empty N x N board (4 to 16; only 4 and 5 are solved\n"
    "                      in minutes)\n"
    "  --position STRING   a position string (PROTOCOL.md), e.g. \"5/5/2x2/5/5 w 1\"\n"
    "  --openings          also the value of every stone at the root; mirror images\n"
    "                      of an earlier stone are marked with '='\n"
    "  --time SECONDS      stop after this long (default: no limit)\n"
    "  --nodes N           stop after this many nodes (default: no limit)\n"
    "  --hash MB           table memory in MiB (default 64)\n"
    "  --leaf-empties K    positions with at most K empty points are settled by the\n"
    "                      alpha-beta endgame solver (default 14; 0: proof numbers only)\n"
    "  --no-symmetry       do not merge mirror images in the table (to measure it)\n"
    "  --no-stability      no cut-off on stones that can never change colour\n"
    "  --no-mobility       initial proof numbers 1 and 1 (else from the choices of\n"
    "                      the turn)\n"
    "  --evaluation        scale the initial proof numbers by the evaluation\n"
    "  --epsilon E         the 1+epsilon threshold's epsilon (default 0.25; 0: plain\n"
    "                      df-pn)\n"
    "  -h, --help          show this help and exit\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rin: solve: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(rin solve --help shows the options)\n");
    return 2;
}

/* "B+3", "W+1" or "draw": Black's margin as a result. */
static void result_text(int black_margin, char *out, size_t size)
{
    if (black_margin > 0)
        snprintf(out, size, "B+%d", black_margin);
    else if (black_margin < 0)
        snprintf(out, size, "W+%d", -black_margin);
    else
        snprintf(out, size, "draw");
}

/* "win by 3", "loss by 1" or "draw": a margin for one side. */
static void outcome_text(int margin, char *out, size_t size)
{
    if (margin > 0)
        snprintf(out, size, "win by %d", margin);
    else if (margin < 0)
        snprintf(out, size, "loss by %d", -margin);
    else
        snprintf(out, size, "draw");
}

static void print_progress(const SolveProgress *p, void *context)
{
    (void)context;
    double seconds = (double)p->elapsed_ms / 1000.0;
    fprintf(stderr,
            "solve: %.0f s, %" PRIu64 " nodes, Black's margin in [%+d, %+d], asking >= %+d: pn %" PRIu32
            " dn %" PRIu32 ", table %.1f%%\n",
            seconds, p->nodes, p->lower, p->upper, p->target, p->pn, p->dn,
            p->table_capacity ? 100.0 * (double)p->table_used / (double)p->table_capacity : 0.0);
}

static void print_openings(const Position *pos, const SolveResult *r)
{
    printf("openings (Black's final margin after each stone; = a mirror image of the stone named):\n");
    for (int i = 0; i < r->opening_count; i++) {
        const SolveOpening *o = &r->openings[i];
        char vertex[COORD_TEXT_MAX], value[48], same[COORD_TEXT_MAX + 8] = "";
        coord_format(o->point, pos->size, vertex);
        if (o->proven) {
            result_text(o->black_lower, value, sizeof value);
        } else {
            snprintf(value, sizeof value, "unproven [%+d, %+d]", o->black_lower, o->black_upper);
        }
        if (o->same_as != POINT_NONE) {
            char other[COORD_TEXT_MAX];
            coord_format(o->same_as, pos->size, other);
            snprintf(same, sizeof same, " = %s", other);
        }
        printf("  %-4s %s%s\n", vertex, value, same);
    }
}

static void print_result(const Position *pos, const SolveResult *r, const SolveOptions *options)
{
    char text[POSSTR_MAX];
    posstr_format(pos, text);
    Color mover = pos_to_move(pos);
    printf("position: %s (%s to play, stone %d of the turn)\n", text, mover == COLOR_BLACK ? "Black" : "White",
           pos_stone_of_turn(pos));
    if (r->proven) {
        char result[32], black[32], outcome[32];
        result_text(r->black_margin, result, sizeof result);
        outcome_text(r->black_margin, black, sizeof black);
        outcome_text(r->margin, outcome, sizeof outcome);
        printf("value: %s (Black: %s)\n", result, black);
        printf("to move: %s, %s\n", mover == COLOR_BLACK ? "Black" : "White", outcome);
        if (r->best_point != POINT_NONE) {
            char vertex[COORD_TEXT_MAX];
            coord_format(r->best_point, pos->size, vertex);
            printf("best: %s\n", vertex);
        }
        if (r->pv_length > 0) {
            printf("pv:");
            for (int i = 0; i < r->pv_length; i++) {
                char vertex[COORD_TEXT_MAX];
                coord_format(r->pv[i], pos->size, vertex);
                printf(" %s", vertex);
            }
            printf("\n");
        }
    } else {
        printf("value: unproven (Black's margin in [%+d, %+d]; stopped asking Black's margin >= %+d: pn %" PRIu32
               " dn %" PRIu32 ")\n",
               r->black_lower, r->black_upper, r->target, r->pn, r->dn);
    }
    if (options->openings)
        print_openings(pos, r);
    double seconds = (double)r->elapsed_ms / 1000.0;
    printf("nodes %" PRIu64 ", time %.3f s, %.0f nodes/s, proof table %zu/%zu entries (%.1f%%, %zu MiB)\n", r->nodes,
           seconds, seconds > 0 ? (double)r->nodes / seconds : 0.0, r->table_used, r->table_capacity,
           r->table_capacity ? 100.0 * (double)r->table_used / (double)r->table_capacity : 0.0,
           r->table_bytes >> 20);
}

int solve_command(int argc, char **argv)
{
    SolveOptions options;
    solve_options_default(&options);
    options.progress = print_progress;
    Position pos;
    bool have_position = false;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(arg, "--size") == 0) {
            uint64_t size;
            if (have_position)
                return usage_error("give one of --size and --position, once%s", "");
            if (number_parse_uint(value, BB_MIN_SIZE, BB_MAX_SIZE, &size) != NUMBER_OK)
                return usage_error("--size needs a number from 4 to 16%s", "");
            pos_init(&pos, (int)size);
            have_position = true;
            i++;
        } else if (strcmp(arg, "--position") == 0) {
            char err[160];
            if (have_position)
                return usage_error("give one of --size and --position, once%s", "");
            if (!value)
                return usage_error("--position needs a position string%s", "");
            if (!posstr_parse(value, &pos, err, sizeof err))
                return usage_error("bad position string: %s", err);
            have_position = true;
            i++;
        } else if (strcmp(arg, "--time") == 0) {
            double seconds;
            if (number_parse_real(value, 0.001, 1e9, &seconds) != NUMBER_OK)
                return usage_error("--time needs a number of seconds above 0%s", "");
            options.time_limit_ms = (int64_t)(seconds * 1000.0 + 0.5);
            if (options.time_limit_ms < 1)
                options.time_limit_ms = 1;
            i++;
        } else if (strcmp(arg, "--nodes") == 0) {
            uint64_t nodes;
            if (number_parse_uint(value, 1, UINT64_MAX, &nodes) != NUMBER_OK)
                return usage_error("--nodes needs a number above 0%s", "");
            options.node_limit = nodes;
            i++;
        } else if (strcmp(arg, "--hash") == 0) {
            uint64_t mib;
            if (number_parse_uint(value, 1, 1 << 20, &mib) != NUMBER_OK)
                return usage_error("--hash needs a number of MiB from 1 to 1048576%s", "");
            options.hash_bytes = (size_t)mib << 20;
            i++;
        } else if (strcmp(arg, "--leaf-empties") == 0) {
            uint64_t k;
            if (number_parse_uint(value, 0, BB_POINTS, &k) != NUMBER_OK)
                return usage_error("--leaf-empties needs a number from 0 to 256%s", "");
            options.leaf_empties = (int)k;
            i++;
        } else if (strcmp(arg, "--openings") == 0) {
            options.openings = true;
        } else if (strcmp(arg, "--no-symmetry") == 0) {
            options.symmetry = false;
        } else if (strcmp(arg, "--no-stability") == 0) {
            options.stability = false;
        } else if (strcmp(arg, "--no-mobility") == 0) {
            options.mobility = false;
        } else if (strcmp(arg, "--evaluation") == 0) {
            options.evaluation = true;
        } else if (strcmp(arg, "--epsilon") == 0) {
            double epsilon;
            if (number_parse_real(value, 0, 100, &epsilon) != NUMBER_OK)
                return usage_error("--epsilon needs a number from 0 to 100%s", "");
            options.epsilon_permille = (int)(epsilon * 1000.0 + 0.5);
            i++;
        } else {
            return usage_error("unexpected argument '%s'", arg);
        }
    }
    if (!have_position)
        return usage_error("give the board: --size N or --position STRING%s", "");
    SolveResult *result = malloc(sizeof *result);
    if (!result) {
        fprintf(stderr, "rin: solve: out of memory\n");
        return 1;
    }
    SolveStatus status = solve_position(&pos, &options, result);
    if (status == SOLVE_ERR_MEMORY) {
        fprintf(stderr, "rin: solve: %s (--hash %zu MiB)\n", solve_status_text(status), options.hash_bytes >> 20);
        free(result);
        return 1;
    }
    print_result(&pos, result, &options);
    free(result);
    return 0;
}
