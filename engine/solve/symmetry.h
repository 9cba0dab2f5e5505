/* The board's eight symmetries for the solver: the Zobrist hash of a
 * position under each of them, kept up to date stone by stone, and the
 * smallest of the eight, which is the same for a position and all its
 * mirror images (the key the solver's table files them under). */
#ifndef RIN_SOLVE_SYMMETRY_H
#define RIN_SOLVE_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

#include "rules/symmetry.h"

enum { SOLVE_SYMMETRIES = SYMMETRIES };

/* Symmetry s as rules/symmetry.h numbers them, as a table. With `merge` false the solver
 * uses the identity alone (the table then tells mirror images apart: how
 * the saving of the eight is measured). */
typedef struct SolveSymmetry {
    int size;
    int count; /* 8, or 1 when symmetries are not merged */
    uint8_t map[SOLVE_SYMMETRIES][BB_POINTS]; /* the image of each point on the board */
} SolveSymmetry;

/* The hash of a position under each symmetry in use (h[0] is pos->hash). */
typedef struct SolveHashes {
    uint64_t h[SOLVE_SYMMETRIES];
} SolveHashes;

void solve_symmetry_init(SolveSymmetry *sym, int size, bool merge);

/* The image of an on-board point under symmetry s. */
static inline int solve_symmetry_point(const SolveSymmetry *sym, int s, int point) { return sym->map[s][point]; }

/* The hashes of pos, computed from scratch. */
void solve_symmetry_hashes(const SolveSymmetry *sym, const Position *pos, SolveHashes *out);

/* The hashes of `after`, one stone (and its fill) after `before`, whose
 * hashes are `hashes`; updated in place. */
void solve_symmetry_update(const SolveSymmetry *sym, const Position *before, const Position *after,
                           SolveHashes *hashes);

/* The key of the position's class under the symmetries in use: the smallest
 * of its hashes. */
static inline uint64_t solve_symmetry_key(const SolveSymmetry *sym, const SolveHashes *hashes)
{
    uint64_t key = hashes->h[0];
    for (int s = 1; s < sym->count; s++)
        if (hashes->h[s] < key)
            key = hashes->h[s];
    return key;
}

#endif
