/* Sealing costs by augmenting paths over the board (seal.h). Every point
 * is split in two, in and out: in -> out holds one unit for an empty point
 * that may be cut, any number for the opponent's stones and the region's
 * own points; out -> in of a neighbour and out -> the safe zone (from a
 * point on the edge) hold any number. A breadth-first search over the
 * residual graph finds each path. */
#include "rules/seal.h"

#include <stdbool.h>
#include <string.h>

enum { SEAL_IN = 0, SEAL_OUT = 1, SEAL_DIRS = 4 };

typedef struct SealGraph {
    int size;
    Bitboard open;     /* points a path may use: not the colour's stones */
    Bitboard cuttable; /* those that hold one unit: empty points outside the region */
    Bitboard edge;
    uint8_t through[BB_POINTS];           /* units through in -> out (cuttable points: 0 or 1) */
    uint8_t flow[BB_POINTS][SEAL_DIRS];   /* units along out(p) -> in(neighbour d): each direction is an edge
                                           * of its own, whose flow only a path back along it takes back */
} SealGraph;

static int seal_neighbour(const SealGraph *g, int p, int d)
{
    int r = point_row(p), c = point_col(p);
    switch (d) {
    case 0: return r > 0 ? p - BB_STRIDE : POINT_NONE;
    case 1: return r + 1 < g->size ? p + BB_STRIDE : POINT_NONE;
    case 2: return c > 0 ? p - 1 : POINT_NONE;
    default: return c + 1 < g->size ? p + 1 : POINT_NONE;
    }
}

static int seal_opposite(int d) { return d ^ 1; }

/* A breadth-first search of the residual graph, forward from the out
 * sides of `starts` (the region's points: a region point passes any
 * number), or with `back` backward from the out sides of `starts` (the
 * edge's points) along the residual edges reversed, which finds the nodes
 * that still reach the safe zone. parent[] (nodes are point * 2 + side, -1
 * where not reached) tells what it reached. Forward, it returns the node
 * at which it reached the safe zone; otherwise -1.
 *
 * Backward is forward with the sides swapped and the flow of each step
 * taken the other way: from the side a step enters by (in forward, out
 * back) the search may cross to the point's other side where in -> out
 * has room, or to a neighbour's other side back along an edge with flow;
 * from the other side, across in -> out the other way when it carries a
 * unit (always for an uncuttable point), or to any open neighbour. */
static int seal_search(const SealGraph *g, Bitboard starts, bool back, int16_t parent[BB_POINTS * 2])
{
    int16_t queue[BB_POINTS * 2];
    memset(parent, 0xff, sizeof(int16_t) * BB_POINTS * 2);
    int head = 0, tail = 0;
    while (!bb_is_empty(starts)) {
        int node = bb_pop(&starts) * 2 + SEAL_OUT;
        parent[node] = (int16_t)node;
        queue[tail++] = (int16_t)node;
    }
    int entry = back ? SEAL_OUT : SEAL_IN;
    while (head < tail) {
        int node = queue[head++], p = node >> 1, side = node & 1;
        bool cuttable = bb_test(g->cuttable, p);
        if (!back && side == SEAL_OUT && bb_test(g->edge, p))
            return node;
        bool across = side == entry ? !cuttable || g->through[p] == 0 : !cuttable || g->through[p] > 0;
        int other = p * 2 + (side ^ 1);
        if (across && parent[other] < 0) {
            parent[other] = (int16_t)node;
            queue[tail++] = (int16_t)other;
        }
        for (int d = 0; d < SEAL_DIRS; d++) {
            int q = seal_neighbour(g, p, d);
            if (q == POINT_NONE || !bb_test(g->open, q))
                continue;
            int next = q * 2 + (side ^ 1);
            /* from the entry side only back along a flow: forward out(q) ->
             * in(p) taken back, backward out(p) -> in(q) */
            if (side == entry && (back ? g->flow[p][d] : g->flow[q][seal_opposite(d)]) == 0)
                continue;
            if (parent[next] < 0) {
                parent[next] = (int16_t)node;
                queue[tail++] = (int16_t)next;
            }
        }
    }
    return -1;
}

