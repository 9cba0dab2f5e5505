/* Reading and writing held-out judgement sets (judge_set.h). */
#include "formats/judge_set.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "formats/error_text.h"
#include "formats/game_file.h"
#include "formats/posstr.h"
#include "formats/sgf.h"

enum { JUDGE_LINE_MAX = 1024 };

static const char judge_magic[] = "#rin-judge 1";

static bool is_skipped(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return *line == '#' || *line == '\n' || *line == '\r' || *line == '\0';
}

static void chomp(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
}

/* Parses "game NAME FINAL... LOSER" (the final position string has three
 * fields of its own). */
static bool parse_game_line(char *line, JudgeGame *game, char *err, size_t err_size)
{
    char *name = line + 5;
    while (*name == ' ')
        name++;
    char *end = strchr(name, ' ');
    if (!end || end == name)
        return error_text(err, err_size, "a game line is 'game NAME FINAL_POSITION LOSER'");
    if ((size_t)(end - name) >= JUDGE_NAME_MAX)
        return error_text(err, err_size, "game name longer than %d characters", JUDGE_NAME_MAX - 1);
    JudgeGame g;
    memset(&g, 0, sizeof g);
    memcpy(g.name, name, (size_t)(end - name));
    char *loser = strrchr(end, ' ');
    if (!loser || loser == end)
        return error_text(err, err_size, "a game line is 'game NAME FINAL_POSITION LOSER'");
    if (strcmp(loser + 1, "b") == 0)
        g.loser = COLOR_BLACK;
    else if (strcmp(loser + 1, "w") == 0)
        g.loser = COLOR_WHITE;
    else if (strcmp(loser + 1, "-") == 0)
        g.loser = JUDGE_LOSER_NONE;
    else
        return error_text(err, err_size, "the loser is b, w or -, got '%s'", loser + 1);
    *loser = '\0';
    char why[160];
    if (!posstr_parse(end + 1, &g.final, why, sizeof why))
        return error_text(err, err_size, "bad final position: %s", why);
    if (!pos_is_over(&g.final))
        return error_text(err, err_size, "the final position has empty points");
    *game = g;
    return true;
}

static bool grow(void **items, int *capacity, int count, size_t item_size)
{
    if (count < *capacity)
        return true;
    int next = *capacity ? *capacity * 2 : 64;
    void *more = realloc(*items, (size_t)next * item_size);
    if (!more)
        return false;
    *items = more;
    *capacity = next;
    return true;
}

bool judge_set_read(FILE *in, const char *name, JudgeSet *set, char *err, size_t err_size)
{
    JudgeSet s = {NULL, 0, NULL, 0};
    int game_capacity = 0, position_capacity = 0;
    char line[JUDGE_LINE_MAX];
    bool ok = true, header = false;
    int number = 0;
    while (ok && fgets(line, sizeof line, in)) {
        number++;
        if (!strchr(line, '\n') && !feof(in)) {
            ok = error_text(err, err_size, "%s:%d: line too long", name, number);
            break;
        }
        chomp(line);
        if (!header) {
            header = true;
            if (strcmp(line, judge_magic) != 0)
                ok = error_text(err, err_size, "%s:1: not a judgement set (the first line is not '%s')", name,
                                judge_magic);
            continue;
        }
        if (is_skipped(line))
            continue;
        char why[200];
        if (strncmp(line, "game ", 5) == 0) {
            if (!grow((void **)&s.games, &game_capacity, s.game_count, sizeof *s.games)) {
                ok = error_text(err, err_size, "out of memory");
                break;
            }
            JudgeGame *g = &s.games[s.game_count];
            if (!parse_game_line(line, g, why, sizeof why)) {
                ok = error_text(err, err_size, "%s:%d: %s", name, number, why);
                break;
            }
            g->first = s.position_count;
            g->count = 0;
            s.game_count++;
            continue;
        }
        if (s.game_count == 0) {
            ok = error_text(err, err_size, "%s:%d: a position before the first game line", name, number);
            break;
        }
        if (!grow((void **)&s.positions, &position_capacity, s.position_count, sizeof *s.positions)) {
            ok = error_text(err, err_size, "out of memory");
            break;
        }
        Position *pos = &s.positions[s.position_count];
        JudgeGame *g = &s.games[s.game_count - 1];
        if (!posstr_parse(line, pos, why, sizeof why))
            ok = error_text(err, err_size, "%s:%d: bad position string: %s", name, number, why);
        else if (pos_is_over(pos))
            ok = error_text(err, err_size, "%s:%d: the board is full", name, number);
        else if (pos->size != g->final.size)
            ok = error_text(err, err_size, "%s:%d: a %dx%d position in a game of %dx%d", name, number, pos->size,
                            pos->size, g->final.size, g->final.size);
        if (ok) {
            g->count++;
            s.position_count++;
        }
    }
    if (ok && ferror(in))
        ok = error_text(err, err_size, "%s: read error", name);
    if (ok && !header)
        ok = error_text(err, err_size, "%s: empty file (no '%s' line)", name, judge_magic);
    if (!ok) {
        judge_set_free(&s);
        return false;
    }
    *set = s;
    return true;
}


