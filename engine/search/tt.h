/* Transposition table: shared by all search threads, lock-free (each entry
 * stores its key xor its data, so a torn write reads as a miss). */
#ifndef RIN_TT_H
#define RIN_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TT_BOUND_NONE = 0, TT_BOUND_UPPER = 1, TT_BOUND_LOWER = 2, TT_BOUND_EXACT = 3 };
/* Entries to a bucket: 4 of 16 bytes, one 64-byte cache line. */
enum { TT_BUCKET = 4 };
enum { TT_NO_MOVE = 0xFFFF };
/* An entry's work, 0 to TT_WORK_MAX - 1: of two entries of the same depth
 * and age, the one with less is replaced first (the endgame solver stores
 * the bit length of the nodes it spent below the entry; the search 0). */
enum { TT_WORK_MAX = 64 };

typedef struct TTEntry {
    uint64_t check; /* key ^ data */
    uint64_t data;
} TTEntry;

typedef struct TTHit {
    int move;  /* a point, or -1 */
    int score;
    int work;
    int depth;
    int bound;
} TTHit;

typedef struct TT {
    TTEntry *entries;
    size_t bucket_mask; /* number of 4-entry buckets - 1 */
    uint8_t generation;
} TT;

/* Allocates about `mib` MiB (rounded down to a power of two, at least one
 * bucket). Returns false, leaving *tt empty, when memory runs out. */
bool tt_init(TT *tt, size_t mib);
void tt_free(TT *tt);
void tt_clear(TT *tt);
/* Starts a new search: older entries become preferred victims. */
void tt_new_search(TT *tt);

bool tt_probe(const TT *tt, uint64_t key, TTHit *hit);

/* The first of the TT_BUCKET entries where `key` is kept (the table
 * allocated). */
static inline TTEntry *tt_bucket(const TT *tt, uint64_t key)
{
    return &tt->entries[(key & tt->bucket_mask) * TT_BUCKET];
}

/* Starts loading the bucket of `key` into the cache, for a probe soon
 * after: the table is far larger than the cache, and a probe waits on
 * memory. */
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
    if (tt->entries)
        __builtin_prefetch(tt_bucket(tt, key));
}

void tt_store(TT *tt, uint64_t key, int move, int score, int work, int depth, int bound);

/* The number of entries (four to a bucket). */
size_t tt_capacity(const TT *tt);

/* An entry as TT_ENTRY_WORDS words, for a copy of the table (the solver's
 * checkpoints): its check word (key ^ data), then its data. */
enum { TT_ENTRY_WORDS = 2 };

/* The entries in use, counted. */
uint64_t tt_count(const TT *tt);

/* The next entry in use at or after slot *cursor (0 to start) as words;
 * *cursor moves past it. False when there is none left. */
bool tt_export(const TT *tt, size_t *cursor, uint64_t words[TT_ENTRY_WORDS]);

/* Puts an entry exported from a table of any size into the first free
 * slot of its key's bucket; false, and nothing written, when the bucket
 * is full or the entry is free. */
bool tt_import(TT *tt, const uint64_t words[TT_ENTRY_WORDS]);

/* The table's age, which a copy carries so that its entries keep theirs. */
unsigned tt_generation(const TT *tt);
void tt_set_generation(TT *tt, unsigned generation);

/* Permille of a sample of entries written in the current search. */
int tt_hashfull(const TT *tt);

#endif
