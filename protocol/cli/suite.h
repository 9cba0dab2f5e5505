/* Tactical test suites: a file of positions, each with the first stones
 * that solve it, searched at a fixed node count. One position a line:
 *   POSITION_STRING bm V1 [V2 ...]; c "comment";
 * blank lines and lines starting with '#' are skipped. */
#ifndef RIN_SUITE_H
#define RIN_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/evalmodel.h"
#include "eval/ntuple.h"
#include "rules/position.h"

enum { SUITE_MAX_BEST = 16, SUITE_COMMENT_MAX = 160, SUITE_DEFAULT_NODES = 100000 };

typedef struct SuiteEntry {
    Position pos;
    int best[SUITE_MAX_BEST]; /* acceptable first stones */
    int best_count;
    char comment[SUITE_COMMENT_MAX];
} SuiteEntry;

/* Parses one line of a suite file. On failure returns false, leaves *entry
 * untouched and says what is wrong in err. */
bool suite_parse_line(const char *line, SuiteEntry *entry, char *err, size_t err_size);

typedef struct SuiteResult {
    int solved, total;
} SuiteResult;

/* Searches every position of the file at `path` with a fresh single-threaded
 * search limited to `nodes` and evaluating with `eval` (learned weights, or
 * NULL for the classic evaluation), writes one line per position to `out`
 * (may be NULL) and the totals to *result. Returns false (with a message in
 * err) when the file cannot be read, holds a malformed line, or memory runs
 * out. */
bool suite_run(const char *path, uint64_t nodes, const EvalModel *eval, FILE *out, SuiteResult *result, char *err,
               size_t err_size);

/* The same with the pattern model `patterns` (search.h) when not NULL. */
bool suite_run_with(const char *path, uint64_t nodes, const EvalModel *eval, const NtupleModel *patterns, FILE *out,
                    SuiteResult *result, char *err, size_t err_size);

#endif
