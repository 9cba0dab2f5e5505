/* The checker's search at a proof's leaves (proof_leaf.h): a plain AND/OR
 * search over every legal stone, with nothing but the rules and the count of
 * stones that can no longer change colour. */
#include "formats/proof_leaf.h"

#include <stdlib.h>

/* A slot: the position in full and the question, with its answer. */
typedef struct Slot {
    Bitboard stones[2];
    int16_t margin;
    uint8_t prover, turn, size, answer, used;
} Slot;

struct ProofLeafTable {
    Slot *slot;
    uint64_t mask;
};

enum { TABLE_MIN_EMPTIES = 3 }; /* smaller searches are cheaper than a slot */

ProofLeafTable *proof_leaf_table_create(int log2_slots)
{
    ProofLeafTable *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->mask = ((uint64_t)1 << log2_slots) - 1;
    t->slot = calloc(t->mask + 1, sizeof *t->slot);
    if (!t->slot) {
        free(t);
        return NULL;
    }
    return t;
}

void proof_leaf_table_destroy(ProofLeafTable *table)
{
    if (table)
        free(table->slot);
    free(table);
}

/* The turn as the rest of the game sees it: who moves and with which stone
 * of the turn, which the ply fixes modulo 4 (ply 0: Black's single opening
 * stone). */
static uint8_t turn_of(const Position *pos) { return pos->ply == 0 ? 4 : (uint8_t)(pos->ply & 3); }

static Slot *table_slot(ProofLeafTable *t, const Position *pos) { return &t->slot[pos->hash & t->mask]; }

static bool slot_matches(const Slot *s, const Position *pos, Color prover, int margin)
{
    return s->used && s->prover == prover && s->margin == margin && s->turn == turn_of(pos) &&
           s->size == pos->size && bb_equal(s->stones[0], pos->stones[0]) && bb_equal(s->stones[1], pos->stones[1]);
}

/* The stones of `own` joined to the safe zone (the edge) by a chain of
 * `own` stones: RULES.md says no ring can ever take them. Grown from the
 * edge one step at a time until nothing is added. */
static int joined_to_edge(Bitboard own, int size)
{
    Bitboard joined = bb_and(own, bb_edge(size));
    for (;;) {
        Bitboard grown = bb_and(bb_dilate4(joined), own);
        if (bb_equal(grown, joined))
            return bb_count(joined);
        joined = grown;
    }
}

static bool holds(ProofLeafTable *table, const Position *pos, Color prover, int margin, uint64_t *nodes)
{
    (*nodes)++;
    int points = pos->size * pos->size;
    Color defender = color_other(prover);
    if (pos_is_over(pos))
        return pos_count(pos, prover) - pos_count(pos, defender) >= margin;
    /* on the full board the prover's margin is 2 * (its stones) - points */
    if (2 * joined_to_edge(pos->stones[prover], pos->size) - points >= margin)
        return true;
    if (points - 2 * joined_to_edge(pos->stones[defender], pos->size) < margin)
        return false;
    Slot *slot = NULL;
    if (table && pos_empty_count(pos) >= TABLE_MIN_EMPTIES) {
        slot = table_slot(table, pos);
        if (slot_matches(slot, pos, prover, margin))
            return slot->answer;
    }
    Color mover = pos_to_move(pos);
    bool prover_moves = mover == prover;
    /* every legal stone, those that fill the most first (a plain insertion
     * sort: the order only makes the answer come sooner) */
    Position child[BB_POINTS];
    int gain[BB_POINTS], count = 0;
    Bitboard empty = pos_empty(pos);
    while (!bb_is_empty(empty)) {
        int point = bb_pop(&empty);
        if (pos_check(pos, mover, point) != POS_OK)
            continue;
        Position next = *pos;
        int filled = pos_play(&next, point);
        int i = count++;
        for (; i > 0 && gain[i - 1] < filled; i--) {
            child[i] = child[i - 1];
            gain[i] = gain[i - 1];
        }
        child[i] = next;
        gain[i] = filled;
    }
    bool answer = !prover_moves;
    for (int i = 0; i < count && answer != prover_moves; i++)
        if (holds(table, &child[i], prover, margin, nodes) == prover_moves)
            answer = prover_moves;
    if (slot)
        *slot = (Slot){{pos->stones[0], pos->stones[1]}, (int16_t)margin, (uint8_t)prover, turn_of(pos),
                       (uint8_t)pos->size, answer, 1};
    return answer;
}

bool proof_leaf_holds(ProofLeafTable *table, const Position *pos, Color prover, int margin, uint64_t *nodes)
{
    return holds(table, pos, prover, margin, nodes);
}
