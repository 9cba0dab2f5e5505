/* The search's evaluation, in centistones for the side to move: the
 * hand-set one below (the default: its weights were set by matches), or
 * the learned model of evalmodel.h when the search has one. Clamped so that
 * estimates stay below proven results. */
#include "evaluate.h"

#include "ring.h"
#include "score.h"
#include "tactics.h"

enum {
    W_STONE = 100,    /* a stone on the board */
    W_IMMUNE = 0,     /* extra for a stone that can never be captured */
    W_TERRITORY = 0,  /* an empty point nearer to one colour */
    W_POTENTIAL = 20, /* a point inside a wall with gaps */
    W_FILL_NOW = 40,  /* share of the best fill the side to move can make */
    W_FILL_NEXT = 70, /* share of the opponent's best fill next turn */
    W_TEMPO = 60,     /* per stone left in the side to move's turn */
    W_RING2_NOW = 30  /* share of the best two-stone ring of the side to move (two stones left) */
};

/* Stones of `own` joined to the edge through stones of `own`. */
static Bitboard immune_stones(Bitboard own, int size) { return ring_flood(bb_and(own, bb_edge(size)), own); }

/* Empty points reached first by one colour when both grow one step at a
 * time through empty points (ties belong to nobody and stop both). */
static void voronoi(const Position *pos, Bitboard *black, Bitboard *white)
{
    Bitboard empty = pos_empty(pos);
    Bitboard fb = pos->stones[COLOR_BLACK], fw = pos->stones[COLOR_WHITE];
    Bitboard ob = bb_zero(), ow = bb_zero();
    Bitboard free = empty;
    while (!bb_is_empty(free)) {
        Bitboard nb = bb_and(bb_dilate4(fb), free);
        Bitboard nw = bb_and(bb_dilate4(fw), free);
        if (bb_is_empty(nb) && bb_is_empty(nw))
            break;
        Bitboard tie = bb_and(nb, nw);
        fb = bb_andnot(nb, tie);
        fw = bb_andnot(nw, tie);
        ob = bb_or(ob, fb);
        ow = bb_or(ow, fw);
        free = bb_andnot(free, bb_or(nb, nw));
    }
    *black = ob;
    *white = ow;
}

/* Points (not of `color`) inside the walls of `color` once every gap of its
 * walls (a cut point, `cuts`) is filled. */
static Bitboard potential(const Position *pos, Color color, Bitboard cuts)
{
    Bitboard wall = bb_or(pos->stones[color], cuts);
    return bb_andnot(ring_enclosed_all(wall, pos->size), pos->stones[color]);
}

/* The hand-set evaluation from Black's point of view. */
static int classic_black(const Position *pos, const Tactics *tactics)
{
    struct {
        int stones, immune, territory, potential, threats, tempo;
    } terms, *t = &terms;
    const Bitboard *s = pos->stones;
    int size = pos->size;
    t->stones = W_STONE * (bb_count(s[COLOR_BLACK]) - bb_count(s[COLOR_WHITE]));
    /* Terms whose weight the matches set to 0 cost nothing. */
    t->immune = 0;
    if (W_IMMUNE != 0)
        t->immune = W_IMMUNE * (bb_count(immune_stones(s[COLOR_BLACK], size)) -
                                bb_count(immune_stones(s[COLOR_WHITE], size)));
    t->territory = 0;
    if (W_TERRITORY != 0) {
        Bitboard vb, vw;
        voronoi(pos, &vb, &vw);
        t->territory = W_TERRITORY * (bb_count(vb) - bb_count(vw));
    }
    Color me = pos_to_move(pos);
    int sign = me == COLOR_BLACK ? 1 : -1;
    t->potential = sign * W_POTENTIAL *
                   (bb_count(potential(pos, me, tactics->mine.cuts)) -
                    bb_count(potential(pos, color_other(me), tactics->theirs.cuts)));
    int now = tactics->mine.best;
    int next = tactics->theirs.best;
    /* known only where the node looked for two-stone rings (first stone of a turn) */
    int ring2 = tactics->best_threat;
    t->threats = sign * (W_FILL_NOW * now - W_FILL_NEXT * next + W_RING2_NOW * ring2);
    t->tempo = sign * W_TEMPO * pos_stones_left(pos);
    return t->stones + t->immune + t->territory + t->potential + t->threats + t->tempo;
}

int evaluate_with(const EvalModel *model, const Position *pos, const Tactics *tactics)
{
    if (model) {
        int ring2 = tactics->threats_known ? tactics->best_threat : -1;
        return score_clamp_eval(eval_model_evaluate(model, pos, &tactics->mine, &tactics->theirs, ring2));
    }
    int v = classic_black(pos, tactics);
    return score_clamp_eval(pos_to_move(pos) == COLOR_BLACK ? v : -v);
}

int evaluate(const EvalModel *model, const Position *pos)
{
    Tactics t;
    movepick_tactics(pos, false, &t);
    return evaluate_with(model, pos, &t);
}
