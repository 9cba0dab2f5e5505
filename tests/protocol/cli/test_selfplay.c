/* rin selfplay: the rin-selfplay format line by line, its arguments, and
 * the real binary's output: every line checked against the rules, the
 * same bytes for any number of threads, shards that add up to the run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/selfplay.h"
#include "eval/nnue_weights.h"
#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "formats/game_file.h"
#include "formats/posstr.h"
#include "rules/score.h"
#include "../../engine/eval/random_network.h"

/* ---------- in process: format and arguments ---------- */

static Position parse_position(const char *text)
{
    Position pos;
    char err[160];
    if (!posstr_parse(text, &pos, err, sizeof err))
        fail_msg("bad position string '%s': %s", text, err);
    return pos;
}

static void test_format_of_each_field(void **state)
{
    (void)state;
    SelfplayGame *game = calloc(1, sizeof *game);
    assert_non_null(game);
    game->index = 42;
    /* the final board: Black owns columns 0-1 and the bottom row's third point */
    pos_init(&game->final, 4);
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++)
            bb_set(&game->final.stones[col < 2 || (row == 3 && col == 2) ? COLOR_BLACK : COLOR_WHITE],
                   point_make(row, col));
    const char *positions[] = {"4/4/1x2/4 w 1", "4/4/1x2/3o w 2", "4/4/1x2/o2o b 1", "4/4/1x2/o2o b 1",
                               "4/4/1x2/o2o b 1"};
    for (int i = 0; i < 5; i++)
        game->records[i] = (SelfplayRecord){.pos = parse_position(positions[i]), .point = 0, .scored = true};
    game->count = 5;
    game->records[0].score = 35;
    for (int p = 0; p < BB_POINTS; p++)
        game->records[0].black_playouts[p] = 2;
    game->records[0].black_playouts[point_make(0, 0)] = 1;
    game->records[0].black_playouts[point_make(3, 3)] = 3;
    game->records[1].explored = true;
    game->records[1].scored = false;
    game->records[1].solved = true;
    game->records[1].solved_margin = -4;
    game->records[2].score = score_final(3);
    game->records[2].exact = true;
    game->records[3].score = 0;
    game->records[3].exact = true;
    game->records[4].score = score_final(-5);
    game->records[4].exact = true;

    char *text = malloc((size_t)game->count * SELFPLAY_LINE_MAX + 1);
    size_t length = selfplay_format_game(game, text);
    const char *expected = "4/4/1x2/4 w 1\txxooxxooxxooxxxo\t2\t35\t-\t-\t42\n"
                           "4/4/1x2/3o w 2\txxooxxooxxooxxxo\t2\t-\t-\t-4\t42\n"
                           "4/4/1x2/o2o b 1\txxooxxooxxooxxxo\t2\t300\t-\t-\t42\n"
                           "4/4/1x2/o2o b 1\txxooxxooxxooxxxo\t2\t0\t-\t-\t42\n"
                           "4/4/1x2/o2o b 1\txxooxxooxxooxxxo\t2\t-500\t-\t-\t42\n";
    assert_string_equal(text, expected);
    assert_int_equal(length, strlen(expected));

    /* ownership in per mille, rounded to nearest */
    game->mc_playouts = 4;
    game->count = 1;
    selfplay_format_game(game, text);
    assert_string_equal(text, "4/4/1x2/4 w 1\txxooxxooxxooxxxo\t2\t35\t"
                              "250,500,500,500,500,500,500,500,500,500,500,500,500,500,500,750\t-\t42\n");
    game->mc_playouts = 3;
    game->records[0].black_playouts[point_make(0, 1)] = 1;
    selfplay_format_game(game, text);
    assert_true(strncmp(strchr(strchr(strchr(strchr(text, '\t') + 1, '\t') + 1, '\t') + 1, '\t') + 1,
                        "333,333,667,", 12) == 0);
    free(text);
    free(game);
}

static SelfplayParse parse(SelfplayOptions *o, char *err, const char *const *args)
{
    int argc = 0;
    while (args[argc])
        argc++;
    selfplay_defaults(o);
    err[0] = '\0';
    return selfplay_parse_args(argc, (char **)args, o, err, 200);
}