/* Pushes one unit along the path that ends at `end`. */
static void seal_push(SealGraph *g, const int16_t parent[BB_POINTS * 2], int end)
{
    for (int node = end; parent[node] != node;) {
        int prev = parent[node], p = node >> 1, q = prev >> 1;
        if (p == q) {
            if (!bb_test(g->cuttable, p))
                ; /* any number: nothing to count */
            else if ((prev & 1) == SEAL_IN) /* in -> out */
                g->through[p]++;
            else /* out -> in: a unit taken back */
                g->through[p]--;
        } else {
            int d = 0;
            while (seal_neighbour(g, q, d) != p)
                d++;
            if ((prev & 1) == SEAL_OUT) /* forward along out(q) -> in(p) */
                g->flow[q][d]++;
            else /* back along out(p) -> in(q) */
                g->flow[p][seal_opposite(d)]--;
        }
        node = prev;
    }
}

int seal_region_cost(const Position *pos, Color color, Bitboard region, int cap, Bitboard *cut)
{
    if (cut)
        *cut = bb_zero();
    Bitboard board = bb_board(pos->size);
    region = bb_and(region, bb_andnot(board, pos->stones[color]));
    if (bb_is_empty(region))
        return 0;
    SealGraph g;
    g.size = pos->size;
    g.open = bb_andnot(board, pos->stones[color]);
    g.cuttable = bb_andnot(pos_empty(pos), region);
    g.edge = bb_and(bb_edge(pos->size), g.open);
    if (bb_intersects(region, g.edge))
        return SEAL_OPEN;
    memset(g.through, 0, sizeof g.through);
    memset(g.flow, 0, sizeof g.flow);
    int16_t parent[BB_POINTS * 2];
    int cost = 0, end;
    while (cost <= cap && (end = seal_search(&g, region, false, parent)) >= 0) {
        seal_push(&g, parent, end);
        cost++;
    }
    if (cost > cap || !cut)
        return cost;
    /* the minimum cut nearest the safe zone, so that the region it closes
     * is the largest of that cost: the cuttable points whose out side
     * still reaches the safe zone in the residual graph and whose in side
     * does not */
    seal_search(&g, g.edge, true, parent);
    Bitboard points = g.cuttable;
    while (!bb_is_empty(points)) {
        int p = bb_pop(&points);
        if (parent[p * 2 + SEAL_OUT] >= 0 && parent[p * 2 + SEAL_IN] < 0)
            bb_set(cut, p);
    }
    return cost;
}

void seal_point_costs(const Position *pos, Color color, int cap, uint8_t cost[BB_POINTS])
{
    memset(cost, 0, BB_POINTS);
    Bitboard points = bb_andnot(bb_board(pos->size), pos->stones[color]);
    while (!bb_is_empty(points)) {
        int p = bb_pop(&points);
        cost[p] = (uint8_t)seal_region_cost(pos, color, bb_point(p), cap, NULL);
    }
}

void seal_regions(const Position *pos, Color color, int cap, SealRegions *out)
{
    uint8_t cost[BB_POINTS];
    seal_point_costs(pos, color, cap, cost);
    out->count = 0;
    Bitboard done = bb_zero();
    for (int c = 1; c <= cap; c++) {
        Bitboard points = bb_andnot(bb_board(pos->size), pos->stones[color]);
        while (!bb_is_empty(points) && out->count < SEAL_MAX_REGIONS) {
            int p = bb_pop(&points);
            if (cost[p] != c || bb_test(done, p))
                continue;
            SealRegion *r = &out->region[out->count++];
            r->cost = seal_region_cost(pos, color, bb_point(p), cap, &r->cut);
            Bitboard enclosed = ring_enclosed_all(bb_or(pos->stones[color], r->cut), pos->size);
            r->area = ring_flood(bb_point(p), enclosed);
            done = bb_or(done, r->area);
        }
    }
}
