/* The checker's search at a proof's leaves (proof_leaf.h): a plain AND/OR
 * search over every legal stone, with nothing but the rules and the count of
 * stones that can no longer change colour (rules/stable.h). */
#include "formats/proof_leaf.h"

#include <stdlib.h>

#include "rules/stable.h"

/* A slot: the position in full and the question, with its answer. A slot
 * never written holds a position of size 0, which matches none. */
typedef struct Slot {
    Position pos;
    int16_t margin;
    uint8_t prover, answer;
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

static Slot *table_slot(ProofLeafTable *t, const Position *pos) { return &t->slot[pos->hash & t->mask]; }

/* Same stones, turn and size (pos_same), and the same question. */
static bool slot_matches(const Slot *s, const Position *pos, Color prover, int margin)
{
    return s->prover == prover && s->margin == margin && pos_same(&s->pos, pos);
}

static bool holds(ProofLeafTable *table, const Position *pos, Color prover, int margin, uint64_t *nodes)
{
    (*nodes)++;
    int points = pos->size * pos->size;
    Color defender = color_other(prover);
    if (pos_is_over(pos))
        return pos_count(pos, prover) - pos_count(pos, defender) >= margin;
    /* on the full board the prover's margin is 2 * (its stones) - points,
     * and no ring can take a stone joined to the safe zone (RULES.md) */
    if (2 * bb_count(stable_stones(pos->stones[prover], pos->size)) - points >= margin)
        return true;
    if (points - 2 * bb_count(stable_stones(pos->stones[defender], pos->size)) < margin)
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
        *slot = (Slot){*pos, (int16_t)margin, (uint8_t)prover, answer};
    return answer;
}

bool proof_leaf_holds(ProofLeafTable *table, const Position *pos, Color prover, int margin, uint64_t *nodes)
{
    return holds(table, pos, prover, margin, nodes);
}