static void test_arguments(void **state)
{
    (void)state;
    SelfplayOptions o;
    char err[200];
    assert_int_equal(parse(&o, err, (const char *const[]){NULL}), SELFPLAY_PARSE_RUN);
    assert_int_equal(o.games, 100);
    assert_int_equal(o.size_count, 3);
    assert_int_equal(o.sizes[0] * 10000 + o.sizes[1] * 100 + o.sizes[2], 81216);
    assert_int_equal(o.settings.nodes, 2000);
    assert_int_equal(o.settings.opening_plies, 4);
    assert_true(o.settings.explore == 0.0);
    assert_int_equal(o.settings.mc_playouts, 0);
    assert_int_equal(o.settings.solve_empties, 0);
    assert_int_equal(o.shard * 10 + o.shards, 11);
    assert_int_equal(o.threads, 1);
    assert_null(o.output);
    assert_int_equal(o.format, SELFPLAY_BINARY);

    const char *const all[] = {"--games", "7", "--sizes", "16,4,4", "--nodes", "123", "--seed", "18446744073709551615",
                               "--shard", "3/5", "--opening-plies", "0", "--explore", "0.25", "--mc-playouts", "9",
                               "--solve-empties", "12", "--threads", "2", "--output", "data.txt", "--format",
                               "text", NULL};
    assert_int_equal(parse(&o, err, all), SELFPLAY_PARSE_RUN);
    assert_int_equal(o.games, 7);
    assert_int_equal(o.size_count, 3);
    assert_int_equal(o.sizes[0] * 10000 + o.sizes[1] * 100 + o.sizes[2], 160404);
    assert_int_equal(o.settings.nodes, 123);
    assert_true(o.settings.seed == UINT64_MAX);
    assert_int_equal(o.shard * 10 + o.shards, 35);
    assert_int_equal(o.settings.opening_plies, 0);
    assert_true(o.settings.explore == 0.25);
    assert_int_equal(o.settings.mc_playouts, 9);
    assert_int_equal(o.settings.solve_empties, 12);
    assert_int_equal(o.threads, 2);
    assert_string_equal(o.output, "data.txt");
    assert_int_equal(o.format, SELFPLAY_TEXT);
    assert_int_equal(parse(&o, err, (const char *const[]){"--format", "binary", NULL}), SELFPLAY_PARSE_RUN);
    assert_int_equal(o.format, SELFPLAY_BINARY);

    assert_int_equal(parse(&o, err, (const char *const[]){"--games", "3", "-h", NULL}), SELFPLAY_PARSE_HELP);

    static const struct {
        const char *args[4];
        const char *message;
    } bad[] = {
        {{"--shard", "3/2"}, "--shard needs I/N"},
        {{"--shard", "0/2"}, "--shard"},
        {{"--shard", "1/"}, "--shard"},
        {{"--shard", "2"}, "--shard"},
        {{"--sizes", "3"}, "--sizes needs board sizes"},
        {{"--sizes", "8,,12"}, "--sizes"},
        {{"--sizes", "8,17"}, "--sizes"},
        {{"--sizes", ""}, "--sizes"},
        {{"--games", "-1"}, "--games needs"},
        {{"--games", "0"}, "--games"},
        {{"--games", "1x"}, "--games"},
        {{"--nodes", "0"}, "--nodes"},
        {{"--seed", "18446744073709551616"}, "--seed"},
        {{"--explore", "1.5"}, "--explore"},
        {{"--explore", "-0.1"}, "--explore"},
        {{"--explore", "nan"}, "--explore"},
        {{"--opening-plies", "257"}, "--opening-plies"},
        {{"--mc-playouts", "-3"}, "--mc-playouts"},
        {{"--solve-empties", "33"}, "--solve-empties"},
        {{"--threads", "0"}, "--threads"},
        {{"--output", ""}, "--output"},
        {{"--format", "txt"}, "--format needs binary or text"},
        {{"--games"}, "--games needs"},
        {{"--bogus", "1"}, "unexpected argument '--bogus'"},
        {{"12"}, "unexpected argument '12'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (parse(&o, err, bad[i].args) != SELFPLAY_PARSE_ERROR || !strstr(err, bad[i].message))
            fail_msg("%s %s: expected an error with '%s', got '%s'", bad[i].args[0],
                     bad[i].args[1] ? bad[i].args[1] : "", bad[i].message, err);
    }
}

/* ---------- the binary ---------- */

typedef struct Run {
    int status;   /* exit status, -1 when killed */
    char *out;    /* stdout, or the --output file when asked for */
    size_t out_size;
    char *err;    /* stderr */
} Run;

static char temp_dir[] = "/tmp/rin-test-selfplay-XXXXXX";

/* The file's bytes, with a zero after them; *size_out their count. */
static char *slurp_bytes(const char *path, size_t *size_out)
{
    *size_out = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    *size_out = (size_t)size;
    return text;
}

static char *slurp(const char *path)
{
    size_t size;
    return slurp_bytes(path, &size);
}

/* Runs `rin selfplay ARGS` (NULL-terminated), with --format text first
 * when text_first; with output_flag the data go to a file through
 * --output, else through stdout. */
static Run run_format(const char *const *args, bool output_flag, bool text_first)
{
    char out_path[64], err_path[64], file_path[64];
    snprintf(out_path, sizeof out_path, "%s/stdout", temp_dir);
    snprintf(err_path, sizeof err_path, "%s/stderr", temp_dir);
    snprintf(file_path, sizeof file_path, "%s/data", temp_dir);
    unlink(file_path);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || err < 0)
            _exit(126);
        dup2(out, STDOUT_FILENO);
        dup2(err, STDERR_FILENO);
        char *argv[64] = {(char *)RIN_BINARY, (char *)"selfplay", (char *)"--format", (char *)"text"};
        int n = text_first ? 4 : 2;
        for (int i = 0; args[i] && n < 60; i++)
            argv[n++] = (char *)args[i];
        if (output_flag) {
            argv[n++] = (char *)"--output";
            argv[n++] = file_path;
        }
        execv(RIN_BINARY, argv);
        _exit(127);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    Run r = {.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1};
    r.out = slurp_bytes(output_flag ? file_path : out_path, &r.out_size);
    r.err = slurp(err_path);
    if (output_flag) {
        char *stdout_text = slurp(out_path);
        assert_string_equal(stdout_text, ""); /* nothing but the file */
        free(stdout_text);
    }
    return r;
}

