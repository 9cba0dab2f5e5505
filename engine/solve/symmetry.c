/* The board's eight symmetries and the hashes under them (symmetry.h). */
#include "solve/symmetry.h"

void solve_symmetry_init(SolveSymmetry *sym, int size, bool merge)
{
    sym->size = size;
    sym->count = merge ? SOLVE_SYMMETRIES : 1;
    for (int s = 0; s < SOLVE_SYMMETRIES; s++) {
        for (int p = 0; p < BB_POINTS; p++)
            sym->map[s][p] = (uint8_t)p;
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++)
                sym->map[s][point_make(r, c)] = (uint8_t)symmetry_point(s, size, point_make(r, c));
    }
}

void solve_symmetry_hashes(const SolveSymmetry *sym, const Position *pos, SolveHashes *out)
{
    /* The turn's part of the hash is the same under every symmetry: take it
     * from the position's own hash by removing its stones. */
    uint64_t turn = pos->hash;
    for (int c = 0; c < 2; c++) {
        Bitboard b = pos->stones[c];
        for (int p; (p = bb_next(&b)) != POINT_NONE;)
            turn ^= zobrist_stone[c][p];
    }
    for (int s = 0; s < SOLVE_SYMMETRIES; s++) {
        uint64_t h = turn;
        for (int c = 0; c < 2; c++) {
            Bitboard b = pos->stones[c];
            for (int p; (p = bb_next(&b)) != POINT_NONE;)
                h ^= zobrist_stone[c][sym->map[s][p]];
        }
        out->h[s] = h;
    }
}

void solve_symmetry_update(const SolveSymmetry *sym, const Position *before, const Position *after,
                           SolveHashes *hashes)
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
