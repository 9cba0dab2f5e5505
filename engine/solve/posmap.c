/* Positions numbered in order of first mention (posmap.h). */
#include "solve/posmap.h"

#include <stdlib.h>

static bool grow_index(SolvePosMap *m)
{
    uint64_t slots = m->slot ? 2 * (m->slot_mask + 1) : 4096;
    uint64_t *grown = calloc((size_t)slots, sizeof *grown);
    if (!grown)
        return false;
    for (uint64_t id = 0; id < m->count; id++) {
        uint64_t i = m->pos[id].hash & (slots - 1);
        while (grown[i])
            i = (i + 1) & (slots - 1);
        grown[i] = id + 1;
    }
    free(m->slot);
    m->slot = grown;
    m->slot_mask = slots - 1;
    return true;
}

bool solve_posmap_init(SolvePosMap *m)
{
    *m = (SolvePosMap){0};
    return grow_index(m);
}

void solve_posmap_free(SolvePosMap *m)
{
    free(m->pos);
    free(m->slot);
    *m = (SolvePosMap){0};
}

/* The slot of pos: its id's, or the free one where it would go. */
static uint64_t find_slot(const SolvePosMap *m, const Position *pos)
{
    uint64_t i = pos->hash & m->slot_mask;
    while (m->slot[i] && !(m->pos[m->slot[i] - 1].hash == pos->hash && pos_same(&m->pos[m->slot[i] - 1], pos)))
        i = (i + 1) & m->slot_mask;
    return i;
}

bool solve_posmap_has(const SolvePosMap *m, const Position *pos) { return m->slot[find_slot(m, pos)] != 0; }

bool solve_posmap_id(SolvePosMap *m, const Position *pos, uint64_t *id, bool *added)
{
    uint64_t i = find_slot(m, pos);
    if (m->slot[i]) {
        *id = m->slot[i] - 1;
        *added = false;
        return true;
    }
    if (m->count == m->capacity) {
        uint64_t capacity = m->capacity ? 2 * m->capacity : 4096;
        Position *grown = realloc(m->pos, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        m->pos = grown;
        m->capacity = capacity;
    }
    m->pos[m->count] = *pos;
    m->slot[i] = m->count + 1;
    *id = m->count++;
    *added = true;
    return 2 * m->count <= m->slot_mask + 1 || grow_index(m);
}