/* `rin selfplay --format text ARGS`: the text format unless the arguments
 * ask for another. */
static Run run_selfplay(const char *const *args, bool output_flag)
{
    return run_format(args, output_flag, true);
}

static void free_run(Run *r)
{
    free(r->out);
    free(r->err);
}

static Run run_ok(const char *const *args, bool output_flag)
{
    Run r = run_selfplay(args, output_flag);
    if (r.status != 0)
        fail_msg("rin selfplay exited with %d: %s", r.status, r.err);
    /* the summary, always (stderr is no terminal here: no progress) */
    assert_non_null(strstr(r.err, "selfplay: "));
    assert_null(strchr(r.err, '\r'));
    return r;
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(temp_dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char path[96];
    const char *names[] = {"stdout", "stderr", "data"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", temp_dir, names[i]);
        unlink(path);
    }
    return rmdir(temp_dir);
}

/* The data lines of a file (neither comments nor empty), in file order. */
typedef struct Lines {
    char **line;
    int count;
} Lines;

static Lines data_lines(const char *text)
{
    Lines lines = {NULL, 0};
    int capacity = 0;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        assert_non_null(end); /* every line ends with a newline */
        if (end > s && *s != '#') {
            if (lines.count == capacity) {
                capacity = capacity ? 2 * capacity : 256;
                lines.line = realloc(lines.line, (size_t)capacity * sizeof *lines.line);
                assert_non_null(lines.line);
            }
            lines.line[lines.count++] = strndup(s, (size_t)(end - s));
        }
        s = end + 1;
    }
    return lines;
}

