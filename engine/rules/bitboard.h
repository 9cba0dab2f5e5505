/* 256-bit bitboards: the whole 16x16 board, one row per 16-bit lane.
 * Point (row r, column c) is bit r*16 + c; smaller boards use the top-left
 * N x N corner. Everything here is inline: it is the innermost loop. */
#ifndef RIN_BITBOARD_H
#define RIN_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

/* One portable path, and one SIMD path (AVX2: the board is one 256-bit
 * register, a row is one 16-bit element), chosen here and nowhere else. */
#if defined(__AVX2__) && !defined(RIN_PORTABLE)
#include <immintrin.h>
#define BB_AVX2 1
#endif
#if defined(__BMI2__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define BB_HAVE_PDEP 1
#endif

enum {
    BB_MIN_SIZE = 4,
    BB_MAX_SIZE = 16,
    BB_STRIDE = 16,  /* bits per row, whatever the board size */
    BB_POINTS = 256, /* bits in a bitboard */
    BB_WORDS = 4
};

typedef struct Bitboard {
#ifdef BB_AVX2
    union {
        uint64_t w[BB_WORDS];
        __m256i_u v; /* unaligned type: structs holding boards need no 32-byte alignment */
    };
#else
    uint64_t w[BB_WORDS];
#endif
} Bitboard;

/* A point is the bit index row * 16 + column; -1 means "no point". */
#define POINT_NONE (-1)
static inline int point_make(int row, int col) { return row * BB_STRIDE + col; }
static inline int point_row(int p) { return p >> 4; }
static inline int point_col(int p) { return p & 15; }

/* Rows r-1, r and r+1 (0 <= r < 16) in bits 0-15, 16-31 and 32-47; a row
 * above or below the board reads as 0. */
static inline uint64_t bb_rows3(Bitboard b, int r)
{
#ifdef BB_AVX2
    /* in registers: a narrow load after the board was just written would
     * wait for store forwarding */
    int k = r - 1;
    if (k < 0)
        return (uint64_t)(uint32_t)_mm256_cvtsi256_si32(b.v) << 16;
    int d = k >> 1;
    __m256i pair = _mm256_permutevar8x32_epi32(b.v, _mm256_setr_epi32(d, d + 1, 0, 0, 0, 0, 0, 0));
    uint64_t x = (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(pair));
    if (d == 7)
        x &= UINT64_C(0xFFFFFFFF); /* dword 8 does not exist: the index wrapped */
    return (x >> ((k & 1) * 16)) & UINT64_C(0xFFFFFFFFFFFF);
#else
    uint64_t top = r > 0 ? (b.w[(r - 1) >> 2] >> (((r - 1) & 3) * 16)) & 0xFFFF : 0;
    uint64_t mid = (b.w[r >> 2] >> ((r & 3) * 16)) & 0xFFFF;
    uint64_t bot = r < 15 ? (b.w[(r + 1) >> 2] >> (((r + 1) & 3) * 16)) & 0xFFFF : 0;
    return top | mid << 16 | bot << 32;
#endif
}

#define BB_COL0 UINT64_C(0x0001000100010001)
#define BB_COL15 UINT64_C(0x8000800080008000)

/* Per-size masks: every point on the board, and the safe zone (edge). */
extern const Bitboard bb_board_masks[BB_MAX_SIZE + 1];
extern const Bitboard bb_edge_masks[BB_MAX_SIZE + 1];

static inline Bitboard bb_board(int size) { return bb_board_masks[size]; }
static inline Bitboard bb_edge(int size) { return bb_edge_masks[size]; }

static inline Bitboard bb_zero(void)
{
    Bitboard r = {.w = {0, 0, 0, 0}};
    return r;
}

static inline Bitboard bb_point(int p)
{
    Bitboard r;
#ifdef BB_AVX2
    /* Built in a register: a narrow store followed by a wide load of the same
     * board would stall store forwarding. */
    __m256i word = _mm256_cmpeq_epi64(_mm256_set1_epi64x(p >> 6), _mm256_setr_epi64x(0, 1, 2, 3));
    r.v = _mm256_and_si256(word, _mm256_set1_epi64x((long long)((uint64_t)1 << (p & 63))));
#else
    r = bb_zero();
    r.w[p >> 6] = (uint64_t)1 << (p & 63);
#endif
    return r;
}

static inline bool bb_test(Bitboard b, int p) { return (b.w[p >> 6] >> (p & 63)) & 1; }

static inline Bitboard bb_and(Bitboard a, Bitboard b)
{
    Bitboard r;
#ifdef BB_AVX2
    r.v = _mm256_and_si256(a.v, b.v);
#else
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = a.w[i] & b.w[i];
#endif
    return r;
}

