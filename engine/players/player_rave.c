/* The RAVE player: the UCT of mcts over single stones plus all-moves-as-first
 * values (Gelly & Silver 2007), with uniformly random playouts. A second
 * yardstick beside mcts, stronger at equal playouts, and like it without
 * Rin knowledge beyond the rules: no priors, no heuristics. The tree is
 * kept from one stone to the next when the new position is a few stones
 * below the old root. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "players/player.h"
#include "players/player_rave.h"
#include "players/tree_pool.h"
#include "rules/playout.h"

/* The value of a child is (1 - b) Q + b Q_amaf + c sqrt(ln N / n), with
 * b = sqrt(k / (3 n + k)): Gelly & Silver's hand-selected schedule, where
 * k, the equivalence parameter, is the visit count at which the real and
 * the AMAF values weigh alike.
 *
 * Chosen once and frozen, since a yardstick must not move: matches against
 * mcts, both at 5000 playouts per stone, 12x12, 20 games each (random
 * 4-stone openings, seed 1, colours swapped); rave's wins, draws, losses:
 *
 *              c = 0         c = 0.1       c = 0.2
 *   k = 300    19-0-1 .950   17-0-3 .850   17-1-2 .875
 *   k = 1000   19-0-1 .950   17-1-2 .875   17-1-2 .875
 *   k = 3000   19-1-0 .975   17-3-0 .925   16-0-4 .800
 *
 * No exploration term is best at every k; k is flat within the noise.
 * Head to head at c = 0 (5000 playouts, 20 games), k = 3000 scored 12-3-5
 * against 300 and 7-5-8 against 1000. The choice scored 39-0-1 against
 * mcts at 10000 playouts each (40 games). */
#define RAVE_EQUIVALENCE 3000.0 /* k */
#define RAVE_EXPLORATION 0.0    /* c, rewards in [0, 1] */

/* The AMAF value of a child that has none yet: no value with evidence is
 * higher (rewards are at most 1), so that each child gets a sample before
 * any is judged on no sample at all. */
#define RAVE_FIRST_AMAF 1.0f

enum { RAVE_REUSE_DEPTH = 4 }; /* stones from the old root to a reusable node */

#define RAVE_NONE UINT32_MAX

/* One stone in the tree. A node's children, one per empty point, are made
 * all at once when a playout first passes through it (AMAF statistics need
 * every child), as a block of the pool in random order (ties in selection
 * then fall to a random child). `wins` and `amaf_wins` are sums of playout
 * values for the player who placed `move`: the side to move in the parent.
 * Most children are never visited: the node is kept small (the pool grows
 * by a block per playout) and the value is computed when needed. */
typedef struct RaveNode {
    uint32_t first_child; /* RAVE_NONE until expanded */
    uint32_t visits;
    uint32_t amaf_visits;
    float wins; /* win 1, draw 0.5, loss 0: exact below 2^23 playouts */
    float amaf_wins;
    int16_t move;
    uint16_t children;
} RaveNode;

typedef struct RavePlayer {
    Rng rng;
    uint64_t seed;
    float exploration;
    float equivalence;
    TreePool tree;     /* of RaveNode; node 0 is the root when count > 0 */
    Position root_pos; /* the position of node 0 */
} RavePlayer;

/* Node i of the pool: the pool moves when it grows, nodes[i] with it. */
static RaveNode *rave_node(const RavePlayer *rp, uint32_t i) { return (RaveNode *)rp->tree.nodes + i; }

static RaveNode rave_leaf(int move)
{
    return (RaveNode){.first_child = RAVE_NONE, .visits = 0, .amaf_visits = 0, .wins = 0.0f, .amaf_wins = 0.0f,
                      .move = (int16_t)move, .children = 0};
}

/* Gives `node`, whose position is `pos` (not over), a child for every empty
 * point. False when the pool is full. */
