/* Bench positions: openings, middle games and endgames on 16x16 and smaller
 * boards. Most are taken from games the engine played against itself (kept
 * here as move lists, so they never change unless the rules do); two come
 * from seeded random play, which leaves positions full of rings to close. */
#include "search/bench.h"

#include "eval/ntuple_weights.h"

#include "base/clock.h"
#include "rules/playout.h"

/* Self-play games (points as row * 16 + column). */
static const uint8_t game_16a[] = {
    209, 4, 69, 224, 241, 226, 228, 242, 211, 227, 194, 210, 178, 193, 195, 208, 146, 243, 161, 179, 192, 177,
    180, 162, 164, 212, 197, 131, 114, 148, 132, 129, 147, 245, 231, 116, 149, 133, 117, 97, 99, 214, 246,
    181, 166, 101, 199, 134, 182, 84, 82, 183, 151, 112, 168, 119, 169, 184, 136, 137, 152, 216, 201, 121,
    104, 248, 233, 123, 154, 86, 106, 186, 140, 118, 171, 102, 87, 218, 155, 89, 108, 67, 36, 91, 139, 74, 90,
    53, 72, 122, 75, 76, 93, 52, 73, 59, 57, 42, 58, 187, 172, 157, 156, 158, 173, 141, 125, 110, 143, 127,
    126, 61, 44, 41, 56, 70, 55, 37, 54, 175, 78, 39, 22, 220, 190, 24, 107, 203, 124, 205, 206, 222, 207,
    237, 221, 63, 46, 223, 238, 189, 29, 7, 204, 95, 27, 219, 236, 31, 12, 250, 251, 5, 14, 50, 19, 83, 65,
    34, 66, 21, 188, 26, 9, 6, 2, 111, 43, 202, 49, 185, 81, 98, 64, 105, 170, 198, 18, 100, 33, 3, 20, 48,
    80, 11, 10, 96, 191, 176, 128, 109, 113, 142, 138, 167, 32, 17, 16, 160, 144, 145, 225, 8, 239, 1, 0, 249,
    252, 13, 15, 253, 244, 47, 79, 247, 254, 159, 240, 255,
};
static const uint8_t game_16b[] = {
    17, 153, 124, 138, 95, 139, 122, 75, 107, 137, 171, 154, 170, 108, 90, 91, 202, 156, 185, 141, 186, 173,
    142, 155, 125, 188, 140, 106, 89, 109, 126, 121, 123, 190, 158, 73, 58, 136, 104, 41, 60, 43, 56, 44, 27,
    26, 10, 93, 42, 168, 151, 78, 92, 94, 111, 29, 46, 63, 62, 14, 61, 183, 166, 55, 72, 175, 200, 87, 40,
    103, 198, 181, 12, 119, 134, 38, 70, 23, 149, 85, 53, 102, 117, 36, 68, 21, 132, 83, 51, 180, 197, 164,
    163, 165, 162, 31, 147, 6, 100, 66, 34, 203, 205, 19, 49, 218, 220, 64, 81, 115, 131, 179, 2, 207, 222,
    96, 98, 235, 237, 161, 32, 146, 215, 129, 178, 252, 130, 112, 114, 250, 233, 22, 5, 4, 20, 24, 7, 195,
    212, 193, 194, 229, 230, 176, 201, 227, 247, 248, 210, 232, 239, 217, 244, 254, 208, 3, 11, 79, 47, 99,
    211, 148, 226, 169, 241, 187, 209, 192, 249, 225, 224, 242, 243, 228, 245, 216, 145, 37, 86, 25, 9, 88,
    105, 240, 84, 101, 120, 8, 48, 223, 246, 80, 128, 251, 253, 144, 160, 255, 127, 0, 1, 143, 159, 13, 15,
    191, 16,
};
static const uint8_t game_12[] = {
    18, 123, 38, 3, 33, 21, 6, 20, 35, 70, 23, 52, 37, 87, 55, 16, 50, 40, 72, 65, 67, 104, 89, 54, 69, 102,
    57, 82, 84, 74, 85, 1, 99, 106, 121, 80, 97, 119, 91, 136, 48, 25, 42, 116, 114, 100, 117, 129, 131, 8,
    59, 148, 146, 135, 152, 133, 138, 154, 139, 169, 153, 137, 185, 112, 168, 167, 184, 170, 186, 27, 163,
    134, 150, 165, 10, 164, 179, 162, 178, 181, 166, 151, 161, 180, 182, 183, 155, 171, 5, 4, 145, 128, 144,
    147, 118, 160, 177, 176, 11, 187, 0, 7, 9, 2, 32, 43, 75, 64, 96, 107,
};
static const uint8_t game_8[] = {
    33, 4, 36, 16, 19, 3, 18, 2, 35, 34, 50, 51, 66, 17, 49, 32, 52, 20, 68, 67, 84, 99, 69, 1, 48, 65, 64,
    53, 98, 85, 83, 100, 101, 115, 70, 54, 87, 82, 71, 97, 55, 116, 117, 37, 102, 21, 114, 86, 113, 6, 22, 80,
    96, 81, 103, 118, 0, 5, 7, 38, 23, 39, 119, 112,
};

