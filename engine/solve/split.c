/* Jobs below the root and the root's value from theirs (split.h). */
#include "solve/split.h"

#include <stdlib.h>

uint64_t solve_split_key(const SymmetryTable *sym, const Position *pos)
{
    SymmetryHashes hashes;
    symmetry_hashes(sym, pos, &hashes);
    return symmetry_key(sym, &hashes);
}

int solve_split_symmetry_between(const SymmetryTable *sym, const Position *from, const Position *to)
{
    for (int s = 0; s < sym->count; s++) {
        Position image = symmetry_position(s, from);
        if (pos_same(&image, to))
            return s;
    }
    return -1;
}

/* The keys of the jobs met so far (open addressing, 0 free: a key of 0 is
 * stored as 1, which merges two classes only on a 64-bit collision). */
typedef struct KeySet {
    uint64_t *slot;
    uint64_t mask, used;
} KeySet;

static bool keyset_add(KeySet *set, uint64_t key, bool *added)
{
    key = key ? key : 1;
    if (2 * (set->used + 1) > set->mask + 1) {
        uint64_t slots = set->slot ? 2 * (set->mask + 1) : 1024;
        uint64_t *grown = calloc((size_t)slots, sizeof *grown);
        if (!grown)
            return false;
        for (uint64_t i = 0; set->slot && i <= set->mask; i++)
            if (set->slot[i]) {
                uint64_t j = set->slot[i] & (slots - 1);
                while (grown[j])
                    j = (j + 1) & (slots - 1);
                grown[j] = set->slot[i];
            }
        free(set->slot);
        set->slot = grown;
        set->mask = slots - 1;
    }
    uint64_t i = key & set->mask;
    for (; set->slot[i]; i = (i + 1) & set->mask)
        if (set->slot[i] == key) {
            *added = false;
            return true;
        }
    set->slot[i] = key;
    set->used++;
    *added = true;
    return true;
}

typedef struct Split {
    SymmetryTable sym;
    KeySet seen;
    SolveSplitFn job;
    void *context;
    uint64_t jobs;
} Split;

/* False to stop (out of memory or the callback). */
static bool split_below(Split *s, const Position *pos, int depth)
{
    if (pos_is_over(pos))
        return true;
    if (depth == 0) {
        bool added;
        if (!keyset_add(&s->seen, solve_split_key(&s->sym, pos), &added))
            return false;
        if (!added)
            return true;
        s->jobs++;
        return s->job(s->context, pos);
    }
    Bitboard empty = pos_empty(pos);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        if (pos_check(pos, pos_to_move(pos), p) != POS_OK)
            continue;
        Position next = *pos;
        pos_play(&next, p);
        if (!split_below(s, &next, depth - 1))
            return false;
    }
    return true;
}

bool solve_split(const Position *root, int depth, SolveSplitFn job, void *context, uint64_t *jobs)
{
    Split s = {.job = job, .context = context};
    symmetry_table_init(&s.sym, root->size, true);
    bool ok = split_below(&s, root, depth);
    free(s.seen.slot);
    *jobs = s.jobs;
    return ok;
}

void solve_split_value(const Position *pos, int depth, SolveSplitBoundsFn bounds, void *context, int *lower,
                       int *upper)
{
    if (pos_is_over(pos)) {
        *lower = *upper = pos_score(pos);
        return;
    }
    if (depth == 0) {
        bounds(context, pos, lower, upper);
        return;
    }
    bool black = pos_to_move(pos) == COLOR_BLACK;
    int best_lower = black ? -BB_POINTS - 1 : BB_POINTS + 1, best_upper = best_lower;
    Bitboard empty = pos_empty(pos);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        if (pos_check(pos, pos_to_move(pos), p) != POS_OK)
            continue;
        Position next = *pos;
        pos_play(&next, p);
        int lo, hi;
        solve_split_value(&next, depth - 1, bounds, context, &lo, &hi);
        if (black ? lo > best_lower : lo < best_lower)
            best_lower = lo;
        if (black ? hi > best_upper : hi < best_upper)
            best_upper = hi;
    }
    *lower = best_lower;
    *upper = best_upper;
}