static void free_lines(Lines *lines)
{
    for (int i = 0; i < lines->count; i++)
        free(lines->line[i]);
    free(lines->line);
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One data line, parsed and checked field by field. */
typedef struct Data {
    Position pos;
    int size;
    char owner[BB_POINTS + 1];
    long margin;
    bool has_score;
    long score;
    int ownership_count; /* 0 for "-" */
    long ownership[BB_POINTS];
    bool has_solved;
    long solved;
    uint64_t game;
} Data;

static bool parse_long(const char *text, long *out)
{
    char *end;
    if (!*text)
        return false;
    *out = strtol(text, &end, 10);
    return *end == '\0';
}

static void parse_data(const char *line, Data *d)
{
    char copy[SELFPLAY_LINE_MAX];
    assert_true(strlen(line) < sizeof copy);
    strcpy(copy, line);
    char *field[8] = {NULL};
    int n = 0;
    for (char *s = copy; n < 8;) {
        field[n++] = s;
        char *tab = strchr(s, '\t');
        if (!tab)
            break;
        *tab = '\0';
        s = tab + 1;
    }
    if (n != 7)
        fail_msg("%d fields, not 7: %s", n, line);
    memset(d, 0, sizeof *d);
    d->pos = parse_position(field[0]);
    char again[POSSTR_MAX];
    posstr_format(&d->pos, again);
    assert_string_equal(again, field[0]); /* exactly as rin-position prints it */
    d->size = d->pos.size;
    int points = d->size * d->size;

    assert_int_equal(strlen(field[1]), points);
    assert_int_equal(strspn(field[1], "xo"), points);
    strcpy(d->owner, field[1]);
    long x = 0;
    for (int i = 0; i < points; i++)
        x += field[1][i] == 'x';
    assert_true(parse_long(field[2], &d->margin));
    assert_int_equal(d->margin, x - (points - x));

    d->has_score = strcmp(field[3], "-") != 0;
    if (d->has_score) {
        assert_true(parse_long(field[3], &d->score));
        assert_true(labs(d->score) <= SCORE_EVAL_MAX || (d->score % 100 == 0 && labs(d->score) <= 100 * points));
    }

    if (strcmp(field[4], "-") != 0) {
        for (char *s = field[4]; s; d->ownership_count++) {
            char *comma = strchr(s, ',');
            if (comma)
                *comma = '\0';
            assert_true(d->ownership_count < points);
            assert_true(parse_long(s, &d->ownership[d->ownership_count]));
            assert_true(d->ownership[d->ownership_count] >= 0 && d->ownership[d->ownership_count] <= 1000);
            s = comma ? comma + 1 : NULL;
        }
        assert_int_equal(d->ownership_count, points);
    }

    d->has_solved = strcmp(field[5], "-") != 0;
    if (d->has_solved) {
        assert_true(parse_long(field[5], &d->solved));
        assert_true(labs(d->solved) <= points);
        assert_int_equal(labs(d->solved) % 2, points % 2); /* Black + White = N*N */
    }

    long game = -1;
    assert_true(parse_long(field[6], &game) && game >= 0);
    d->game = (uint64_t)game;
}

/* The position of a whole board drawn by an owner string. */
static Bitboard owner_stones(const char *owner, int size, char which)
{
    Bitboard b = bb_zero();
    for (int i = 0; i < size * size; i++)
        if (owner[i] == which)
            bb_set(&b, point_make(i / size, i % size));
    return b;
}

static bool on_edge(int point, int size)
{
    int row = point / BB_STRIDE, col = point % BB_STRIDE;
    return row == 0 || col == 0 || row == size - 1 || col == size - 1;
}

typedef struct Expect {
    const int *sizes;
    int size_count;
    int opening_plies;
    int mc_playouts;   /* 0: none */
    int solve_empties; /* 0: none */
    bool all_scored;   /* no exploration */
} Expect;

/* Checks a whole file of a run and returns its games in order (at most
 * `capacity`). */
static int check_file(const char *text, const Expect *e, uint64_t *games, int capacity)
{
    assert_true(strncmp(text, "#rin-selfplay 1\n", 16) == 0);
    Lines lines = data_lines(text);
    int game_count = 0;
    Data *d = malloc(2 * sizeof *d), *prev = d, *cur = d + 1;
    assert_non_null(d);
    int index_in_game = 0;
    for (int i = 0; i < lines.count; i++) {
        parse_data(lines.line[i], cur);
        bool same_game = i > 0 && cur->game == prev->game;
        if (!same_game) {
            assert_true(game_count == 0 || cur->game > games[game_count - 1]);
            assert_true(game_count < capacity);
            games[game_count++] = cur->game;
            index_in_game = 0;
            assert_int_equal(cur->size, e->sizes[cur->game % (uint64_t)e->size_count]);
            /* the random opening: K stones, no ring yet on these boards */
            assert_int_equal(pos_count(&cur->pos, COLOR_BLACK) + pos_count(&cur->pos, COLOR_WHITE),
                             e->opening_plies);
        } else {
            /* one legal stone, with its fills, leads from the previous line */
            assert_string_equal(cur->owner, prev->owner);
            int successors = 0;
            Bitboard empty = pos_empty(&prev->pos);
            for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
                Position next = prev->pos;
                pos_play(&next, p);
                successors += pos_same(&next, &cur->pos);
            }
            if (successors != 1)
                fail_msg("not one stone from\n%s\nto\n%s", lines.line[i - 1], lines.line[i]);
            if (prev->has_solved && cur->has_solved) {
                /* perfect play: the side to move gets the best of its children */
                if (pos_to_move(&prev->pos) == COLOR_BLACK)
                    assert_true(prev->solved >= cur->solved);
                else
                    assert_true(prev->solved <= cur->solved);
            }
        }
        /* the side to move and stone of the turn follow from the stones played */
        int ply = e->opening_plies + index_in_game;
        assert_int_equal(pos_to_move(&cur->pos), pos_side_of_ply(ply));
        Position at_ply = cur->pos;
        at_ply.ply = ply;
        assert_int_equal(pos_stone_of_turn(&cur->pos), pos_stone_of_turn(&at_ply));
        index_in_game++;

        int empties = pos_empty_count(&cur->pos);
        assert_true(empties > 0);
        if (e->all_scored)
            assert_true(cur->has_score);
        assert_int_equal(cur->has_solved, empties <= e->solve_empties);
        if (cur->has_solved && empties == 1)
            assert_int_equal(cur->solved, cur->margin);
        assert_int_equal(cur->ownership_count, e->mc_playouts > 0 ? cur->size * cur->size : 0);
        for (int k = 0; k < cur->ownership_count; k++) {
            /* stones in the safe zone stay */
            int point = point_make(k / cur->size, k % cur->size);
            if (on_edge(point, cur->size) && pos_at(&cur->pos, point) == COLOR_BLACK)
                assert_int_equal(cur->ownership[k], 1000);
            if (on_edge(point, cur->size) && pos_at(&cur->pos, point) == COLOR_WHITE)
                assert_int_equal(cur->ownership[k], 0);
        }

        bool last = i + 1 == lines.count || !strstr(lines.line[i + 1], "\t") ||
                    strtoull(strrchr(lines.line[i + 1], '\t') + 1, NULL, 10) != cur->game;
        if (last) {
            /* one more stone fills the board as the owner string says */
            int size = cur->size, finals = 0;
            Bitboard black = owner_stones(cur->owner, size, 'x'), white = owner_stones(cur->owner, size, 'o');
            Bitboard empty = pos_empty(&cur->pos);
            for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
                Position next = cur->pos;
                pos_play(&next, p);
                finals += pos_is_over(&next) && bb_equal(next.stones[COLOR_BLACK], black) &&
                          bb_equal(next.stones[COLOR_WHITE], white);
            }
            if (finals == 0)
                fail_msg("the game's last line does not end in its owner string: %s", lines.line[i]);
        }
        Data *t = prev;
        prev = cur;
        cur = t;
    }
    free(d);
    free_lines(&lines);
    return game_count;
}