void judge_set_write_header(FILE *out) { fprintf(out, "%s\n", judge_magic); }

void judge_set_write_game(FILE *out, const char *name, const Position *final, int loser, const Position *positions,
                          int count)
{
    char text[POSSTR_MAX];
    posstr_format(final, text);
    fprintf(out, "game %s %s %s\n", name, text,
            loser == COLOR_BLACK ? "b" : loser == COLOR_WHITE ? "w" : "-");
    for (int i = 0; i < count; i++) {
        posstr_format(&positions[i], text);
        fprintf(out, "%s\n", text);
    }
}

/* ---- sets from games ---- */

static int loser_of(const Position *final, bool lost)
{
    int margin = pos_score(final);
    if (!lost || margin == 0)
        return JUDGE_LOSER_NONE;
    return margin > 0 ? COLOR_WHITE : COLOR_BLACK;
}

/* Keeps the positions with from..to empty points, every `every`-th of
 * those counted from the first. */
static int select_positions(const JudgeSetSelection *o, const Position *all, int count, Position *out)
{
    int kept = 0, seen = 0;
    for (int i = 0; i < count; i++) {
        int empty = pos_empty_count(&all[i]);
        if (empty > o->from || empty < o->to)
            continue;
        if (seen++ % o->every == 0)
            out[kept++] = all[i];
    }
    return kept;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool add_sgf(FILE *out, const char *path, const JudgeSetSelection *o, int *games, char *err, size_t err_size)
{
    SgfGame *game = malloc(sizeof *game);
    SgfError why;
    if (!game)
        return error_text(err, err_size, "out of memory");
    if (!sgf_read_file(path, game, &why)) {
        free(game);
        return error_text(err, err_size, "%s:%d:%d: %s", path, why.line, why.column, why.message);
    }
    Position all[BB_POINTS + 1], kept[BB_POINTS + 1], final;
    for (int k = 0; k <= game->move_count; k++)
        sgf_replay(game, k, &all[k]);
    int moves = game->move_count;
    free(game);
    final = all[moves];
    if (!pos_is_over(&final))
        return error_text(err, err_size, "%s: the game does not end with a full board", path);
    int n = select_positions(o, all, moves, kept);
    char name[JUDGE_NAME_MAX];
    snprintf(name, sizeof name, "%s", base_name(path));
    judge_set_write_game(out, name, &final, loser_of(&final, o->lost), kept, n);
    (*games)++;
    return true;
}

static bool add_games(FILE *out, const char *path, const JudgeSetSelection *o, int *games, char *err, size_t err_size)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return error_text(err, err_size, "cannot open %s", path);
    GameFileReader reader;
    if (!game_file_reader_init(&reader)) {
        fclose(in);
        return error_text(err, err_size, "out of memory");
    }
    bool ok = true;
    for (;;) {
        GameFileError why;
        GameFileItem item = game_file_read(&reader, in, &why);
        if (item == GAME_FILE_END)
            break;
        if (item == GAME_FILE_ERROR) {
            ok = error_text(err, err_size, "%s: at byte %" PRIu64 ": %s", path, why.offset, why.reason);
            break;
        }
        if (item != GAME_FILE_GAME)
            continue;
        const SelfplayGame *game = reader.game;
        Position all[SELFPLAY_MAX_STONES], kept[SELFPLAY_MAX_STONES];
        for (int i = 0; i < game->count; i++)
            all[i] = game->records[i].pos;
        int n = select_positions(o, all, game->count, kept);
        char name[JUDGE_NAME_MAX];
        snprintf(name, sizeof name, "%.40s#%" PRIu64, base_name(path), game->index);
        judge_set_write_game(out, name, &game->final, loser_of(&game->final, o->lost), kept, n);
        (*games)++;
    }
    game_file_reader_free(&reader);
    fclose(in);
    return ok;
}

bool judge_set_add_games(FILE *out, const char *path, const JudgeSetSelection *selection, int *games, char *err,
                         size_t err_size)
{
    return has_suffix(path, ".sgf") ? add_sgf(out, path, selection, games, err, err_size)
                                    : add_games(out, path, selection, games, err, err_size);
}