static bool rave_expand(RavePlayer *rp, uint32_t node, const Position *pos)
{
    TreePool *t = &rp->tree;
    Bitboard empty = pos_empty(pos);
    uint32_t children = (uint32_t)bb_count(empty);
    if (!tree_pool_reserve(t, t->count + children))
        return false;
    RaveNode *block = rave_node(rp, t->count);
    for (uint32_t i = 0; i < children; i++) {
        /* inside-out Fisher-Yates: a uniformly random order as it is filled */
        uint32_t j = rng_below(&rp->rng, i + 1);
        if (j != i)
            block[i] = block[j];
        block[j] = rave_leaf(bb_pop(&empty));
    }
    rave_node(rp, node)->first_child = t->count;
    rave_node(rp, node)->children = (uint16_t)children;
    t->count += children;
    return true;
}

/* The node below `node` whose position is `target`, at most `depth` stones
 * down; RAVE_NONE if none. `pos` is the position of `node`. Only stones on
 * points occupied in the target can lead there: points never empty again. */
static uint32_t rave_find(const RaveNode *nodes, uint32_t node, const Position *pos, const Position *target,
                          int depth)
{
    if (pos_same(pos, target))
        return node;
    if (depth == 0)
        return RAVE_NONE;
    Bitboard empty = pos_empty(target);
    uint32_t first = nodes[node].first_child;
    for (uint32_t c = first; c < first + nodes[node].children; c++) {
        if (bb_test(empty, nodes[c].move))
            continue;
        Position child = *pos;
        pos_play(&child, nodes[c].move);
        uint32_t found = rave_find(nodes, c, &child, target, depth - 1);
        if (found != RAVE_NONE)
            return found;
    }
    return RAVE_NONE;
}

/* A block of children while the tree is compacted: where it was, how long
 * it is, where it goes. */
typedef struct RaveBlock {
    uint32_t from, children, to;
} RaveBlock;

static int rave_block_order(const void *a, const void *b)
{
    uint32_t x = ((const RaveBlock *)a)->from, y = ((const RaveBlock *)b)->from;
    return (x > y) - (x < y);
}

/* The new place of the block that was at `from`, one of blocks[0..count). */
static uint32_t rave_block_moved(const RaveBlock *blocks, uint32_t count, uint32_t from)
{
    uint32_t low = 0, high = count;
    while (high - low > 1) {
        uint32_t mid = low + (high - low) / 2;
        if (blocks[mid].from <= from)
            low = mid;
        else
            high = mid;
    }
    return blocks[low].to;
}

/* Makes the subtree of `root` the whole tree, root at 0, in place: its
 * blocks slide down in pool order, which never moves one up over another
 * not yet moved (a node's block is made after the node), and the links
 * follow. In place so that the pool keeps the memory it has touched: a new
 * pool for every stone costs more in page faults than the search itself.
 * False when memory runs out (the tree is left as it was). */
static bool rave_keep_subtree(RavePlayer *rp, uint32_t root)
{
    TreePool *t = &rp->tree;
    RaveNode *nodes = t->nodes;
    RaveBlock *blocks = malloc((size_t)t->count * sizeof *blocks); /* more than the blocks there are */
    if (!blocks)
        return false;
    uint32_t count = 0;
    if (nodes[root].children)
        blocks[count++] = (RaveBlock){nodes[root].first_child, nodes[root].children, 0};
    for (uint32_t b = 0; b < count; b++)
        for (uint32_t c = blocks[b].from; c < blocks[b].from + blocks[b].children; c++)
            if (nodes[c].children)
                blocks[count++] = (RaveBlock){nodes[c].first_child, nodes[c].children, 0};
    qsort(blocks, count, sizeof *blocks, rave_block_order);

    RaveNode new_root = nodes[root];
    uint32_t n = 1;
    for (uint32_t b = 0; b < count; b++) {
        memmove(&nodes[n], &nodes[blocks[b].from], blocks[b].children * sizeof *nodes);
        blocks[b].to = n;
        n += blocks[b].children;
    }
    nodes[0] = new_root;
    for (uint32_t i = 0; i < n; i++)
        if (nodes[i].children)
            nodes[i].first_child = rave_block_moved(blocks, count, nodes[i].first_child);
    free(blocks);
    t->count = n;
    return true;
}

