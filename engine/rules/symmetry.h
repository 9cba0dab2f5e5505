/* The board's eight symmetries: symmetry s (0 to 7) of an N x N board
 * transposes it (s & 4), then mirrors its columns (s & 1) and its rows
 * (s & 2). A position and its mirror images have the same value. */
#ifndef RIN_SYMMETRY_H
#define RIN_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/bitboard.h"
#include "rules/position.h"

enum { SYMMETRIES = 8 };

/* The image of an on-board point under symmetry s. */
int symmetry_point(int s, int size, int point);

/* The image of a set of points under symmetry s. */
Bitboard symmetry_bitboard(int s, int size, Bitboard b);

/* The position under symmetry s: its stones moved, the same turn and ply,
 * its hash computed again. */
Position symmetry_position(int s, const Position *pos);

/* The symmetries as tables, for the solvers: the image of every point and
 * the point whose image it is. With `merge` false only the identity is in
 * use (count 1: mirror images are then told apart, which is how the saving
 * of the eight is measured). */
typedef struct SymmetryTable {
    int size;
    int count; /* 8, or 1 when mirror images are not merged */
    uint8_t map[SYMMETRIES][BB_POINTS];
    uint8_t inverse[SYMMETRIES][BB_POINTS];
} SymmetryTable;

void symmetry_table_init(SymmetryTable *table, int size, bool merge);

/* The Zobrist hash of a position under each symmetry in use (h[0] is
 * pos->hash), kept up to date stone by stone; the smallest of them is the
 * same for a position and all its mirror images: the key under which the
 * solvers' tables file it. */
typedef struct SymmetryHashes {
    uint64_t h[SYMMETRIES];
} SymmetryHashes;

/* The hashes of pos, computed from scratch. */
void symmetry_hashes(const SymmetryTable *table, const Position *pos, SymmetryHashes *out);

/* The hashes of `after`, one stone (and its fill) after `before`, whose
 * hashes are `hashes`; updated in place. */
void symmetry_hashes_update(const SymmetryTable *table, const Position *before, const Position *after,
                            SymmetryHashes *hashes);

/* The symmetry in use whose hash is the smallest: the position's key is
 * its hash, and map[image] takes the position's points to the key's frame. */
static inline int symmetry_key_image(const SymmetryTable *table, const SymmetryHashes *hashes)
{
    int image = 0;
    for (int s = 1; s < table->count; s++)
        if (hashes->h[s] < hashes->h[image])
            image = s;
    return image;
}

static inline uint64_t symmetry_key(const SymmetryTable *table, const SymmetryHashes *hashes)
{
    return hashes->h[symmetry_key_image(table, hashes)];
}

#endif
