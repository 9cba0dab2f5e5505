/* A slow reference implementation of the Rin rules, written to be obviously
 * correct rather than fast: a plain array board, a breadth-first search from
 * the safe zone after every stone, and the turn order computed from the ply
 * count with the formula of engine/RULES.md. It shares no code with the engine's
 * rules; only the conversions at the end of this header use engine types, to
 * compare the two. */
#ifndef RIN_TEST_REFERENCE_H
#define RIN_TEST_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

enum { REF_MAX_SIZE = 16 };

typedef enum RefCell { REF_EMPTY = 0, REF_BLACK = 1, REF_WHITE = 2 } RefCell;

typedef struct RefBoard {
    int size;                                 /* N, 4..16 */
    int ply;                                  /* stones placed by the players */
    uint8_t cell[REF_MAX_SIZE][REF_MAX_SIZE]; /* [row][column], a RefCell */
} RefBoard;

/* What one placement did. */
typedef struct RefFill {
    int filled;   /* points that became the mover's colour, captures included */
    int captured; /* enemy stones among them */
    int regions;  /* separate (orthogonally connected) enclosed regions */
} RefFill;

void ref_init(RefBoard *board, int size);

/* The player of a given ply: Black when ply = 0; otherwise White when
 * floor((ply + 1) / 2) is odd and Black when it is even. */
RefCell ref_player_of_ply(int ply);

/* 1 when the stone of this ply starts a turn (a change of player), else 2. */
int ref_stone_of_ply(int ply);

static inline RefCell ref_to_move(const RefBoard *board) { return ref_player_of_ply(board->ply); }
static inline RefCell ref_opponent(RefCell colour) { return colour == REF_BLACK ? REF_WHITE : REF_BLACK; }

bool ref_on_board(const RefBoard *board, int row, int col);
bool ref_in_safe_zone(const RefBoard *board, int row, int col);
int ref_count(const RefBoard *board, RefCell what);
static inline bool ref_is_over(const RefBoard *board) { return ref_count(board, REF_EMPTY) == 0; }
/* Black's stones minus White's. */
int ref_score(const RefBoard *board);

/* Marks (true) every point that is not `colour` and cannot reach the safe
 * zone by orthogonal steps through points that are not `colour`; returns
 * how many there are. */
int ref_enclosed(const RefBoard *board, RefCell colour, bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE]);

/* Places a stone of the player to move on the empty point (row, col), then
 * fills what it encloses. Returns the number of points filled, or -1 (board
 * untouched) when the point is off the board or not empty. `fill` may be
 * NULL. */
int ref_play(RefBoard *board, int row, int col, RefFill *fill);

/* Black's final margin under best play from board, by a plain minimax over
 * every stone (no memory: positions of a few empty points only). */
int ref_minimax(const RefBoard *board);

/* Number of stone sequences of exactly `depth` plies; games that end
 * earlier contribute nothing. */
uint64_t ref_perft(const RefBoard *board, int depth);

/* Conversions, for comparisons with the engine. Point (row, col) is bit
 * row * 16 + col of a Bitboard, as bitboard.h documents it. */
void ref_from_position(RefBoard *board, const Position *pos);
void ref_stones(const RefBoard *board, Bitboard *black, Bitboard *white);

/* Whether the engine position has exactly the reference's size, stones on
 * every one of the 256 bits (nothing outside the board), player to move,
 * stone of the turn, counts, empty count, game over and score. On a
 * difference, describes the first one in why. The ply counts are not
 * compared: pos_setup keeps the smallest one with the same turn state. */
bool ref_matches(const RefBoard *board, const Position *pos, char *why, size_t why_size);

#endif
