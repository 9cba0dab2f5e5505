/* The solver's transposition table: proof and disproof numbers of the
 * proof under way and the bounds on the final margin that earlier proofs
 * established, within a memory budget. When a bucket is full the entry
 * that goes is one without a proven bound before one with, and the one
 * that cost the fewest nodes among those. */
#ifndef RIN_SOLVE_TABLE_H
#define RIN_SOLVE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bounds beyond any margin (the board has at most 256 points). */
enum { SOLVE_MARGIN_NONE = 1000 };

typedef struct SolveEntry {
    uint64_t key;
    uint32_t pn, dn;     /* of the proof of "Black's margin >= target" */
    uint32_t work;       /* nodes spent below this position (saturating) */
    int16_t lower;       /* Black's final margin is proven >= lower ... */
    int16_t upper;       /* ... and <= upper (+-SOLVE_MARGIN_NONE: nothing proven) */
    int16_t target;      /* the target pn and dn belong to */
    uint16_t used;       /* 0 for a free entry */
} SolveEntry;

/* Two entries: a bucket is one 64-byte cache line. */
enum { SOLVE_BUCKET = 2 };

typedef struct SolveTable {
    SolveEntry *entries;
    size_t bucket_mask; /* buckets - 1, a power of two */
    size_t used;        /* entries in use */
} SolveTable;

/* Allocates the largest power of two of buckets that fits in `bytes` (at
 * least one bucket). Returns false, leaving *table empty, when memory runs
 * out. */
bool solve_table_init(SolveTable *table, size_t bytes);
void solve_table_free(SolveTable *table);

static inline size_t solve_table_capacity(const SolveTable *table) { return (table->bucket_mask + 1) * SOLVE_BUCKET; }
static inline size_t solve_table_bytes(const SolveTable *table) { return solve_table_capacity(table) * sizeof(SolveEntry); }

/* The bucket of a key. The smallest of eight hashes has its top bits
 * skewed towards zero: mixed, every bit of the key decides the bucket. */
static inline SolveEntry *solve_table_bucket(const SolveTable *table, uint64_t key)
{
    uint64_t x = key * UINT64_C(0x9E3779B97F4A7C15);
    return table->entries + ((x >> 32) & table->bucket_mask) * SOLVE_BUCKET;
}

/* Starts loading the bucket of a key, to be read soon (a table far larger
 * than the caches makes each probe a trip to memory: children's probes
 * are started together so that the trips overlap). */
static inline void solve_table_prefetch(const SolveTable *table, uint64_t key)
{
    __builtin_prefetch(solve_table_bucket(table, key));
}

/* The entry of `key`, or NULL. */
const SolveEntry *solve_table_find(const SolveTable *table, uint64_t key);

/* The entry of `key` to write: the existing one, or a fresh one (bounds
 * unknown, no work) in place of the bucket's least valuable entry. */
SolveEntry *solve_table_slot(SolveTable *table, uint64_t key);

/* An entry as SOLVE_ENTRY_WORDS words, for a copy of the table (the
 * solver's checkpoints): the key; pn | dn << 32; work | lower << 32 |
 * upper << 48 (the bounds as 16-bit two's complement); the target. */
enum { SOLVE_ENTRY_WORDS = 4 };

/* The entries in use, counted. */
uint64_t solve_table_count(const SolveTable *table);

/* The next entry in use at or after slot *cursor (0 to start) as words;
 * *cursor moves past it. False when there is none left. */
bool solve_table_export(const SolveTable *table, size_t *cursor, uint64_t words[SOLVE_ENTRY_WORDS]);

/* Puts an entry exported from a table of any size into this one, in
 * place of its bucket's least valuable entry (as solve_table_slot). */
void solve_table_import(SolveTable *table, const uint64_t words[SOLVE_ENTRY_WORDS]);

#endif
