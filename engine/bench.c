/* Bench positions: openings, middle games and endgames on 16x16 and smaller
 * boards, made by seeded random play so that they never change unless the
 * rules do. */
#include "bench.h"

#include <time.h>

#include "playout.h"

typedef struct BenchSpec {
    int size;
    int stones;   /* random stones from the empty board */
    uint64_t seed;
} BenchSpec;

static const BenchSpec specs[] = {
    {16, 0, 1},   {16, 1, 2},   {16, 9, 3},    {16, 30, 4},   {16, 61, 5},   {16, 100, 6},
    {16, 150, 7}, {16, 200, 8}, {12, 7, 9},    {12, 40, 10},  {12, 90, 11},  {12, 120, 12},
    {8, 10, 13},  {8, 30, 14},  {8, 45, 15},   {5, 6, 16},    {13, 50, 17},  {15, 80, 18},
};

int bench_count(void) { return (int)(sizeof specs / sizeof specs[0]); }

void bench_position(int i, Position *pos)
{
    const BenchSpec *s = &specs[i];
    Rng rng;
    rng_seed(&rng, s->seed);
    pos_init(pos, s->size);
    for (int k = 0; k < s->stones; k++) {
        int p = playout_random_point(pos, &rng);
        if (p == POINT_NONE)
            break;
        Position next = *pos;
        pos_play(&next, p);
        if (pos_is_over(&next))
            break; /* keep something to search */
        *pos = next;
    }
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool bench_run(int depth, void (*each)(int index, const Position *pos, const SearchInfo *info, void *context),
               void *context, BenchResult *result)
{
    SearchConfig config = {.threads = 1, .hash_mib = 16, .seed = 0};
    Search *search = search_create(&config);
    if (!search)
        return false;
    BenchResult r = {0, 0};
    int64_t start = now_ms();
    for (int i = 0; i < bench_count(); i++) {
        Position pos;
        bench_position(i, &pos);
        search_clear(search);
        SearchLimits limits = {.depth = depth, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(search, &pos, &limits, NULL, NULL, &info);
        r.nodes += info.nodes;
        if (each)
            each(i, &pos, &info, context);
    }
    r.time_ms = now_ms() - start;
    search_destroy(search);
    *result = r;
    return true;
}