/* Makes node 0 the root for `pos`: the old tree's node for it when there is
 * one within reach, else a fresh root. False when not even the root fits. */
static bool rave_set_root(RavePlayer *rp, const Position *pos)
{
    TreePool *t = &rp->tree;
    uint32_t found = RAVE_NONE;
    if (t->count > 0 && pos->size == rp->root_pos.size) {
        Bitboard before = bb_or(rp->root_pos.stones[0], rp->root_pos.stones[1]);
        Bitboard now = bb_or(pos->stones[0], pos->stones[1]);
        if (bb_is_empty(bb_andnot(before, now)))
            found = rave_find(t->nodes, 0, &rp->root_pos, pos, RAVE_REUSE_DEPTH);
    }
    rp->root_pos = *pos;
    if (found == 0)
        return true;
    if (found != RAVE_NONE && rave_keep_subtree(rp, found))
        return true;
    if (!tree_pool_reserve(t, 1))
        return false;
    *rave_node(rp, 0) = rave_leaf(POINT_NONE);
    t->count = 1;
    return true;
}

/* The child of `node` (expanded) with the largest value; the first of
 * equals, which is a random one since the children are in random order.
 * An unvisited child has b = 1, so its value is its AMAF mean (or
 * RAVE_FIRST_AMAF), and counts as visited once in the exploration term. */
