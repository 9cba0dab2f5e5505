/* The reference rules: array board, breadth-first search, literal turn order. */
#include "reference.h"

#include <stdio.h>
#include <string.h>

#include "support.h"

static const int step_row[4] = {-1, 0, 1, 0};
static const int step_col[4] = {0, 1, 0, -1};

void ref_init(RefBoard *board, int size)
{
    memset(board, 0, sizeof *board);
    board->size = size;
    board->ply = 0;
}

RefCell ref_player_of_ply(int ply)
{
    if (ply == 0)
        return REF_BLACK;
    return ((ply + 1) / 2) % 2 == 1 ? REF_WHITE : REF_BLACK;
}

int ref_stone_of_ply(int ply)
{
    if (ply == 0 || ref_player_of_ply(ply - 1) != ref_player_of_ply(ply))
        return 1;
    return 2;
}

bool ref_on_board(const RefBoard *board, int row, int col)
{
    return row >= 0 && col >= 0 && row < board->size && col < board->size;
}

bool ref_in_safe_zone(const RefBoard *board, int row, int col)
{
    return ref_on_board(board, row, col) &&
           (row == 0 || col == 0 || row == board->size - 1 || col == board->size - 1);
}

int ref_count(const RefBoard *board, RefCell what)
{
    int n = 0;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++)
            n += board->cell[r][c] == what;
    return n;
}

int ref_score(const RefBoard *board) { return ref_count(board, REF_BLACK) - ref_count(board, REF_WHITE); }

int ref_enclosed(const RefBoard *board, RefCell colour, bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE])
{
    bool reached[REF_MAX_SIZE][REF_MAX_SIZE];
    int queue[REF_MAX_SIZE * REF_MAX_SIZE][2];
    int head = 0, tail = 0;
    memset(reached, 0, sizeof reached);
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++)
            if (ref_in_safe_zone(board, r, c) && board->cell[r][c] != colour) {
                reached[r][c] = true;
                queue[tail][0] = r;
                queue[tail][1] = c;
                tail++;
            }
    while (head < tail) {
        int r = queue[head][0], c = queue[head][1];
        head++;
        for (int d = 0; d < 4; d++) {
            int nr = r + step_row[d], nc = c + step_col[d];
            if (ref_on_board(board, nr, nc) && !reached[nr][nc] && board->cell[nr][nc] != colour) {
                reached[nr][nc] = true;
                queue[tail][0] = nr;
                queue[tail][1] = nc;
                tail++;
            }
        }
    }
    int n = 0;
    for (int r = 0; r < REF_MAX_SIZE; r++)
        for (int c = 0; c < REF_MAX_SIZE; c++) {
            enclosed[r][c] = ref_on_board(board, r, c) && board->cell[r][c] != colour && !reached[r][c];
            n += enclosed[r][c];
        }
    return n;
}

/* Number of orthogonally connected regions among the marked points. */
static int count_regions(const RefBoard *board, const bool marked[REF_MAX_SIZE][REF_MAX_SIZE])
{
    bool seen[REF_MAX_SIZE][REF_MAX_SIZE];
    int stack[REF_MAX_SIZE * REF_MAX_SIZE][2];
    int regions = 0;
    memset(seen, 0, sizeof seen);
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (!marked[r][c] || seen[r][c])
                continue;
            regions++;
            int top = 0;
            seen[r][c] = true;
            stack[top][0] = r;
            stack[top][1] = c;
            top++;
            while (top > 0) {
                top--;
                int sr = stack[top][0], sc = stack[top][1];
                for (int d = 0; d < 4; d++) {
                    int nr = sr + step_row[d], nc = sc + step_col[d];
                    if (ref_on_board(board, nr, nc) && marked[nr][nc] && !seen[nr][nc]) {
                        seen[nr][nc] = true;
                        stack[top][0] = nr;
                        stack[top][1] = nc;
                        top++;
                    }
                }
            }
        }
    return regions;
}

int ref_play(RefBoard *board, int row, int col, RefFill *fill)
{
    if (!ref_on_board(board, row, col) || board->cell[row][col] != REF_EMPTY)
        return -1;
    RefCell mover = ref_to_move(board);
    board->cell[row][col] = (uint8_t)mover;
    board->ply++;

    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    int filled = ref_enclosed(board, mover, enclosed);
    int captured = 0;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++)
            if (enclosed[r][c]) {
                captured += board->cell[r][c] == ref_opponent(mover);
                board->cell[r][c] = (uint8_t)mover;
            }
    if (fill) {
        fill->filled = filled;
        fill->captured = captured;
        fill->regions = count_regions(board, enclosed);
    }
    return filled;
}