typedef struct BenchSpec {
    int size;
    const uint8_t *game; /* NULL: seeded random play */
    int stones;          /* stones played from the empty board */
    uint64_t seed;       /* for random play */
} BenchSpec;

static const BenchSpec specs[] = {
    {16, game_16a, 3, 0},    {16, game_16a, 20, 0},  {16, game_16a, 60, 0},  {16, game_16a, 100, 0},
    {16, game_16a, 140, 0},  {16, game_16a, 180, 0}, {16, game_16b, 10, 0},  {16, game_16b, 50, 0},
    {16, game_16b, 90, 0},   {16, game_16b, 130, 0}, {16, game_16b, 170, 0}, {12, game_12, 10, 0},
    {12, game_12, 40, 0},    {12, game_12, 70, 0},   {12, game_12, 95, 0},   {8, game_8, 15, 0},
    {8, game_8, 35, 0},      {8, game_8, 50, 0},     {16, NULL, 150, 7},     {12, NULL, 90, 11},
};

int bench_count(void) { return (int)(sizeof specs / sizeof specs[0]); }

void bench_position(int i, Position *pos)
{
    const BenchSpec *s = &specs[i];
    Rng rng;
    rng_seed(&rng, s->seed);
    pos_init(pos, s->size);
    for (int k = 0; k < s->stones; k++) {
        int p = s->game ? s->game[k] : playout_random_point(pos, &rng);
        Position next = *pos;
        pos_play(&next, p);
        if (pos_is_over(&next))
            break; /* keep something to search */
        *pos = next;
    }
}

bool bench_run_with(const EvalModel *eval, const NtupleModel *patterns, const BenchSetup *setup,
                    void (*each)(int index, const Position *pos, const SearchInfo *info, void *context), void *context,
                    BenchResult *result)
{
    int depth = setup->depth;
    SearchConfig config = {.threads = setup->threads, .hash_mib = setup->hash_mib, .seed = 0, .eval = eval,
                           .patterns = patterns, .network = setup->network};
    Search *search = search_create(&config);
    if (!search)
        return false;
    BenchResult r = {0, 0};
    int64_t start = clock_now_ms();
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
    r.time_ms = clock_now_ms() - start;
    search_destroy(search);
    *result = r;
    return true;
}

bool bench_run(int depth, void (*each)(int index, const Position *pos, const SearchInfo *info, void *context),
               void *context, BenchResult *result)
{
    EvalModel *eval = eval_model_default();
    NtupleModel *patterns = ntuple_model_default();
    BenchSetup setup = {depth, 1, BENCH_HASH_MIB, NULL};
    bool ok = eval && patterns && bench_run_with(eval, patterns, &setup, each, context, result);
    eval_model_destroy(eval);
    ntuple_model_destroy(patterns);
    return ok;
}