static uint32_t rave_select(const RavePlayer *rp, const RaveNode *node)
{
    const RaveNode *nodes = rp->tree.nodes;
    float explore = node->visits > 1 ? rp->exploration * sqrtf(logf((float)node->visits)) : 0.0f;
    float k = rp->equivalence;
    float best_value = -1.0f;
    uint32_t best = node->first_child;
    for (uint32_t c = node->first_child; c < node->first_child + node->children; c++) {
        const RaveNode *n = &nodes[c];
        float value;
        if (n->visits == 0) {
            value = (n->amaf_visits ? n->amaf_wins / (float)n->amaf_visits : RAVE_FIRST_AMAF) + explore;
        } else {
            /* amaf_visits >= visits: a playout through a child counts for its AMAF too */
            float visits = (float)n->visits;
            float mean = n->wins / visits;
            float amaf_mean = n->amaf_wins / (float)n->amaf_visits;
            float beta = sqrtf(k / (3.0f * visits + k));
            value = mean + beta * (amaf_mean - mean) + explore / sqrtf(visits);
        }
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

/* One playout: down the tree by the RAVE value, expanding the first node
 * that has no children yet and stepping to one of them, a random game to
 * the end, then the real result along the path and the AMAF results to
 * the children of every node on it. */
static void rave_iterate(RavePlayer *rp)
{
    uint32_t path[BB_POINTS + 1];
    Color side[BB_POINTS + 1]; /* the side to move at path[i]: who places its children's stones */
    int length = 1;
    path[0] = 0;
    Position pos = rp->root_pos;
    side[0] = pos_to_move(&pos);
    uint32_t node = 0;
    while (!pos_is_over(&pos)) {
        bool fresh = rave_node(rp, node)->children == 0;
        if (fresh && !rave_expand(rp, node, &pos))
            break; /* the pool is full: a playout from this node */
        node = rave_select(rp, rave_node(rp, node));
        pos_play(&pos, rave_node(rp, node)->move);
        side[length] = pos_to_move(&pos);
        path[length++] = node;
        if (fresh)
            break;
    }
    Bitboard placed[2] = {bb_zero(), bb_zero()};
    playout_random_placed(&pos, &rp->rng, placed);
    int score = pos_score(&pos);
    float black_value = score > 0 ? 1.0f : score < 0 ? 0.0f : 0.5f;

    /* From the leaf up, so that placed[] holds the stones placed after
     * the node at hand: those of the playout, then those of the path. */
    for (int i = length - 1; i >= 0; i--) {
        RaveNode *n = rave_node(rp, path[i]);
        n->visits++;
        if (i > 0)
            n->wins += side[i - 1] == COLOR_BLACK ? black_value : 1.0f - black_value;
        Color me = side[i];
        Bitboard mine = placed[me];
        float value = me == COLOR_BLACK ? black_value : 1.0f - black_value;
        RaveNode *children = rave_node(rp, n->first_child);
        for (uint32_t c = 0; c < n->children; c++) {
            /* without a branch: it would go either way at random */
            uint32_t placed_later = bb_test(mine, children[c].move);
            children[c].amaf_visits += placed_later;
            children[c].amaf_wins += (float)placed_later * value;
        }
        if (i > 0)
            bb_set(&placed[side[i - 1]], n->move);
    }
}

/* The most visited child of the root, ties to the better mean. */
static int rave_best_move(const RavePlayer *rp)
{
    const RaveNode *nodes = rp->tree.nodes;
    uint32_t best = RAVE_NONE;
    for (uint32_t c = nodes[0].first_child; c < nodes[0].first_child + nodes[0].children; c++) {
        if (best == RAVE_NONE || nodes[c].visits > nodes[best].visits ||
            (nodes[c].visits == nodes[best].visits && nodes[c].wins > nodes[best].wins))
            best = c;
    }
    return best == RAVE_NONE || nodes[best].visits == 0 ? POINT_NONE : nodes[best].move;
}

static int rave_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    TreeBudget budget = tree_budget_start(limits);
    RavePlayer *rp = self->data;
    Bitboard empty = pos_empty(pos);
    if (bb_count(empty) == 1)
        return bb_first(empty);
    if (!rave_set_root(rp, pos))
        return playout_random_point(pos, &rp->rng);

    for (uint64_t done = 0; tree_budget_more(&budget, done); done++)
        rave_iterate(rp);
    int move = rave_best_move(rp);
    return move != POINT_NONE ? move : playout_random_point(pos, &rp->rng);
}

static void rave_new_game(Player *self)
{
    RavePlayer *rp = self->data;
    rng_seed(&rp->rng, rp->seed);
    rp->tree.count = 0;
}

static void rave_set_seed(Player *self, uint64_t seed)
{
    RavePlayer *rp = self->data;
    rp->seed = seed;
    rng_seed(&rp->rng, seed);
}

static void rave_destroy(Player *self)
{
    RavePlayer *rp = self->data;
    tree_pool_free(&rp->tree);
    free(rp);
    free(self);
}

int player_rave_root_children(const Player *player, RaveChildStats *out, int max)
{
    if (player->destroy != rave_destroy)
        return -1;
    const RavePlayer *rp = player->data;
    if (rp->tree.count == 0)
        return 0;
    const RaveNode *root = rave_node(rp, 0);
    for (int i = 0; i < root->children && i < max; i++) {
        const RaveNode *c = rave_node(rp, root->first_child + (uint32_t)i);
        out[i] = (RaveChildStats){.move = c->move, .visits = c->visits, .wins = c->wins,
                                  .amaf_visits = c->amaf_visits, .amaf_wins = c->amaf_wins};
    }
    return root->children;
}

Player *player_rave_create(const PlayerConfig *config)
{
    Player *p = malloc(sizeof *p);
    RavePlayer *rp = malloc(sizeof *rp);
    if (!p || !rp) {
        free(p);
        free(rp);
        return NULL;
    }
    *rp = (RavePlayer){.seed = config->seed,
                       .exploration = (float)RAVE_EXPLORATION,
                       .equivalence = (float)RAVE_EQUIVALENCE,
                       .tree = tree_pool_empty(sizeof(RaveNode))};
    rng_seed(&rp->rng, config->seed);
    *p = (Player){.name = "rave", .genmove = rave_genmove, .new_game = rave_new_game,
                  .set_seed = rave_set_seed, .destroy = rave_destroy,
                  .data = rp};
    return p;
}
