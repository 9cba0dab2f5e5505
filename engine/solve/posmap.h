/* Positions numbered in order of first mention: the nodes of a proof tree,
 * each position once however many lines of play reach it. */
#ifndef RIN_SOLVE_POSMAP_H
#define RIN_SOLVE_POSMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

typedef struct SolvePosMap {
    Position *pos;      /* by id */
    uint64_t count, capacity;
    uint64_t *slot;     /* open addressing by hash: id + 1, 0 free */
    uint64_t slot_mask;
} SolvePosMap;

/* An empty map; false when out of memory. */
bool solve_posmap_init(SolvePosMap *map);
void solve_posmap_free(SolvePosMap *map);

/* The id of pos, numbering it next when new (*added then true); false
 * when out of memory. */
bool solve_posmap_id(SolvePosMap *map, const Position *pos, uint64_t *id, bool *added);

/* Whether pos has an id. */
bool solve_posmap_has(const SolvePosMap *map, const Position *pos);

#endif
