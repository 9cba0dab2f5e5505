/* The root's Monte Carlo prior (see mcprior.h). */
#include "search/mcprior.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "eval/evaluate.h"
#include "rules/playout.h"
#include "rules/score.h"

enum { STOP_POLL = 16 /* games between polls of the stop callback */ };

void mcprior_clear(McPrior *prior) { memset(prior, 0, sizeof *prior); }

typedef struct Tally {
    int games;
    int64_t outcome_sum;            /* Black's results: +1 won, 0 drawn, -1 lost */
    int32_t black_end[BB_POINTS];   /* games the point ended Black */
    int32_t placed[2][BB_POINTS];   /* games the colour placed a stone there */
    int64_t placed_outcome[2][BB_POINTS];
} Tally;

static void tally_game(Tally *t, const Position *end, const Bitboard placed[2])
{
    int margin = pos_score(end);
    int outcome = (margin > 0) - (margin < 0);
    t->games++;
    t->outcome_sum += outcome;
    Bitboard b = end->stones[COLOR_BLACK];
    for (int p; (p = bb_next(&b)) != POINT_NONE;)
        t->black_end[p]++;
    for (int c = 0; c < 2; c++) {
        Bitboard s = placed[c];
        for (int p; (p = bb_next(&s)) != POINT_NONE;) {
            t->placed[c][p]++;
            t->placed_outcome[c][p] += outcome;
        }
    }
}

static void tally_to_prior(const Tally *t, const SearchParams *params, const Position *root, McPrior *prior)
{
    int n = t->games;
    double mean_outcome = (double)t->outcome_sum / n;
    Bitboard board = bb_board(root->size);
    for (int p; (p = bb_next(&board)) != POINT_NONE;) {
        int own = (int)((200 * (int64_t)t->black_end[p] - 100 * (int64_t)n) / n);
        prior->value[2][p] = (int16_t)own;
        int at = pos_at(root, p);
        for (int c = 0; c < 2; c++) {
            int sign = c == COLOR_BLACK ? 100 : -100;
            if (at == c)
                prior->value[c][p] = (int16_t)own; /* the root's stone: its games tell */
            else if (at >= 0)
                prior->value[c][p] = (int16_t)sign; /* taken from the other colour: filled */
            int32_t k = t->placed[c][p];
            int32_t shrink = SEARCH_PARAM(params, amaf_shrink);
            double gain = k ? ((double)t->placed_outcome[c][p] / k - mean_outcome) * k / (k + shrink) : 0.0;
            gain *= SEARCH_PARAM(params, prior_win_stones);
            prior->amaf[c][p] = (int16_t)(100.0 * (c == COLOR_BLACK ? gain : -gain));
            if (at < 0)
                prior->value[c][p] = (int16_t)(own + 100.0 * gain); /* Black's view */
        }
    }
}

/* One thread's share of the games: its tally, and its own random
 * sequence, kept on the thread's stack while it plays (two threads'
 * sequences side by side in one cache line play fewer games together than
 * one alone). */
typedef struct Share {
    const Position *root;
    int playouts;
    Rng rng;
    bool (*stop)(void *context);
    void *context;
    pthread_t thread;
    Tally tally;
} Share;

static void play_share(Share *share)
{
    Rng rng = share->rng;
    for (int i = 0; i < share->playouts; i++) {
        if (share->stop && i % STOP_POLL == 0 && share->stop(share->context))
            break;
        Position end = *share->root;
        Bitboard placed[2] = {bb_zero(), bb_zero()};
        playout_random_placed(&end, &rng, placed);
        tally_game(&share->tally, &end, placed);
    }
    share->rng = rng;
}

static void *share_main(void *arg)
{
    play_share(arg);
    return NULL;
}

static void tally_add(Tally *sum, const Tally *t)
{
    sum->games += t->games;
    sum->outcome_sum += t->outcome_sum;
    for (int p = 0; p < BB_POINTS; p++) {
        sum->black_end[p] += t->black_end[p];
        for (int c = 0; c < 2; c++) {
            sum->placed[c][p] += t->placed[c][p];
            sum->placed_outcome[c][p] += t->placed_outcome[c][p];
        }
    }
}

static void prior_from_tally(McPrior *prior, const Tally *t, const SearchParams *params, const Position *root)
{
    if (t->games < MCPRIOR_MIN_PLAYOUTS)
        return;
    tally_to_prior(t, params, root, prior);
    prior->playouts = t->games;
    prior->root_stones[COLOR_BLACK] = root->stones[COLOR_BLACK];
    prior->root_stones[COLOR_WHITE] = root->stones[COLOR_WHITE];
    prior->ready = true;
}