/* --eval-file picks the search's evaluation: the classic evaluation plays
 * other games than the learned weights; builtin is the default and the
 * header says so; a bad file is refused before anything is played. */
static void test_eval_file(void **state)
{
    (void)state;
    /* without the pattern model, which would take the evaluation's place */
    Run learned = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--pattern-file",
                                               "none", NULL},
                         false);
    Run named = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--eval-file",
                                             "builtin", "--pattern-file", "none", NULL},
                       false);
    Run classic = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--eval-file",
                                               "classic", "--pattern-file", "none", NULL},
                         false);
    /* the data lines (after the two header lines) */
    const char *l = strchr(strchr(learned.out, '\n') + 1, '\n') + 1;
    const char *n = strchr(strchr(named.out, '\n') + 1, '\n') + 1;
    const char *c = strchr(strchr(classic.out, '\n') + 1, '\n') + 1;
    assert_string_equal(l, n);
    assert_string_not_equal(c, l);
    assert_non_null(strstr(learned.out, " --eval-file builtin\n"));
    assert_non_null(strstr(classic.out, " --eval-file classic\n"));
    Run bad = run_selfplay((const char *const[]){"--games", "2", "--eval-file", "/nonexistent/w", NULL}, false);
    assert_int_equal(bad.status, 2);
    assert_non_null(strstr(bad.err, "cannot open /nonexistent/w"));
    assert_string_equal(bad.out, "");
    free_run(&classic);
    free_run(&named);
    free_run(&learned);
    free_run(&bad);
}

/* --pattern-file makes the search evaluate with a pattern model: other
 * games, the header says so (builtin by default, nothing with none); a bad file is
 * refused before anything is played. */
