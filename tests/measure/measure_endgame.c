/* measure_endgame: how often the search proves a 16x16 endgame's result
 * within a time per stone, by empty points, from positions of real games.
 *
 *   measure_endgame positions GAMES SEED [NODES]
 *       plays GAMES games of the search against itself on 16x16 (NODES
 *       nodes per stone, default 300, after 4 random stones) and prints,
 *       for each E of 24 22 20 18 16 14 12, the first position of each
 *       game with at most E empty points: "E position-string" per line.
 *   measure_endgame solve FILE MS [NAME=VALUE ...]
 *       searches each position of FILE (the lines above) with a fresh
 *       single-threaded search and the limits `rin` takes for a time per
 *       stone of MS (stonetime: hard MS less a twentieth, soft half of it),
 *       and prints, for each E, the positions, the share proven (exact:
 *       the proven result of perfect play; result: score_is_proven, which
 *       also counts a final score without its exact margin) and the mean
 *       nodes and time. NAME=VALUE sets a search parameter (params.h) in a
 *       build with RIN_TUNE, where they are read at run time.
 *
 * Built by tests/CMakeLists.txt; not a test (it times the machine). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/number.h"
#include "formats/posstr.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"
#include "search/search.h"

enum { SIZE = 16, OPENING_STONES = 4, EMPTIES_MIN = 12, EMPTIES_MAX = 24, EMPTIES_STEP = 2 };

static int usage(void)
{
    fprintf(stderr, "usage: measure_endgame positions GAMES SEED [NODES]\n"
                    "       measure_endgame solve FILE MS [NAME=VALUE ...]\n");
    return 2;
}

static int positions(int64_t games, int64_t seed, int64_t nodes)
{
    SearchConfig config = {.threads = 1, .hash_mib = 16, .seed = (uint64_t)seed};
    Search *search = search_create(&config);
    if (!search)
        return 1;
    Rng rng;
    rng_seed(&rng, (uint64_t)seed);
    for (int64_t g = 0; g < games; g++) {
        Position pos;
        pos_init(&pos, SIZE);
        search_clear(search);
        int next = EMPTIES_MAX; /* the next E to record */
        for (int k = 0; !pos_is_over(&pos); k++) {
            int empties = pos_empty_count(&pos);
            for (; next >= EMPTIES_MIN && empties <= next; next -= EMPTIES_STEP) {
                char text[POSSTR_MAX];
                posstr_format(&pos, text);
                printf("%d %s\n", next, text);
            }
            int point;
            if (k < OPENING_STONES) {
                point = playout_random_point(&pos, &rng);
            } else {
                SearchLimits limits = {.nodes = (uint64_t)nodes, .first_move = POINT_NONE};
                SearchInfo info;
                search_run(search, &pos, &limits, NULL, NULL, &info);
                point = info.pv[0];
            }
            pos_play(&pos, point);
        }
        fflush(stdout);
    }
    search_destroy(search);
    return 0;
}

typedef struct Tally {
    int count, exact, result;
    uint64_t nodes;
    int64_t time_ms;
} Tally;

static int solve(const char *path, int64_t ms, const SearchParams *params)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        perror(path);
        return 1;
    }
    SearchConfig config = {.threads = 1, .hash_mib = 64, .seed = 1, .params = params};
    Search *search = search_create(&config);
    if (!search) {
        fclose(in);
        return 1;
    }
    Tally tally[EMPTIES_MAX + 1] = {{0}};
    char line[512];
    int status = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *rest;
        long e = strtol(line, &rest, 10);
        Position pos;
        char err[128] = "";
        if (e < 0 || e > EMPTIES_MAX || !posstr_parse(rest, &pos, err, sizeof err)) {
            fprintf(stderr, "%s: bad line (%s): %s\n", path, err, line);
            status = 1;
            break;
        }
        search_clear(search);
        int64_t hard = ms - ms / 20;
        SearchLimits limits = {.soft_ms = hard / 2, .hard_ms = hard, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(search, &pos, &limits, NULL, NULL, &info);
        Tally *t = &tally[e];
        t->count++;
        t->exact += info.exact;
        t->result += score_is_proven(info.score, info.exact);
        t->nodes += info.nodes;
        t->time_ms += info.time_ms;
    }
    fclose(in);
    search_destroy(search);
    printf("time per stone %" PRId64 " ms\n", ms);
    printf("%4s %5s %7s %7s %12s %8s\n", "E", "count", "exact", "result", "mean nodes", "mean ms");
    for (int e = EMPTIES_MIN; e <= EMPTIES_MAX; e++) {
        const Tally *t = &tally[e];
        if (!t->count)
            continue;
        printf("%4d %5d %6.0f%% %6.0f%% %12" PRIu64 " %8" PRId64 "\n", e, t->count, 100.0 * t->exact / t->count,
               100.0 * t->result / t->count, t->nodes / (uint64_t)t->count, t->time_ms / t->count);
    }
    return status;
}

int main(int argc, char **argv)
{
    int64_t a, b, c = 300;
    if (argc >= 4 && strcmp(argv[1], "positions") == 0 && number_parse_int(argv[2], 1, 100000, &a) == NUMBER_OK &&
        number_parse_int(argv[3], 0, INT64_MAX, &b) == NUMBER_OK &&
        (argc == 4 || (argc == 5 && number_parse_int(argv[4], 1, INT64_C(1) << 40, &c) == NUMBER_OK)))
        return positions(a, b, c);
    if (argc >= 4 && strcmp(argv[1], "solve") == 0 && number_parse_int(argv[3], 1, INT64_C(86400000), &a) == NUMBER_OK) {
        SearchParams params = search_params_default;
        for (int i = 4; i < argc; i++) {
            char name[64];
            const char *eq = strchr(argv[i], '=');
            size_t length = eq ? (size_t)(eq - argv[i]) : 0;
            if (!eq || length >= sizeof name || number_parse_int(eq + 1, INT32_MIN, INT32_MAX, &b) != NUMBER_OK)
                return usage();
            memcpy(name, argv[i], length);
            name[length] = '\0';
            if (!search_params_set(&params, name, (int)b)) {
                fprintf(stderr, "measure_endgame: no parameter %s, or %s out of its range\n", name, eq + 1);
                return 2;
            }
            if (!SEARCH_PARAMS_TUNABLE)
                fprintf(stderr, "measure_endgame: %s is ignored: this build has no RIN_TUNE\n", argv[i]);
        }
        return solve(argv[2], a, &params);
    }
    return usage();
}
