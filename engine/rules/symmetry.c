/* The board's eight symmetries (symmetry.h). */
#include "rules/symmetry.h"

#include "rules/zobrist.h"

int symmetry_point(int s, int size, int point)
{
    int r = point_row(point), c = point_col(point);
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (s & 1)
        c = size - 1 - c;
    if (s & 2)
        r = size - 1 - r;
    return point_make(r, c);
}

Bitboard symmetry_bitboard(int s, int size, Bitboard b)
{
    Bitboard out = bb_zero();
    for (int p; (p = bb_next(&b)) != POINT_NONE;)
        bb_set(&out, symmetry_point(s, size, p));
    return out;
}

Position symmetry_position(int s, const Position *pos)
{
    Position out = *pos;
    out.stones[COLOR_BLACK] = symmetry_bitboard(s, pos->size, pos->stones[COLOR_BLACK]);
    out.stones[COLOR_WHITE] = symmetry_bitboard(s, pos->size, pos->stones[COLOR_WHITE]);
    out.hash = pos_compute_hash(&out);
    return out;
}

void symmetry_table_init(SymmetryTable *sym, int size, bool merge)
{
    sym->size = size;
    sym->count = merge ? SYMMETRIES : 1;
    for (int s = 0; s < SYMMETRIES; s++) {
        for (int p = 0; p < BB_POINTS; p++)
            sym->map[s][p] = (uint8_t)p;
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++)
                sym->map[s][point_make(r, c)] = (uint8_t)symmetry_point(s, size, point_make(r, c));
        for (int p = 0; p < BB_POINTS; p++)
            sym->inverse[s][sym->map[s][p]] = (uint8_t)p;
    }
}

void symmetry_hashes(const SymmetryTable *sym, const Position *pos, SymmetryHashes *out)
{
    /* The turn's part of the hash is the same under every symmetry: take it
     * from the position's own hash by removing its stones. */
    uint64_t turn = pos->hash;
    for (int c = 0; c < 2; c++) {
        Bitboard b = pos->stones[c];
        for (int p; (p = bb_next(&b)) != POINT_NONE;)
            turn ^= zobrist_stone[c][p];
    }
    for (int s = 0; s < SYMMETRIES; s++) {
        uint64_t h = turn;
        for (int c = 0; c < 2; c++) {
            Bitboard b = pos->stones[c];
            for (int p; (p = bb_next(&b)) != POINT_NONE;)
                h ^= zobrist_stone[c][sym->map[s][p]];
        }
        out->h[s] = h;
    }
}

void symmetry_hashes_update(const SymmetryTable *sym, const Position *before, const Position *after,
                            SymmetryHashes *hashes)
{
    uint64_t turn = zobrist_turn_step[before->ply & 3];
    for (int s = 0; s < sym->count; s++)
        hashes->h[s] ^= turn;
    for (int c = 0; c < 2; c++) {
        Bitboard changed = bb_xor(before->stones[c], after->stones[c]);
        for (int p; (p = bb_next(&changed)) != POINT_NONE;)
            for (int s = 0; s < sym->count; s++)
                hashes->h[s] ^= zobrist_stone[c][sym->map[s][p]];
    }
}