static void test_pattern_file(void **state)
{
    (void)state;
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23), .stages = 2, .tactical = 1};
    NtupleModel *model = NULL;
    assert_int_equal(ntuple_model_create(&config, &model), NTUPLE_OK);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)(i % 9) / 4.0f - 1.0f;
    size_t size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    char path[] = "/tmp/rin-test-selfplay-patterns-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bytes, size), (ssize_t)size);
    close(fd);
    free(bytes);
    ntuple_model_destroy(model);

    Run plain = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--pattern-file",
                                             "none", NULL},
                       false);
    Run builtin = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", NULL}, false);
    Run patterns = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--pattern-file",
                                                path, NULL},
                          false);
    assert_null(strstr(plain.out, "--pattern-file"));
    assert_non_null(strstr(builtin.out, " --eval-file builtin --pattern-file builtin\n")); /* the default */
    assert_null(strstr(builtin.out, "--net-file"));
    const char *b = strchr(strchr(builtin.out, '\n') + 1, '\n') + 1;
    assert_string_not_equal(b, strchr(strchr(plain.out, '\n') + 1, '\n') + 1);
    free_run(&builtin);
    char expected[128];
    snprintf(expected, sizeof expected, " --eval-file builtin --pattern-file %s\n", path);
    assert_non_null(strstr(patterns.out, expected));
    const char *p = strchr(strchr(plain.out, '\n') + 1, '\n') + 1;
    const char *q = strchr(strchr(patterns.out, '\n') + 1, '\n') + 1;
    assert_string_not_equal(p, q);
    Run bad = run_selfplay((const char *const[]){"--games", "2", "--pattern-file", "/nonexistent/p", NULL}, false);
    assert_int_equal(bad.status, 2);
    assert_non_null(strstr(bad.err, "cannot open /nonexistent/p"));
    assert_string_equal(bad.out, "");
    remove(path);
    free_run(&plain);
    free_run(&patterns);
    free_run(&bad);
}

/* --net-file makes the search evaluate with a network, the built-in one or
 * a file, in the pattern model's place: other games, the header says so
 * (nothing with none, the default); a bad file is refused before anything
 * is played. */
static void test_net_file(void **state)
{
    (void)state;
    NnueModel *model = random_network(7);
    size_t size = 0;
    uint8_t *bytes = nnue_weights_write(model, &size);
    assert_non_null(bytes);
    char path[] = "/tmp/rin-test-selfplay-network-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bytes, size), (ssize_t)size);
    close(fd);
    free(bytes);
    nnue_model_destroy(model);

    Run builtin = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--net-file",
                                               "builtin", NULL},
                         false);
    Run none = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", NULL}, false);
    Run file = run_ok((const char *const[]){"--games", "2", "--sizes", "8", "--nodes", "300", "--net-file", path,
                                            NULL},
                      false);
    assert_non_null(strstr(builtin.out, " --pattern-file builtin --net-file builtin\n"));
    assert_null(strstr(none.out, "--net-file"));
    char expected[128];
    snprintf(expected, sizeof expected, " --net-file %s\n", path);
    assert_non_null(strstr(file.out, expected));
    const char *b = strchr(strchr(builtin.out, '\n') + 1, '\n') + 1;
    const char *n = strchr(strchr(none.out, '\n') + 1, '\n') + 1;
    const char *f = strchr(strchr(file.out, '\n') + 1, '\n') + 1;
    assert_string_not_equal(b, n);
    assert_string_not_equal(b, f);
    assert_string_not_equal(n, f);
    Run bad = run_selfplay((const char *const[]){"--games", "2", "--net-file", "/nonexistent/n", NULL}, false);
    assert_int_equal(bad.status, 2);
    assert_non_null(strstr(bad.err, "cannot open /nonexistent/n"));
    assert_string_equal(bad.out, "");
    remove(path);
    free_run(&builtin);
    free_run(&none);
    free_run(&file);
    free_run(&bad);
}

