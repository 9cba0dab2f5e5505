/* The MCTS player: plain UCT over single stones with uniformly random
 * playouts, the generic player a general game system would field against
 * Rin. A yardstick for the search, not a rival to it: no Rin knowledge
 * beyond the rules. The tree is kept from one stone to the next when the
 * new position is a few stones below the old root. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "players/player.h"
#include "players/tree_pool.h"
#include "rules/playout.h"

/* c in the UCB1 term c * sqrt(ln N / n), rewards in [0, 1]. Chosen by
 * self-play matches at fixed playout counts per stone. At the budgets of
 * 100 ms a stone (50000 playouts on 8x8, 30000 on 12x12) the optimum is
 * flat from 0.2 to 0.35 (0.5 scores 30% against 0.35 on 12x12). Smaller
 * budgets want less exploration: at 2000 playouts on 8x8, 0.2 scores 75%
 * against 0.7, 65% against 0.1 and 55% against 0.3; at 5000 on 12x12 it
 * equals 0.12 and scores 66% against 0.3. So do larger boards: 0.08 to
 * 0.12 beat 0.2 at 5000 playouts on 16x16. 0.2 is good in all of these. */
#define MCTS_EXPLORATION 0.2

enum { MCTS_REUSE_DEPTH = 4 }; /* stones from the old root to a reusable node */

#define MCTS_NONE UINT32_MAX

/* One stone in the tree. Children are added one at a time (one per
 * playout), in a block of the pool: contiguous, so that selection scans an
 * array. `wins` is the sum of playout values for the player who placed
 * `move`: the side to move in the parent, which is the same colour as in
 * the node itself after a turn's first stone. */
typedef struct MctsNode {
    uint32_t first_child; /* index of the block of children */
    uint32_t visits;
    float wins;        /* win 1, draw 0.5, loss 0: exact below 2^23 playouts */
    float mean;        /* wins / visits and 1 / sqrt(visits), kept so that */
    float inv_sqrt;    /* UCB1 is one multiply-add per child */
    int16_t move;
    uint16_t children;
} MctsNode;

typedef struct MctsPlayer {
    Rng rng;
    uint64_t seed;
    double exploration;
    TreePool tree;     /* of MctsNode (in use, or spare slots of blocks); node 0 is the root when count > 0 */
    Position root_pos; /* the position of node 0 */
} MctsPlayer;

/* Node i of the pool: the pool moves when it grows, nodes[i] with it. */
static MctsNode *mcts_node(const MctsPlayer *mp, uint32_t i) { return (MctsNode *)mp->tree.nodes + i; }

static MctsNode mcts_leaf(int move)
{
    return (MctsNode){.first_child = MCTS_NONE, .visits = 0, .wins = 0.0f, .mean = 0.0f, .inv_sqrt = 0.0f,
                      .move = (int16_t)move, .children = 0};
}

/* Slots in the block of a node with `children` children: a power of two,
 * at least 2. A full block is doubled at the end of the pool; the old one
 * stays unused until the tree is next compacted. */
static uint32_t mcts_block_size(uint32_t children)
{
    uint32_t size = 2;
    while (size < children)
        size <<= 1;
    return size;
}

/* A new child of `node` for `move`; MCTS_NONE when the pool is full. */
static uint32_t mcts_add_child(MctsPlayer *mp, uint32_t node, int move)
{
    TreePool *t = &mp->tree;
    uint32_t children = mcts_node(mp, node)->children;
    if (children == 0 || children == mcts_block_size(children)) {
        uint32_t size = children == 0 ? 2 : 2 * children;
        if (!tree_pool_reserve(t, t->count + size))
            return MCTS_NONE;
        MctsNode *n = mcts_node(mp, node);
        if (children)
            memcpy(mcts_node(mp, t->count), mcts_node(mp, n->first_child), children * sizeof *n);
        n->first_child = t->count;
        t->count += size;
    }
    MctsNode *n = mcts_node(mp, node);
    uint32_t child = n->first_child + n->children++;
    *mcts_node(mp, child) = mcts_leaf(move);
    return child;
}

