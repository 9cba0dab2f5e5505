/* A network with random weights in the ranges a trained one has, for the
 * tests of the network and of the search with one (cmocka's asserts). */
#ifndef RIN_TEST_RANDOM_NETWORK_H
#define RIN_TEST_RANDOM_NETWORK_H

#include "base/random.h"
#include "eval/nnue.h"

static int random_network_in(Rng *rng, int low, int high)
{
    return low + (int)rng_below(rng, (uint32_t)(high - low + 1));
}

static NnueModel *random_network(uint64_t seed)
{
    NnueModel *m = nnue_model_create();
    assert_non_null(m);
    Rng rng;
    rng_seed(&rng, seed);
    for (size_t i = 0; i < (size_t)m->rows * NNUE_HIDDEN; i++)
        m->row[i] = (int16_t)random_network_in(&rng, -60, 60);
    for (int i = 0; i < NNUE_HIDDEN; i++) {
        m->point_bias[i] = (int16_t)random_network_in(&rng, -20, 80);
        m->owner_weight[i] = (int16_t)random_network_in(&rng, -8000, 8000);
    }
    m->owner_bias = random_network_in(&rng, -200000, 200000);
    for (int j = 0; j < NNUE_L1; j++) {
        for (int i = 0; i < NNUE_INPUTS; i++)
            m->l1_weight[j][i] = (int16_t)random_network_in(&rng, -3000, 3000);
        m->l1_bias[j] = random_network_in(&rng, -300000, 300000);
    }
    for (int j = 0; j < NNUE_L2; j++) {
        for (int i = 0; i < NNUE_L1; i++)
            m->l2_weight[j][i] = (int16_t)random_network_in(&rng, -3000, 3000);
        m->l2_bias[j] = random_network_in(&rng, -300000, 300000);
    }
    for (int i = 0; i < NNUE_L2; i++)
        m->out_weight[i] = (int16_t)random_network_in(&rng, -20000, 20000);
    m->out_bias = random_network_in(&rng, -500000, 500000);
    return m;
}

#endif
