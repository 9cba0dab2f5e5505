/* rin games [--text] FILE...: reads rin-games files block by block (a
 * stream: any size, and pipes) and prints per file the games, positions,
 * board sizes, results and bytes per game, or with --text the lines
 * `rin selfplay --format text` writes for the same games. */
#include "cli/games_command.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/selfplay.h"
#include "formats/game_file.h"

typedef struct GamesArgs {
    bool text;
} GamesArgs;

static const ArgsOption games_options[] = {
    {"--text", NULL, ARGS_ON, offsetof(GamesArgs, text), 0, 0, NULL, NULL,
     "print the games as text (format rin-selfplay 1) instead: the\nbytes `rin selfplay --format text` writes for "
     "the same run"},
};

static const ArgsCommand games_args = {
    "games", "Usage: rin games [--text] FILE...\n",
    "Reads binary files of self-play games (format rin-games 1, as `rin selfplay`\n"
    "writes them; \"-\" reads stdin) and prints per file the games, positions,\n"
    "board sizes, results and bytes per game. A damaged file is refused with the\n"
    "offset and reason.\n",
    games_options, sizeof games_options / sizeof games_options[0], NULL};

const ArgsCommand *games_command_args(void) { return &games_args; }

/* What a file holds, by board size. */
typedef struct Summary {
    uint64_t headers, games, positions, explored, scored, solved, with_ownership;
    uint64_t by_size[BB_MAX_SIZE + 1], positions_by_size[BB_MAX_SIZE + 1];
    uint64_t black_wins[BB_MAX_SIZE + 1], white_wins[BB_MAX_SIZE + 1], draws[BB_MAX_SIZE + 1];
    int64_t margin_sum[BB_MAX_SIZE + 1];
} Summary;

static void add_game(Summary *s, const SelfplayGame *game)
{
    int size = game->size, margin = pos_score(&game->final);
    s->games++;
    s->positions += (uint64_t)game->count;
    s->by_size[size]++;
    s->positions_by_size[size] += (uint64_t)game->count;
    s->black_wins[size] += margin > 0;
    s->white_wins[size] += margin < 0;
    s->draws[size] += margin == 0;
    s->margin_sum[size] += margin;
    s->with_ownership += game->mc_playouts > 0;
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        s->explored += r->explored;
        s->scored += r->scored;
        s->solved += r->solved;
    }
}

static void print_summary(const char *name, const Summary *s, uint64_t bytes)
{
    printf("%s: %" PRIu64 " games, %" PRIu64 " positions, %" PRIu64 " bytes", name, s->games, s->positions, bytes);
    if (s->games)
        printf(" (%.1f bytes per game, %.2f per position)", (double)bytes / (double)s->games,
               s->positions ? (double)bytes / (double)s->positions : 0.0);
    printf("; %" PRIu64 " header%s\n", s->headers, s->headers == 1 ? "" : "s");
    if (!s->games)
        return;
    printf("  size    games  positions  black wins  white wins    draws  mean margin (Black)\n");
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++)
        if (s->by_size[size])
            printf("  %4d %8" PRIu64 " %10" PRIu64 " %11" PRIu64 " %11" PRIu64 " %8" PRIu64 " %+12.2f\n", size,
                   s->by_size[size], s->positions_by_size[size], s->black_wins[size], s->white_wins[size],
                   s->draws[size], (double)s->margin_sum[size] / (double)s->by_size[size]);
    printf("  positions: %" PRIu64 " with a search score, %" PRIu64 " explored (random stones), %" PRIu64
           " solved; games with Monte Carlo ownership: %" PRIu64 "\n",
           s->scored, s->explored, s->solved, s->with_ownership);
}

/* Reads one file; prints its text or its summary. False when it was
 * refused or could not be read (said on stderr). */
static bool read_file(FILE *in, const char *name, bool text, GameFileReader *reader, char *lines)
{
    Summary summary;
    memset(&summary, 0, sizeof summary);
    GameFileError err;
    for (;;) {
        GameFileItem item = game_file_read(reader, in, &err);
        if (item == GAME_FILE_END)
            break;
        if (item == GAME_FILE_ERROR) {
            fflush(stdout);
            fprintf(stderr, "rin: games: %s: byte %" PRIu64 ": %s\n", name, err.offset, err.reason);
            return false;
        }
        if (item == GAME_FILE_HEADER) {
            summary.headers++;
            if (text)
                fwrite(lines, 1, selfplay_format_header(reader->settings, lines), stdout);
        } else if (text) {
            fwrite(lines, 1, selfplay_format_game(reader->game, lines), stdout);
        } else {
            add_game(&summary, reader->game);
        }
    }
    if (!text)
        print_summary(name, &summary, reader->offset);
    return true;
}

int games_command(int argc, char **argv)
{
    GamesArgs a = {false};
    char **paths = argv; /* args_parse gathers the files at the front */
    int files;
    ArgsResult parsed = args_parse(&games_args, argc, argv, &a, paths, &files);
    if (parsed == ARGS_OK && files == 0) {
        args_usage_error(&games_args, "no file given");
        parsed = ARGS_ERROR;
    }
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    bool text = a.text;
    char *lines = malloc((size_t)SELFPLAY_LINE_MAX * BB_POINTS + SELFPLAY_SETTINGS_MAX + 32);
    if (!lines)
        return args_fail("games", "out of memory");
    int status = 0;
    for (int i = 0; i < files && status == 0; i++) {
        bool from_stdin = strcmp(paths[i], "-") == 0;
        const char *name = from_stdin ? "<stdin>" : paths[i];
        FILE *in = from_stdin ? stdin : fopen(paths[i], "rb");
        if (!in) {
            status = args_fail("games", "cannot open %s: %s", paths[i], strerror(errno));
            break;
        }
        GameFileReader reader;
        if (!game_file_reader_init(&reader)) {
            status = args_fail("games", "out of memory");
        } else if (!read_file(in, name, text, &reader, lines)) {
            status = 1;
        }
        game_file_reader_free(&reader);
        if (!from_stdin)
            fclose(in);
    }
    free(lines);
    if (fflush(stdout) != 0 || ferror(stdout))
        status = args_fail("games", "cannot write the output: %s", strerror(errno));
    return status;
}