static void test_help(void **state)
{
    (void)state;
    Run r = run_selfplay((const char *const[]){"--help", NULL}, false);
    assert_int_equal(r.status, 0);
    const char *flags[] = {"--games", "--sizes", "--nodes", "--seed", "--shard", "--opening-plies", "--explore",
                           "--mc-playouts", "--solve-empties", "--threads", "--format", "--output"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        assert_non_null(strstr(r.out, flags[i]));
    free_run(&r);
}

static void test_bad_arguments_exit_2(void **state)
{
    (void)state;
    static const char *const bad[][3] = {
        {"--shard", "3/2", "--shard"}, {"--sizes", "3", "--sizes"}, {"--games", "-1", "--games"},
        {"--explore", "2", "--explore"}, {"--bogus", "1", "unexpected argument"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Run r = run_selfplay((const char *const[]){bad[i][0], bad[i][1], NULL}, true);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, bad[i][2]));
        assert_true(strncmp(r.err, "rin: selfplay: ", 15) == 0);
        assert_string_equal(r.out, ""); /* no output file */
        free_run(&r);
    }
}

static void test_write_error_exits_1(void **state)
{
    (void)state;
    if (access("/dev/full", W_OK) != 0)
        skip();
    Run r = run_selfplay((const char *const[]){"--games", "2", "--sizes", "4", "--output", "/dev/full", NULL}, false);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "rin: selfplay: cannot write the output: "));
    free_run(&r);
}

static const int small_sizes[] = {6, 5};

static void test_every_line_is_valid(void **state)
{
    (void)state;
    Run r = run_ok((const char *const[]){"--games", "4", "--sizes", "6,5", "--nodes", "150", "--seed", "3",
                                         "--mc-playouts", "40", "--solve-empties", "9", NULL},
                   true);
    Expect e = {small_sizes, 2, 4, 40, 9, true};
    uint64_t games[8];
    assert_int_equal(check_file(r.out, &e, games, 8), 4);
    for (int g = 0; g < 4; g++)
        assert_int_equal(games[g], g);
    assert_non_null(strstr(r.err, "selfplay: 4 games, "));
    free_run(&r);

    /* exploration and no opening; the defaults for ownership and solving */
    r = run_ok((const char *const[]){"--games", "3", "--sizes", "5", "--nodes", "100", "--opening-plies", "0",
                                     "--explore", "0.3", NULL},
               false);
    static const int five[] = {5};
    Expect explore = {five, 1, 0, 0, 0, false};
    assert_int_equal(check_file(r.out, &explore, games, 8), 3);
    assert_non_null(strstr(r.out, "\t-\t-\t-\t")); /* an explored stone: no score */
    free_run(&r);
}

/* Games of 8x8 with 800 nodes: enough that anything one game left in a
 * reused player (table, histories) would change the next. */
static Run run_threads(const char *threads, const char *seed, bool output_flag)
{
    return run_ok((const char *const[]){"--games", "5", "--sizes", "8", "--nodes", "800", "--seed", seed,
                                        "--mc-playouts", "10", "--solve-empties", "6", "--threads", threads,
                                        NULL},
                  output_flag);
}

static void test_threads_give_the_same_bytes(void **state)
{
    (void)state;
    Run one = run_threads("1", "5", false), two = run_threads("2", "5", true), three = run_threads("3", "5", true);
    assert_string_equal(one.out, two.out);
    assert_string_equal(one.out, three.out);
    static const int eight[] = {8};
    Expect e = {eight, 1, 4, 10, 6, true};
    uint64_t games[8];
    assert_int_equal(check_file(one.out, &e, games, 8), 5);

    /* another seed, other games */
    Run other = run_threads("2", "6", true);
    assert_string_not_equal(strchr(one.out, '\n'), strchr(other.out, '\n'));
    free_run(&one);
    free_run(&two);
    free_run(&three);
    free_run(&other);
}

/* The data lines of the shards together, sorted. */
static Lines shard_lines(int shards, const Expect *e)
{
    Lines all = {NULL, 0};
    for (int i = 1; i <= shards; i++) {
        char shard[32];
        snprintf(shard, sizeof shard, "%d/%d", i, shards);
        Run r = run_ok((const char *const[]){"--games", "5", "--sizes", "6,5", "--nodes", "100", "--seed", "9",
                                             "--mc-playouts", "5", "--shard", shard, NULL},
                       true);
        uint64_t games[8];
        int count = check_file(r.out, e, games, 8);
        for (int k = 0; k < count; k++)
            assert_int_equal(games[k] % (uint64_t)shards, i - 1);
        Lines part = data_lines(r.out);
        all.line = realloc(all.line, (size_t)(all.count + part.count + 1) * sizeof *all.line);
        assert_non_null(all.line);
        memcpy(all.line + all.count, part.line, (size_t)part.count * sizeof *part.line);
        all.count += part.count;
        free(part.line);
        free_run(&r);
    }
    qsort(all.line, (size_t)all.count, sizeof *all.line, compare_strings);
    return all;
}

