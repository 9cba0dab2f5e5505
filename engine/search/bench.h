/* The benchmark: a fixed set of positions searched to a fixed depth with
 * one thread and the default evaluation (the built-in learned weights).
 * Its node count is the signature of the search's behaviour. */
#ifndef RIN_BENCH_H
#define RIN_BENCH_H

#include <stdint.h>

#include "rules/position.h"
#include "search/search.h"

enum { BENCH_DEFAULT_DEPTH = 5, BENCH_HASH_MIB = 16 };

/* The node count of `rin bench` at the default depth for the search as
 * committed. A change to the search that changes it updates this value in
 * the same commit (test_binary checks it), and the commit message quotes
 * it. */
#define BENCH_SIGNATURE UINT64_C(728802)

/* Number of bench positions. */
int bench_count(void);

/* The i-th bench position (0 <= i < bench_count()). */
void bench_position(int i, Position *pos);

typedef struct BenchResult {
    uint64_t nodes;
    int64_t time_ms;
} BenchResult;

/* Searches every bench position to `depth` with a fresh single-threaded
 * search; calls `each` (may be NULL) after each position. Returns false when
 * memory runs out. */
bool bench_run(int depth, void (*each)(int index, const Position *pos, const SearchInfo *info, void *context),
               void *context, BenchResult *result);

/* How bench_run_with searches: to `depth`, with `threads` threads (more
 * than one: the node count varies from run to run, and the time to the
 * depth is what the threads save) and a table of `hash_mib` MiB
 * (BENCH_HASH_MIB for the signature). */
typedef struct BenchSetup {
    int depth;
    int threads;
    int hash_mib;
    const NnueModel *network; /* the evaluation network (search.h), or NULL */
} BenchSetup;

/* The same with the evaluation `eval` instead of the built-in weights, and
 * the pattern model `patterns` when not NULL (search.h); neither is taken
 * over. */
bool bench_run_with(const EvalModel *eval, const NtupleModel *patterns, const BenchSetup *setup,
                    void (*each)(int index, const Position *pos, const SearchInfo *info, void *context), void *context,
                    BenchResult *result);

#endif