void mcprior_compute(McPrior *prior, const SearchParams *params, const Position *root, int playouts, Rng *rng,
                     bool (*stop)(void *context), void *context)
{
    mcprior_clear(prior);
    Share *share = calloc(1, sizeof *share);
    if (!share)
        return;
    *share = (Share){.root = root, .playouts = playouts, .rng = *rng, .stop = stop, .context = context};
    play_share(share);
    *rng = share->rng;
    prior_from_tally(prior, &share->tally, params, root);
    free(share);
}

void mcprior_compute_threads(McPrior *prior, const SearchParams *params, const Position *root, int playouts, Rng *rng,
                             int threads, bool (*stop)(void *context), void *context)
{
    if (threads <= 1) {
        mcprior_compute(prior, params, root, playouts, rng, stop, context);
        return;
    }
    if (threads > MCPRIOR_MAX_THREADS)
        threads = MCPRIOR_MAX_THREADS;
    Share *shares = calloc((size_t)threads, sizeof *shares);
    if (!shares) {
        mcprior_compute(prior, params, root, playouts, rng, stop, context);
        return;
    }
    mcprior_clear(prior);
    uint64_t base = rng_next(rng);
    for (int i = 0; i < threads; i++) {
        shares[i] = (Share){.root = root,
                            .playouts = playouts / threads + (i < playouts % threads),
                            .stop = stop,
                            .context = context};
        rng_seed(&shares[i].rng, base + (uint64_t)i * UINT64_C(0xD1B54A32D192ED03));
    }
    int started = 1;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&shares[i].thread, NULL, share_main, &shares[i]) != 0)
            break;
        started++;
    }
    /* the shares of threads that could not start are played here */
    for (int i = started; i < threads; i++)
        shares[0].playouts += shares[i].playouts;
    play_share(&shares[0]);
    for (int i = 1; i < started; i++) {
        pthread_join(shares[i].thread, NULL);
        tally_add(&shares[0].tally, &shares[i].tally);
    }
    prior_from_tally(prior, &shares[0].tally, params, root);
    free(shares);
}

int mcprior_margin(const McPrior *prior, const Position *pos)
{
    int v = 0;
    for (int c = 0; c < 2; c++) {
        Bitboard b = pos->stones[c];
        for (int p; (p = bb_next(&b)) != POINT_NONE;)
            v += prior->value[c][p];
    }
    Bitboard e = pos_empty(pos);
    for (int p; (p = bb_next(&e)) != POINT_NONE;)
        v += prior->value[2][p];
    return pos_to_move(pos) == COLOR_BLACK ? v : -v;
}

int mcprior_gain(const McPrior *prior, const Position *pos)
{
    /* value[2] of a point taken at the root is its stone's value there */
    int v = 0;
    for (int c = 0; c < 2; c++) {
        Bitboard changed = bb_andnot(pos->stones[c], prior->root_stones[c]);
        for (int p; (p = bb_next(&changed)) != POINT_NONE;)
            v += prior->value[c][p] - prior->value[2][p];
    }
    return pos_to_move(pos) == COLOR_BLACK ? v : -v;
}

int mcprior_estimate(const EvalModel *model, const McPrior *prior, const SearchParams *params, const Position *pos,
                     const Tactics *tactics)
{
    return mcprior_add_gain(prior, params, pos, evaluate_with(model, pos, tactics));
}

int mcprior_add_gain(const McPrior *prior, const SearchParams *params, const Position *pos, int margin)
{
    if (!prior->ready)
        return margin;
    /* the larger boards, where the search sees less of the game, lean on
     * the random games more (strength log rows 82 to 87), and more again
     * when the games are many enough for their AMAF values to be sure
     * (row 105) */
    int quarters = SEARCH_PARAM(params, prior_gain_weight);
    if (pos->size >= MCPRIOR_LARGE_BOARD)
        quarters = prior->playouts >= SEARCH_PARAM(params, prior_many_playouts)
                       ? SEARCH_PARAM(params, prior_gain_weight_many)
                       : SEARCH_PARAM(params, prior_gain_weight_large);
    return score_clamp_eval(margin + mcprior_gain(prior, pos) * quarters / 4);
}

int mcprior_utility(const EvalModel *model, const Position *pos, int margin)
{
    if (!eval_model_has_curve(model))
        return margin;
    return eval_model_utility(model, eval_stage(pos), pos_stones_left(pos), margin);
}

int mcprior_evaluate(const EvalModel *model, const McPrior *prior, const SearchParams *params, const Position *pos,
                     const Tactics *tactics)
{
    return mcprior_utility(model, pos, mcprior_estimate(model, prior, params, pos, tactics));
}