static inline Bitboard bb_or(Bitboard a, Bitboard b)
{
    Bitboard r;
#ifdef BB_AVX2
    r.v = _mm256_or_si256(a.v, b.v);
#else
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = a.w[i] | b.w[i];
#endif
    return r;
}

static inline Bitboard bb_xor(Bitboard a, Bitboard b)
{
    Bitboard r;
#ifdef BB_AVX2
    r.v = _mm256_xor_si256(a.v, b.v);
#else
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = a.w[i] ^ b.w[i];
#endif
    return r;
}

/* a & ~b */
static inline Bitboard bb_andnot(Bitboard a, Bitboard b)
{
    Bitboard r;
#ifdef BB_AVX2
    r.v = _mm256_andnot_si256(b.v, a.v);
#else
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = a.w[i] & ~b.w[i];
#endif
    return r;
}

#ifdef BB_AVX2
static inline bool bb_is_empty(Bitboard b) { return _mm256_testz_si256(b.v, b.v); }
static inline bool bb_intersects(Bitboard a, Bitboard b) { return !_mm256_testz_si256(a.v, b.v); }
static inline bool bb_equal(Bitboard a, Bitboard b)
{
    __m256i d = _mm256_xor_si256(a.v, b.v);
    return _mm256_testz_si256(d, d);
}
#else
static inline bool bb_is_empty(Bitboard b) { return (b.w[0] | b.w[1] | b.w[2] | b.w[3]) == 0; }

static inline bool bb_intersects(Bitboard a, Bitboard b)
{
    return ((a.w[0] & b.w[0]) | (a.w[1] & b.w[1]) | (a.w[2] & b.w[2]) | (a.w[3] & b.w[3])) != 0;
}

static inline bool bb_equal(Bitboard a, Bitboard b)
{
    return ((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1]) | (a.w[2] ^ b.w[2]) | (a.w[3] ^ b.w[3])) == 0;
}
#endif

/* Whether every point of a is in b. */
static inline bool bb_subset(Bitboard a, Bitboard b)
{
#ifdef BB_AVX2
    return _mm256_testc_si256(b.v, a.v);
#else
    return ((a.w[0] & ~b.w[0]) | (a.w[1] & ~b.w[1]) | (a.w[2] & ~b.w[2]) | (a.w[3] & ~b.w[3])) == 0;
#endif
}

static inline void bb_set(Bitboard *b, int p) { *b = bb_or(*b, bb_point(p)); }
static inline void bb_clear(Bitboard *b, int p) { *b = bb_andnot(*b, bb_point(p)); }

static inline int bb_count(Bitboard b)
{
    return __builtin_popcountll(b.w[0]) + __builtin_popcountll(b.w[1]) + __builtin_popcountll(b.w[2]) +
           __builtin_popcountll(b.w[3]);
}

/* Lowest set point, or POINT_NONE for an empty board. */
static inline int bb_first(Bitboard b)
{
    for (int i = 0; i < BB_WORDS; i++)
        if (b.w[i])
            return i * 64 + __builtin_ctzll(b.w[i]);
    return POINT_NONE;
}

/* Removes and returns the lowest set point, or POINT_NONE when b is empty.
 * Scalar throughout: loops that pop and test in turn
 * (`for (int p; (p = bb_next(&b)) != POINT_NONE;)`) avoid reading the whole
 * board back as a vector right after a word of it was written. */
static inline int bb_next(Bitboard *b)
{
    for (int i = 0; i < BB_WORDS; i++)
        if (b->w[i]) {
            int p = i * 64 + __builtin_ctzll(b->w[i]);
            b->w[i] &= b->w[i] - 1;
            return p;
        }
    return POINT_NONE;
}

/* Removes and returns the lowest set point; b must not be empty. */
static inline int bb_pop(Bitboard *b)
{
    for (int i = 0;; i++)
        if (b->w[i]) {
            int p = i * 64 + __builtin_ctzll(b->w[i]);
            b->w[i] &= b->w[i] - 1;
            return p;
        }
}

/* Bit index of the n-th (0-based) set bit of x; n < popcount(x). */
static inline int bb_select64(uint64_t x, int n)
{
#ifdef BB_HAVE_PDEP
    return __builtin_ctzll(_pdep_u64((uint64_t)1 << n, x));
#else
    int base = 0;
    for (int half = 32; half >= 8; half >>= 1) {
        uint64_t low = x & ((((uint64_t)1) << half) - 1);
        int c = __builtin_popcountll(low);
        if (n >= c) {
            n -= c;
            x >>= half;
            base += half;
        } else {
            x = low;
        }
    }
    while (n--)
        x &= x - 1;
    return base + __builtin_ctzll(x);
#endif
}

/* The n-th (0-based) set point of b; n < bb_count(b). Branch-free: random
 * playouts call it once a stone and its branches would be unpredictable. */
