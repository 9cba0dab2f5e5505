/* The solver's transposition table (table.h). */
#include "solve/table.h"

#include "search/table_memory.h"

#include <stdlib.h>
#include <string.h>

bool solve_table_init(SolveTable *table, size_t bytes)
{
    size_t buckets = 1;
    while (buckets * 2 * SOLVE_BUCKET * sizeof(SolveEntry) <= bytes)
        buckets *= 2;
    size_t bytes_used = buckets * SOLVE_BUCKET * sizeof(SolveEntry);
    SolveEntry *entries = table_memory_alloc(bytes_used);
    if (!entries) {
        memset(table, 0, sizeof *table);
        return false;
    }
    table->entries = entries;
    table->bucket_mask = buckets - 1;
    table->used = 0;
    return true;
}

void solve_table_free(SolveTable *table)
{
    table_memory_free(table->entries);
    memset(table, 0, sizeof *table);
}

const SolveEntry *solve_table_find(const SolveTable *table, uint64_t key)
{
    const SolveEntry *bucket = solve_table_bucket(table, key);
    for (int i = 0; i < SOLVE_BUCKET; i++)
        if (bucket[i].used && bucket[i].key == key)
            return &bucket[i];
    return NULL;
}

/* What an entry is worth keeping: a proven bound first, then its work. */
static uint64_t entry_value(const SolveEntry *e)
{
    if (!e->used)
        return 0;
    bool proven = e->lower > -SOLVE_MARGIN_NONE || e->upper < SOLVE_MARGIN_NONE;
    return ((uint64_t)proven << 32) + e->work + 1;
}

SolveEntry *solve_table_slot(SolveTable *table, uint64_t key)
{
    SolveEntry *bucket = solve_table_bucket(table, key);
    SolveEntry *victim = &bucket[0];
    uint64_t victim_value = UINT64_MAX;
    for (int i = 0; i < SOLVE_BUCKET; i++) {
        if (bucket[i].used && bucket[i].key == key)
            return &bucket[i];
        uint64_t value = entry_value(&bucket[i]);
        if (value < victim_value) {
            victim = &bucket[i];
            victim_value = value;
        }
    }
    if (!victim->used)
        table->used++;
    victim->key = key;
    victim->pn = victim->dn = 1;
    victim->work = 0;
    victim->lower = -SOLVE_MARGIN_NONE;
    victim->upper = SOLVE_MARGIN_NONE;
    victim->target = 0;
    victim->used = 1;
    return victim;
}

uint64_t solve_table_count(const SolveTable *table)
{
    uint64_t n = 0;
    for (size_t i = 0; i < solve_table_capacity(table); i++)
        n += table->entries[i].used != 0;
    return n;
}

bool solve_table_export(const SolveTable *table, size_t *cursor, uint64_t words[SOLVE_ENTRY_WORDS])
{
    for (size_t i = *cursor; i < solve_table_capacity(table); i++) {
        const SolveEntry *e = &table->entries[i];
        if (!e->used)
            continue;
        words[0] = e->key;
        words[1] = (uint64_t)e->pn | (uint64_t)e->dn << 32;
        words[2] = (uint64_t)e->work | (uint64_t)(uint16_t)e->lower << 32 | (uint64_t)(uint16_t)e->upper << 48;
        words[3] = (uint64_t)(uint16_t)e->target;
        *cursor = i + 1;
        return true;
    }
    *cursor = solve_table_capacity(table);
    return false;
}

void solve_table_import(SolveTable *table, const uint64_t words[SOLVE_ENTRY_WORDS])
{
    SolveEntry *e = solve_table_slot(table, words[0]);
    e->pn = (uint32_t)words[1];
    e->dn = (uint32_t)(words[1] >> 32);
    e->work = (uint32_t)words[2];
    e->lower = (int16_t)(uint16_t)(words[2] >> 32);
    e->upper = (int16_t)(uint16_t)(words[2] >> 48);
    e->target = (int16_t)(uint16_t)words[3];
}
