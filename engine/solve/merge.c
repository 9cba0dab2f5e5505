/* The proof above a split's jobs (merge.h): breadth first from the root
 * over a map of the positions met, so that each is one node. */
#include "solve/merge.h"

#include <stdlib.h>

#include "solve/posmap.h"

typedef struct JobRef {
    uint64_t id;
    Position pos;
} JobRef;

/* The positions met, their depths, and the jobs' positions reached. */
typedef struct Merging {
    SolvePosMap map;
    int *depth_of;
    uint64_t depth_capacity;
    JobRef *refs;
    uint64_t ref_count, ref_capacity;
} Merging;

/* Room for `needed` depths. */
static bool grow_depths(Merging *g, uint64_t needed)
{
    if (needed <= g->depth_capacity)
        return true;
    uint64_t capacity = g->depth_capacity ? g->depth_capacity : 1024;
    while (capacity < needed)
        capacity *= 2;
    int *grown = realloc(g->depth_of, (size_t)capacity * sizeof *grown);
    if (!grown)
        return false;
    g->depth_of = grown;
    g->depth_capacity = capacity;
    return true;
}

static bool add_ref(Merging *g, uint64_t id, const Position *pos)
{
    if (g->ref_count == g->ref_capacity) {
        uint64_t capacity = g->ref_capacity ? 2 * g->ref_capacity : 256;
        JobRef *grown = realloc(g->refs, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        g->refs = grown;
        g->ref_capacity = capacity;
    }
    g->refs[g->ref_count++] = (JobRef){id, *pos};
    return true;
}

/* The stones of a node above the jobs that keep the claim (the prover's
 * first, the defender's every one); UNPROVEN when the defender has one
 * the jobs do not answer, or the prover none. */
static SolveMergeStatus node_stones(const SolveMergeClaim *c, const Position *pos, int depth, int *points,
                                    int *count)
{
    bool prover = pos_to_move(pos) == c->prover;
    Bitboard empty = pos_empty(pos);
    *count = 0;
    for (int p; (p = bb_next(&empty)) != POINT_NONE && !(prover && *count == 1);) {
        if (pos_check(pos, pos_to_move(pos), p) != POS_OK)
            continue;
        Position child = *pos;
        pos_play(&child, p);
        int lower, upper;
        solve_split_value(&child, c->depth - depth - 1, c->bounds, c->bounds_context, &lower, &upper);
        bool holds = c->prover == COLOR_BLACK ? lower >= c->margin : upper <= -c->margin;
        if (!holds) {
            if (prover)
                continue;
            return SOLVE_MERGE_UNPROVEN;
        }
        points[(*count)++] = p;
    }
    return *count == 0 ? SOLVE_MERGE_UNPROVEN : SOLVE_MERGE_OK;
}

/* Numbers the children of a node (new ones at the next depth). */
static bool name_children(Merging *g, const Position *pos, int depth, const int *points, int count,
                          uint64_t *children)
{
    for (int i = 0; i < count; i++) {
        Position child = *pos;
        pos_play(&child, points[i]);
        bool added;
        if (!solve_posmap_id(&g->map, &child, &children[i], &added))
            return false;
        if (added) {
            if (!grow_depths(g, children[i] + 1))
                return false;
            g->depth_of[children[i]] = depth + 1;
        }
    }
    return true;
}

static SolveMergeStatus merge_nodes(const SolveMergeClaim *c, Merging *g)
{
    uint64_t id;
    bool added;
    if (!solve_posmap_id(&g->map, c->root, &id, &added) || !grow_depths(g, 1))
        return SOLVE_MERGE_ERR_MEMORY;
    g->depth_of[0] = 0;
    for (uint64_t next = 0; next < g->map.count; next++) {
        Position pos = g->map.pos[next];
        int depth = g->depth_of[next];
        if (depth == c->depth && !pos_is_over(&pos)) {
            /* handed out with its job's proof, after the nodes above */
            if (!add_ref(g, next, &pos))
                return SOLVE_MERGE_ERR_MEMORY;
            continue;
        }
        if (pos_is_over(&pos) || pos_empty_count(&pos) <= c->leaf_empties) {
            if (!c->node(c->context, next, &pos, SOLVE_PROOF_LEAF, NULL, NULL, 0))
                return SOLVE_MERGE_ERR_OUTPUT;
            continue;
        }
        int points[BB_POINTS], count;
        uint64_t children[BB_POINTS];
        SolveMergeStatus status = node_stones(c, &pos, depth, points, &count);
        if (status != SOLVE_MERGE_OK)
            return status;
        if (!name_children(g, &pos, depth, points, count, children))
            return SOLVE_MERGE_ERR_MEMORY;
        SolveProofKind kind = pos_to_move(&pos) == c->prover ? SOLVE_PROOF_PLAY : SOLVE_PROOF_ALL;
        if (!c->node(c->context, next, &pos, kind, points, children, count))
            return SOLVE_MERGE_ERR_OUTPUT;
    }
    uint64_t next_id = g->map.count;
    for (uint64_t i = 0; i < g->ref_count; i++)
        if (!c->job(c->context, g->refs[i].id, &g->refs[i].pos, &next_id))
            return SOLVE_MERGE_ERR_OUTPUT;
    return SOLVE_MERGE_OK;
}

SolveMergeStatus solve_merge_claim(const SolveMergeClaim *claim)
{
    Merging g = {0};
    if (!solve_posmap_init(&g.map))
        return SOLVE_MERGE_ERR_MEMORY;
    SolveMergeStatus status = merge_nodes(claim, &g);
    free(g.refs);
    free(g.depth_of);
    solve_posmap_free(&g.map);
    return status;
}

const char *solve_merge_status_text(SolveMergeStatus status)
{
    switch (status) {
    case SOLVE_MERGE_OK:
        return "merged";
    case SOLVE_MERGE_UNPROVEN:
        return "the jobs do not prove the claim below the root";
    case SOLVE_MERGE_ERR_MEMORY:
        return "out of memory";
    case SOLVE_MERGE_ERR_OUTPUT:
        return "the proof could not be written";
    }
    return "unknown status";
}
