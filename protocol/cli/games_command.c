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

#include "cli/selfplay.h"
#include "formats/game_file.h"

static const char usage_text[] =
    "Usage: rin games [--text] FILE...\n"
    "\n"
    "Reads binary files of self-play games (format rin-games 1, as `rin selfplay`\n"
    "writes them; \"-\" reads stdin) and prints per file the games, positions,\n"
    "board sizes, results and bytes per game. A damaged file is refused with the\n"
    "offset and reason.\n"
    "\n"
    "  --text       print the games as text (format rin-selfplay 1) instead: the\n"
    "               bytes `rin selfplay --format text` writes for the same run\n"
    "  -h, --help   show this help and exit\n";

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
            fprintf(stderr, "rin games: %s: byte %" PRIu64 ": %s\n", name, err.offset, err.reason);
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
    bool text = false;
    int files = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--text") == 0)
            text = true;
        else if (strncmp(argv[i], "--", 2) == 0) {
            fprintf(stderr, "rin games: unknown option '%.40s'\n\n%s", argv[i], usage_text);
            return 2;
        } else
            files++;
    }
    if (files == 0) {
        fprintf(stderr, "rin games: no file given\n\n%s", usage_text);
        return 2;
    }
    char *lines = malloc((size_t)SELFPLAY_LINE_MAX * BB_POINTS + SELFPLAY_SETTINGS_MAX + 32);
    if (!lines) {
        fprintf(stderr, "rin games: out of memory\n");
        return 1;
    }
    int status = 0;
    for (int i = 0; i < argc && status == 0; i++) {
        if (strncmp(argv[i], "--", 2) == 0)
            continue;
        bool from_stdin = strcmp(argv[i], "-") == 0;
        const char *name = from_stdin ? "<stdin>" : argv[i];
        FILE *in = from_stdin ? stdin : fopen(argv[i], "rb");
        if (!in) {
            fprintf(stderr, "rin games: cannot open %s: %s\n", argv[i], strerror(errno));
            status = 1;
            break;
        }
        GameFileReader reader;
        if (!game_file_reader_init(&reader)) {
            fprintf(stderr, "rin games: out of memory\n");
            status = 1;
        } else if (!read_file(in, name, text, &reader, lines)) {
            status = 1;
        }
        game_file_reader_free(&reader);
        if (!from_stdin)
            fclose(in);
    }
    free(lines);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "rin games: cannot write the output: %s\n", strerror(errno));
        status = 1;
    }
    return status;
}