/* The node below `node` whose position is `target`, at most `depth` stones
 * down; MCTS_NONE if none. `pos` is the position of `node`. Only stones on
 * points occupied in the target can lead there: points never empty again. */
static uint32_t mcts_find(const MctsNode *nodes, uint32_t node, const Position *pos, const Position *target,
                          int depth)
{
    if (pos_same(pos, target))
        return node;
    if (depth == 0)
        return MCTS_NONE;
    Bitboard empty = pos_empty(target);
    uint32_t first = nodes[node].first_child;
    for (uint32_t c = first; c < first + nodes[node].children; c++) {
        if (bb_test(empty, nodes[c].move))
            continue;
        Position child = *pos;
        pos_play(&child, nodes[c].move);
        uint32_t found = mcts_find(nodes, c, &child, target, depth - 1);
        if (found != MCTS_NONE)
            return found;
    }
    return MCTS_NONE;
}

/* Copies the subtree of `root` to a new pool, breadth first with the new
 * pool as the queue, and drops the rest (old blocks included: it never
 * needs more slots than the old pool uses). False when memory runs out (the
 * tree is left as it was). */
static bool mcts_keep_subtree(MctsPlayer *mp, uint32_t root)
{
    TreePool *t = &mp->tree;
    MctsNode *dst = malloc((size_t)t->capacity * sizeof *dst);
    if (!dst)
        return false;
    const MctsNode *src = t->nodes;
    dst[0] = src[root];
    uint32_t n = 1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t children = dst[i].children;
        if (children == 0)
            continue;
        uint32_t size = mcts_block_size(children);
        memcpy(&dst[n], &src[dst[i].first_child], children * sizeof *dst);
        for (uint32_t k = children; k < size; k++)
            dst[n + k] = mcts_leaf(POINT_NONE); /* spare slots: no children to follow */
        dst[i].first_child = n;
        n += size;
    }
    free(t->nodes);
    t->nodes = dst;
    t->count = n;
    return true;
}

/* Makes node 0 the root for `pos`: the old tree's node for it when there is
 * one within reach, else a fresh root. False when not even the root fits. */
static bool mcts_set_root(MctsPlayer *mp, const Position *pos)
{
    TreePool *t = &mp->tree;
    uint32_t found = MCTS_NONE;
    if (t->count > 0 && pos->size == mp->root_pos.size) {
        Bitboard before = bb_or(mp->root_pos.stones[0], mp->root_pos.stones[1]);
        Bitboard now = bb_or(pos->stones[0], pos->stones[1]);
        if (bb_is_empty(bb_andnot(before, now)))
            found = mcts_find(t->nodes, 0, &mp->root_pos, pos, MCTS_REUSE_DEPTH);
    }
    mp->root_pos = *pos;
    if (found == 0)
        return true;
    if (found != MCTS_NONE && mcts_keep_subtree(mp, found))
        return true;
    if (!tree_pool_reserve(t, 1))
        return false;
    *mcts_node(mp, 0) = mcts_leaf(POINT_NONE);
    t->count = 1;
    return true;
}

/* The child of `node` with the largest UCB1 value; every child has been
 * visited, since a child is added with its first playout. */