static void test_shards_add_up_to_the_run(void **state)
{
    (void)state;
    Expect e = {small_sizes, 2, 4, 5, 0, true};
    Run r = run_ok((const char *const[]){"--games", "5", "--sizes", "6,5", "--nodes", "100", "--seed", "9",
                                         "--mc-playouts", "5", NULL},
                   true);
    uint64_t games[8];
    assert_int_equal(check_file(r.out, &e, games, 8), 5);
    Lines whole = data_lines(r.out);
    qsort(whole.line, (size_t)whole.count, sizeof *whole.line, compare_strings);
    for (int shards = 2; shards <= 3; shards++) {
        Lines parts = shard_lines(shards, &e);
        assert_int_equal(parts.count, whole.count);
        for (int i = 0; i < whole.count; i++)
            assert_string_equal(parts.line[i], whole.line[i]);
        free_lines(&parts);
    }
    free_lines(&whole);
    free_run(&r);

    /* a shard with no game writes the header alone */
    r = run_ok((const char *const[]){"--games", "1", "--sizes", "6", "--nodes", "100", "--shard", "2/2", NULL},
               true);
    Lines none = data_lines(r.out);
    assert_int_equal(none.count, 0);
    assert_true(strncmp(r.out, "#rin-selfplay 1\n", 16) == 0);
    free_lines(&none);
    free_run(&r);
}

/* The default format is binary, and a binary file holds the games of the
 * text file of the same run: printed as text, they are its bytes. */
static void test_binary_is_the_default(void **state)
{
    (void)state;
    const char *const args[] = {"--games", "3", "--sizes", "6,5", "--nodes", "100", "--seed", "4",
                                "--mc-playouts", "30", "--solve-empties", "8", "--explore", "0.1", NULL};
    Run binary = run_format(args, true, false);
    Run text = run_ok(args, false);
    assert_int_equal(binary.status, 0);
    assert_true(binary.out_size > GAME_FILE_MAGIC_BYTES);
    assert_memory_equal(binary.out, game_file_magic, GAME_FILE_MAGIC_BYTES);
    assert_true(binary.out_size < text.out_size / 2); /* ownership, two bytes a point, is most of it */
    /* the same bytes with two threads */
    const char *const threaded[] = {"--games", "3", "--sizes", "6,5", "--nodes", "100", "--seed", "4",
                                    "--mc-playouts", "30", "--solve-empties", "8", "--explore", "0.1",
                                    "--threads", "2", NULL};
    Run two = run_format(threaded, false, false);
    assert_int_equal(two.status, 0);
    assert_int_equal(two.out_size, binary.out_size);
    assert_memory_equal(two.out, binary.out, binary.out_size);
    free_run(&two);

    GameFileReader reader;
    assert_true(game_file_reader_init(&reader));
    size_t capacity = text.out_size + 1, used = 0;
    char *printed = malloc(capacity + SELFPLAY_LINE_MAX * BB_POINTS);
    assert_non_null(printed);
    GameFileItem item;
    GameFileError err;
    int games = 0;
    while ((item = game_file_next(&reader, (const uint8_t *)binary.out, binary.out_size, &err)) != GAME_FILE_END) {
        if (item == GAME_FILE_ERROR)
            fail_msg("refused: %s at %llu", err.reason, (unsigned long long)err.offset);
        if (used >= capacity)
            fail_msg("more than the text file's bytes");
        if (item == GAME_FILE_HEADER)
            used += selfplay_format_header(reader.settings, printed + used);
        else {
            used += selfplay_format_game(reader.game, printed + used);
            games++;
        }
    }
    printed[used] = '\0';
    assert_int_equal(games, 3);
    assert_string_equal(printed, text.out);
    free(printed);
    game_file_reader_free(&reader);
    free_run(&text);
    free_run(&binary);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_of_each_field),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_eval_file),
        cmocka_unit_test(test_pattern_file),
        cmocka_unit_test(test_net_file),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_bad_arguments_exit_2),
        cmocka_unit_test(test_write_error_exits_1),
        cmocka_unit_test(test_every_line_is_valid),
        cmocka_unit_test(test_threads_give_the_same_bytes),
        cmocka_unit_test(test_shards_add_up_to_the_run),
        cmocka_unit_test(test_binary_is_the_default),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
