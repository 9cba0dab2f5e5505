/* The node pool and the budget of a stone of the Monte Carlo tree players. */
#include "players/tree_pool.h"

#include <stdlib.h>

#include "base/clock.h"

enum {
    TREE_MIN_CAPACITY = 4096,      /* nodes of the first allocation */
    TREE_MAX_MIB = 256,            /* the memory cap */
    TREE_DEFAULT_PLAYOUTS = 10000, /* when no limit at all is given */
    TREE_CLOCK_INTERVAL = 8,       /* playouts between looks at the clock */
    TREE_MARGIN_MAX_MS = 20,       /* kept back from hard_ms ... */
    TREE_MARGIN_DIVISOR = 10       /* ... or a tenth of it when that is less */
};

TreePool tree_pool_empty(size_t node_size)
{
    return (TreePool){.nodes = NULL,
                      .count = 0,
                      .capacity = 0,
                      .max_nodes = (uint32_t)((size_t)TREE_MAX_MIB * 1024 * 1024 / node_size),
                      .node_size = (uint32_t)node_size};
}

bool tree_pool_reserve(TreePool *pool, uint32_t needed)
{
    if (needed <= pool->capacity)
        return true;
    if (needed > pool->max_nodes)
        return false;
    uint64_t capacity = (uint64_t)pool->capacity * 2;
    if (capacity < needed)
        capacity = needed;
    if (capacity < TREE_MIN_CAPACITY)
        capacity = TREE_MIN_CAPACITY;
    if (capacity > pool->max_nodes)
        capacity = pool->max_nodes;
    void *nodes = realloc(pool->nodes, (size_t)capacity * pool->node_size);
    if (!nodes) {
        pool->max_nodes = pool->capacity; /* stop asking for this game */
        return false;
    }
    pool->nodes = nodes;
    pool->capacity = (uint32_t)capacity;
    return true;
}

void tree_pool_free(TreePool *pool)
{
    free(pool->nodes);
    *pool = tree_pool_empty(pool->node_size);
}

TreeBudget tree_budget_start(const PlayerLimits *limits)
{
    TreeBudget b = {.playouts = limits->nodes, .start_ms = clock_now_ms(), .stop_ms = 0};
    if (limits->hard_ms > 0) {
        int64_t margin = limits->hard_ms / TREE_MARGIN_DIVISOR;
        if (margin > TREE_MARGIN_MAX_MS)
            margin = TREE_MARGIN_MAX_MS;
        b.stop_ms = limits->hard_ms - margin;
    }
    if (b.playouts == 0 && limits->soft_ms > 0 && (b.stop_ms == 0 || limits->soft_ms < b.stop_ms))
        b.stop_ms = limits->soft_ms;
    if (b.playouts == 0 && b.stop_ms == 0)
        b.playouts = TREE_DEFAULT_PLAYOUTS;
    return b;
}

bool tree_budget_more(const TreeBudget *b, uint64_t done)
{
    if (b->playouts != 0 && done >= b->playouts)
        return false;
    bool look = b->stop_ms && done % TREE_CLOCK_INTERVAL == 0 && done > 0;
    return !(look && clock_now_ms() - b->start_ms >= b->stop_ms);
}
