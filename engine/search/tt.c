/* Transposition table: 4-entry buckets of 16 bytes, replacement by depth and
 * age, then work. Data layout: move 16 bits, score 16, work 16, depth 8,
 * bound 2, generation 6. */
#include "search/tt.h"

#include "search/table_memory.h"

#include <string.h>

static uint64_t pack(int move, int score, int work, int depth, int bound, unsigned generation)
{
    uint64_t m = move < 0 ? TT_NO_MOVE : (uint64_t)move;
    return m | (uint64_t)(uint16_t)(int16_t)score << 16 | (uint64_t)(uint16_t)work << 32 |
           (uint64_t)(uint8_t)depth << 48 | (uint64_t)(bound & 3) << 56 | (uint64_t)(generation & 63) << 58;
}

static int unpack_move(uint64_t d)
{
    unsigned m = (unsigned)(d & 0xFFFF);
    return m == TT_NO_MOVE ? -1 : (int)m;
}
static int unpack_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 16); }
static int unpack_work(uint64_t d) { return (uint16_t)(d >> 32); }
static int unpack_depth(uint64_t d) { return (uint8_t)(d >> 48); }
static int unpack_bound(uint64_t d) { return (int)((d >> 56) & 3); }
static unsigned unpack_generation(uint64_t d) { return (unsigned)(d >> 58) & 63; }

bool tt_init(TT *tt, size_t mib)
{
    size_t bytes = mib << 20;
    size_t buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(TTEntry) <= bytes)
        buckets *= 2;
    TTEntry *e = table_memory_alloc(buckets * TT_BUCKET * sizeof *e);
    if (!e) {
        tt->entries = NULL;
        tt->bucket_mask = 0;
        return false;
    }
    tt->entries = e;
    tt->bucket_mask = buckets - 1;
    tt->generation = 0;
    return true;
}

void tt_free(TT *tt)
{
    table_memory_free(tt->entries);
    tt->entries = NULL;
    tt->bucket_mask = 0;
}

void tt_clear(TT *tt)
{
    if (tt->entries)
        memset(tt->entries, 0, (tt->bucket_mask + 1) * TT_BUCKET * sizeof(TTEntry));
    tt->generation = 0;
}

void tt_new_search(TT *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

/* Entries are read and written with relaxed atomics: another thread may be
 * writing the same entry, and the xor check catches a torn pair. */
static uint64_t load(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static void store(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

bool tt_probe(const TT *tt, uint64_t key, TTHit *hit)
{
    if (!tt->entries)
        return false;
    TTEntry *b = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t data = load(&b[i].data);
        if ((load(&b[i].check) ^ data) == key && data != 0) {
            hit->move = unpack_move(data);
            hit->score = unpack_score(data);
            hit->work = unpack_work(data);
            hit->depth = unpack_depth(data);
            hit->bound = unpack_bound(data);
            return true;
        }
    }
    return false;
}

void tt_store(TT *tt, uint64_t key, int move, int score, int work, int depth, int bound)
{
    if (!tt->entries)
        return;
    TTEntry *b = tt_bucket(tt, key);
    TTEntry *victim = NULL;
    int victim_worth = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t data = load(&b[i].data);
        if (data == 0 || (load(&b[i].check) ^ data) == key) {
            /* same position: keep the old move when the new search found none */
            if (data != 0 && move < 0)
                move = unpack_move(data);
            victim = &b[i];
            break;
        }
        /* prefer to replace shallow entries of old searches, then those
         * that cost less work */
        int age = (int)((tt->generation - unpack_generation(data)) & 63);
        int worth = (unpack_depth(data) - 8 * age) * TT_WORK_MAX + unpack_work(data);
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &b[i];
        }
    }
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    if (work < 0)
        work = 0;
    if (work >= TT_WORK_MAX)
        work = TT_WORK_MAX - 1;
    uint64_t data = pack(move, score, work, depth, bound, tt->generation);
    store(&victim->data, data);
    store(&victim->check, key ^ data);
}

size_t tt_capacity(const TT *tt) { return tt->entries ? (tt->bucket_mask + 1) * TT_BUCKET : 0; }

uint64_t tt_count(const TT *tt)
{
    uint64_t n = 0;
    for (size_t i = 0; i < tt_capacity(tt); i++)
        n += load(&tt->entries[i].data) != 0;
    return n;
}

bool tt_export(const TT *tt, size_t *cursor, uint64_t words[TT_ENTRY_WORDS])
{
    for (size_t i = *cursor; i < tt_capacity(tt); i++) {
        uint64_t data = load(&tt->entries[i].data);
        if (data == 0)
            continue;
        words[0] = load(&tt->entries[i].check);
        words[1] = data;
        *cursor = i + 1;
        return true;
    }
    *cursor = tt_capacity(tt);
    return false;
}

bool tt_import(TT *tt, const uint64_t words[TT_ENTRY_WORDS])
{
    uint64_t check = words[0], data = words[1];
    if (!tt->entries || data == 0)
        return false;
    TTEntry *b = tt_bucket(tt, check ^ data);
    for (int i = 0; i < TT_BUCKET; i++)
        if (load(&b[i].data) == 0) {
            store(&b[i].data, data);
            store(&b[i].check, check);
            return true;
        }
    return false;
}

unsigned tt_generation(const TT *tt) { return tt->generation; }

void tt_set_generation(TT *tt, unsigned generation) { tt->generation = (uint8_t)generation; }

int tt_hashfull(const TT *tt)
{
    if (!tt->entries)
        return 0;
    size_t n = (tt->bucket_mask + 1) * TT_BUCKET;
    if (n > 1000)
        n = 1000;
    int used = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t data = load(&tt->entries[i].data);
        if (data && unpack_generation(data) == tt->generation)
            used++;
    }
    return (int)(used * 1000 / n);
}