uint64_t ref_perft(const RefBoard *board, int depth)
{
    if (depth == 0)
        return 1;
    if (depth == 1) /* every empty point is a legal stone */
        return (uint64_t)ref_count(board, REF_EMPTY);
    uint64_t total = 0;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (board->cell[r][c] != REF_EMPTY)
                continue;
            RefBoard child = *board;
            ref_play(&child, r, c, NULL);
            total += ref_perft(&child, depth - 1);
        }
    return total;
}

/* Conversions: raw bits of the documented layout, no bitboard functions. */

static bool bit_of(const Bitboard *b, int row, int col)
{
    int p = row * 16 + col;
    return (b->w[p / 64] >> (p % 64)) & 1;
}

static void set_bit(Bitboard *b, int row, int col)
{
    int p = row * 16 + col;
    b->w[p / 64] |= (uint64_t)1 << (p % 64);
}

void ref_from_position(RefBoard *board, const Position *pos)
{
    ref_init(board, pos->size);
    board->ply = pos->ply;
    for (int r = 0; r < pos->size; r++)
        for (int c = 0; c < pos->size; c++) {
            if (bit_of(&pos->stones[COLOR_BLACK], r, c))
                board->cell[r][c] = REF_BLACK;
            else if (bit_of(&pos->stones[COLOR_WHITE], r, c))
                board->cell[r][c] = REF_WHITE;
        }
}

void ref_stones(const RefBoard *board, Bitboard *black, Bitboard *white)
{
    memset(black, 0, sizeof *black);
    memset(white, 0, sizeof *white);
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (board->cell[r][c] == REF_BLACK)
                set_bit(black, r, c);
            else if (board->cell[r][c] == REF_WHITE)
                set_bit(white, r, c);
        }
}

static const char *cell_name(int cell)
{
    static const char *const names[] = {"empty", "black", "white", "black and white"};
    return names[cell & 3];
}

bool ref_matches(const RefBoard *board, const Position *pos, char *why, size_t why_size)
{
    if (pos->size != board->size) {
        snprintf(why, why_size, "size: engine %d, reference %d", (int)pos->size, board->size);
        return false;
    }
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            int engine = bit_of(&pos->stones[COLOR_BLACK], r, c) | bit_of(&pos->stones[COLOR_WHITE], r, c) << 1;
            int expected = ref_on_board(board, r, c) ? board->cell[r][c] : REF_EMPTY;
            if (engine != expected) {
                char name[SUPPORT_VERTEX_MAX] = "off";
                if (ref_on_board(board, r, c))
                    support_vertex_name(board->size, r, c, name);
                snprintf(why, why_size, "point %s (row %d, col %d): engine %s, reference %s", name, r, c,
                         cell_name(engine), cell_name(expected));
                return false;
            }
        }
    struct {
        const char *what;
        int engine, expected;
    } facts[] = {
        {"player to move (0 black, 1 white)", (int)pos_to_move(pos), ref_to_move(board) == REF_WHITE},
        {"stone of the turn", pos_stone_of_turn(pos), ref_stone_of_ply(board->ply)},
        {"black stones", pos_count(pos, COLOR_BLACK), ref_count(board, REF_BLACK)},
        {"white stones", pos_count(pos, COLOR_WHITE), ref_count(board, REF_WHITE)},
        {"empty points", pos_empty_count(pos), ref_count(board, REF_EMPTY)},
        {"game over", pos_is_over(pos), ref_is_over(board)},
        {"score", pos_score(pos), ref_score(board)},
    };
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        if (facts[i].engine != facts[i].expected) {
            snprintf(why, why_size, "%s: engine %d, reference %d", facts[i].what, facts[i].engine, facts[i].expected);
            return false;
        }
    return true;
}

int ref_minimax(const RefBoard *board)
{
    if (ref_is_over(board))
        return ref_score(board);
    bool black = ref_to_move(board) == REF_BLACK;
    int best = black ? -1000 : 1000;
    for (int row = 0; row < board->size; row++)
        for (int col = 0; col < board->size; col++) {
            if (board->cell[row][col] != REF_EMPTY)
                continue;
            RefBoard next = *board;
            ref_play(&next, row, col, NULL);
            int value = ref_minimax(&next);
            if (black ? value > best : value < best)
                best = value;
        }
    return best;
}
