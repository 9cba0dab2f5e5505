/* The network trainer's data (scripts/train-net reads it through ctypes
 * from the shared library librinnet): the positions of `rin selfplay`
 * binary game files with their labels, and batches of the features the
 * engine's network reads (eval/nnue.h, nnue_features), computed by the
 * engine's own code so that training and play cannot drift apart. Also
 * the engine's integer network on those positions, to check the trainer's
 * float network against it. */
#ifndef RIN_NET_DATA_H
#define RIN_NET_DATA_H

#include <stddef.h>
#include <stdint.h>

typedef struct NetData NetData;

enum {
    NET_DATA_POINTS = 256,     /* points of a batch row: the largest board */
    NET_DATA_NO_POOL = 255,    /* the pool of a point off the board */
    NET_DATA_ERROR_MAX = 256
};

/* An empty set; NULL when memory runs out. */
NetData *net_data_create(void);
void net_data_destroy(NetData *data);

/* Adds every position of a binary game file (rin-games 1) that the search
 * or exploration played from. Returns 0, or -1 with the reason in err (the
 * set then holds the games before the bad one). */
int net_data_read(NetData *data, const char *path, char *err, size_t err_size);

size_t net_data_count(const NetData *data);

/* The feature rows of the network (FeatureMap.params): a batch's padding
 * key is this number. */
uint32_t net_data_rows(const NetData *data);

/* For each position: its game's index, board size and stones placed. */
void net_data_describe(const NetData *data, int64_t *game, int32_t *size, int32_t *stones);

/* A batch of the positions `which[0..n)`: for each, NET_DATA_POINTS rows
 * of FEAT_GROUPS keys (key, the padding key off the board), every point's
 * pool (pool, NET_DATA_NO_POOL off the board), its final owner seen by the
 * side to move (owner: 1 the side to move's, 0 the opponent's, -1 off the
 * board), the final margin for the side to move in stones (margin), the
 * search's score in stones for the side to move (score; a proven score as
 * its margin; NaN where the search gave none, as for a random stone) and
 * whether two stones are left (two_left). Returns 0, or -1 for an index
 * out of range. */
int net_data_batch(const NetData *data, const int64_t *which, size_t n, uint32_t *key, uint8_t *pool, int8_t *owner,
                   float *margin, float *score, uint8_t *two_left);

/* The engine's network from the bytes of a weights file on the positions
 * which[0..n): the margin in stones for the side to move (margin) and each
 * point's expected owner in [-1, 1] for the side to move (owner,
 * NET_DATA_POINTS a position, 0 off the board). Returns 0, or -1 with the
 * reason in err. */
int net_data_evaluate(const NetData *data, const uint8_t *weights, size_t weights_size, const int64_t *which, size_t n,
                      double *margin, float *owner, char *err, size_t err_size);

#endif