static inline int bb_select(Bitboard b, int n)
{
    int c0 = __builtin_popcountll(b.w[0]);
    int c01 = c0 + __builtin_popcountll(b.w[1]);
    int c012 = c01 + __builtin_popcountll(b.w[2]);
    int before = 0;
    before = n >= c0 ? c0 : before;
    before = n >= c01 ? c01 : before;
    before = n >= c012 ? c012 : before;
    int i = (n >= c0) + (n >= c01) + (n >= c012);
    return i * 64 + bb_select64(b.w[i], n - before);
}

/* The 16 bits of row r (0 <= r < 16). */
static inline unsigned bb_row(Bitboard b, int r)
{
    return (unsigned)(b.w[r >> 2] >> ((r & 3) * 16)) & 0xFFFFu;
}

#ifdef BB_AVX2
/* One row up (towards row 0): the 256-bit value shifted down by 16 bits. */
static inline Bitboard bb_north(Bitboard b)
{
    Bitboard r;
    __m256i hi = _mm256_permute2x128_si256(b.v, b.v, 0x81); /* high half down, zero above */
    r.v = _mm256_alignr_epi8(hi, b.v, 2);
    return r;
}

/* One row down (towards row 15). */
static inline Bitboard bb_south(Bitboard b)
{
    Bitboard r;
    __m256i lo = _mm256_permute2x128_si256(b.v, b.v, 0x08); /* low half up, zero below */
    r.v = _mm256_alignr_epi8(b.v, lo, 14);
    return r;
}

/* One column right; rows are 16-bit elements, so nothing wraps. */
static inline Bitboard bb_east(Bitboard b)
{
    Bitboard r;
    r.v = _mm256_slli_epi16(b.v, 1);
    return r;
}

/* One column left. */
static inline Bitboard bb_west(Bitboard b)
{
    Bitboard r;
    r.v = _mm256_srli_epi16(b.v, 1);
    return r;
}
#else
/* One row up (towards row 0). */
static inline Bitboard bb_north(Bitboard b)
{
    Bitboard r;
    r.w[0] = (b.w[0] >> 16) | (b.w[1] << 48);
    r.w[1] = (b.w[1] >> 16) | (b.w[2] << 48);
    r.w[2] = (b.w[2] >> 16) | (b.w[3] << 48);
    r.w[3] = b.w[3] >> 16;
    return r;
}

/* One row down (towards row 15). */
static inline Bitboard bb_south(Bitboard b)
{
    Bitboard r;
    r.w[0] = b.w[0] << 16;
    r.w[1] = (b.w[1] << 16) | (b.w[0] >> 48);
    r.w[2] = (b.w[2] << 16) | (b.w[1] >> 48);
    r.w[3] = (b.w[3] << 16) | (b.w[2] >> 48);
    return r;
}

/* One column right; nothing wraps into the next row. */
static inline Bitboard bb_east(Bitboard b)
{
    Bitboard r;
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = (b.w[i] << 1) & ~BB_COL0;
    return r;
}

/* One column left; nothing wraps into the previous row. */
static inline Bitboard bb_west(Bitboard b)
{
    Bitboard r;
    for (int i = 0; i < BB_WORDS; i++)
        r.w[i] = (b.w[i] >> 1) & ~BB_COL15;
    return r;
}
#endif

/* `seed` with, in every row, the points of `area` that it reaches by steps
 * east (towards higher columns) inside `area`: a whole run in one step.
 * `seed` must lie inside `area`. Adding the seed to the area carries along
 * each run from its seed and stops at the first point outside it; 16-bit
 * lanes keep the carry inside the row. */
static inline Bitboard bb_fill_east(Bitboard seed, Bitboard area)
{
    Bitboard sum;
#ifdef BB_AVX2
    sum.v = _mm256_add_epi16(area.v, seed.v);
#else
    /* the same add, lane by lane: the top bit of each lane is added apart,
     * so that no carry crosses into the next row */
    const uint64_t top = UINT64_C(0x8000800080008000);
    for (int i = 0; i < BB_WORDS; i++)
        sum.w[i] = ((area.w[i] & ~top) + (seed.w[i] & ~top)) ^ ((area.w[i] ^ seed.w[i]) & top);
#endif
    return bb_or(bb_and(bb_xor(sum, area), area), seed);
}

/* b with its four orthogonal neighbours added. */
static inline Bitboard bb_dilate4(Bitboard b)
{
    return bb_or(bb_or(b, bb_or(bb_north(b), bb_south(b))), bb_or(bb_east(b), bb_west(b)));
}

/* b with its eight neighbours added. */
static inline Bitboard bb_dilate8(Bitboard b)
{
    Bitboard h = bb_or(b, bb_or(bb_east(b), bb_west(b)));
    return bb_or(h, bb_or(bb_north(h), bb_south(h)));
}

#endif