static uint32_t mcts_select(const MctsPlayer *mp, const MctsNode *node)
{
    const MctsNode *nodes = mp->tree.nodes;
    float explore = (float)(mp->exploration * sqrt(log((double)node->visits)));
    float best_value = -1.0f;
    uint32_t best = node->first_child;
    for (uint32_t c = node->first_child; c < node->first_child + node->children; c++) {
        float value = nodes[c].mean + explore * nodes[c].inv_sqrt;
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

/* A uniformly random empty point of `pos` that `node` has no child for. */
static int mcts_untried_point(MctsPlayer *mp, const MctsNode *node, const Position *pos, int untried)
{
    Bitboard points = pos_empty(pos);
    for (uint32_t c = node->first_child; c < node->first_child + node->children; c++)
        bb_clear(&points, mcts_node(mp, c)->move);
    return bb_select(points, (int)rng_below(&mp->rng, (uint32_t)untried));
}

/* One playout: down the tree by UCB1, one new node, a random game to the
 * end, and its result back up the path. */
static void mcts_iterate(MctsPlayer *mp)
{
    uint32_t path[BB_POINTS + 1];
    Color mover[BB_POINTS + 1]; /* who placed the stone of path[i] */
    int length = 1;
    path[0] = 0;
    Position pos = mp->root_pos;
    uint32_t node = 0;
    while (!pos_is_over(&pos)) {
        MctsNode *n = mcts_node(mp, node);
        int untried = pos_empty_count(&pos) - n->children;
        Color me = pos_to_move(&pos);
        if (untried > 0) {
            int point = mcts_untried_point(mp, n, &pos, untried);
            uint32_t child = mcts_add_child(mp, node, point);
            if (child == MCTS_NONE)
                break; /* the pool is full: a playout from this node */
            pos_play(&pos, point);
            mover[length] = me;
            path[length++] = child;
            break;
        }
        node = mcts_select(mp, n);
        pos_play(&pos, mcts_node(mp, node)->move);
        mover[length] = me;
        path[length++] = node;
    }
    playout_random(&pos, &mp->rng);
    int score = pos_score(&pos);
    float black_value = score > 0 ? 1.0f : score < 0 ? 0.0f : 0.5f;
    mcts_node(mp, 0)->visits++;
    for (int i = 1; i < length; i++) {
        MctsNode *n = mcts_node(mp, path[i]);
        n->visits++;
        n->wins += mover[i] == COLOR_BLACK ? black_value : 1.0f - black_value;
        n->mean = n->wins / (float)n->visits;
        n->inv_sqrt = 1.0f / sqrtf((float)n->visits);
    }
}

/* The most visited child of the root, ties to the better mean. */
static int mcts_best_move(const MctsPlayer *mp)
{
    const MctsNode *nodes = mp->tree.nodes;
    uint32_t best = MCTS_NONE;
    for (uint32_t c = nodes[0].first_child; c < nodes[0].first_child + nodes[0].children; c++) {
        if (best == MCTS_NONE || nodes[c].visits > nodes[best].visits ||
            (nodes[c].visits == nodes[best].visits && nodes[c].wins > nodes[best].wins))
            best = c;
    }
    return best == MCTS_NONE ? POINT_NONE : nodes[best].move;
}

static int mcts_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    TreeBudget budget = tree_budget_start(limits);
    MctsPlayer *mp = self->data;
    Bitboard empty = pos_empty(pos);
    if (bb_count(empty) == 1)
        return bb_first(empty);
    if (!mcts_set_root(mp, pos))
        return playout_random_point(pos, &mp->rng);

    for (uint64_t done = 0; tree_budget_more(&budget, done); done++)
        mcts_iterate(mp);
    int move = mcts_best_move(mp);
    return move != POINT_NONE ? move : playout_random_point(pos, &mp->rng);
}

static void mcts_new_game(Player *self)
{
    MctsPlayer *mp = self->data;
    rng_seed(&mp->rng, mp->seed);
    mp->tree.count = 0;
}

static void mcts_destroy(Player *self)
{
    MctsPlayer *mp = self->data;
    tree_pool_free(&mp->tree);
    free(mp);
    free(self);
}

Player *player_mcts_create(const PlayerConfig *config)
{
    Player *p = malloc(sizeof *p);
    MctsPlayer *mp = malloc(sizeof *mp);
    if (!p || !mp) {
        free(p);
        free(mp);
        return NULL;
    }
    *mp = (MctsPlayer){.seed = config->seed,
                       .exploration = MCTS_EXPLORATION,
                       .tree = tree_pool_empty(sizeof(MctsNode))};
    rng_seed(&mp->rng, config->seed);
    *p = (Player){.name = "mcts", .genmove = mcts_genmove, .new_game = mcts_new_game, .destroy = mcts_destroy,
                  .data = mp};
    return p;
}
