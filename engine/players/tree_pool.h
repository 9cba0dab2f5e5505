/* What the Monte Carlo tree players (mcts, rave) share: the pool their
 * tree's nodes live in, one array doubled as it fills up to a memory cap,
 * and the budget of playouts or time for one stone. Node 0 is the root. */
#ifndef RIN_TREE_POOL_H
#define RIN_TREE_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "players/player.h"

/* nodes[0..count) are in use, of capacity; each node is node_size bytes
 * (the player's own node type: assign nodes to a pointer to it). */
typedef struct TreePool {
    void *nodes;
    uint32_t count, capacity;
    uint32_t max_nodes; /* the memory cap, lowered when an allocation fails */
    uint32_t node_size;
} TreePool;

/* An empty pool, without memory yet, for nodes of node_size bytes. */
TreePool tree_pool_empty(size_t node_size);

/* Room for `needed` nodes: doubling, up to the cap. False when the cap or
 * the memory is reached; the pool is intact then, and after a failed
 * allocation asks for no more memory until it is freed. */
bool tree_pool_reserve(TreePool *pool, uint32_t needed);

/* Gives the memory back; the pool is empty again. */
void tree_pool_free(TreePool *pool);

/* How long a stone may take: a number of playouts, or a time, or both. */
typedef struct TreeBudget {
    uint64_t playouts; /* 0: no count */
    int64_t start_ms;  /* on clock_now_ms() */
    int64_t stop_ms;   /* after start_ms; 0: no clock */
} TreeBudget;

/* The budget for a stone asked with `limits`, starting now: playouts when
 * counted, else time; hard_ms, less a margin, bounds every search, and a
 * stone without any limit gets a default number of playouts. */
TreeBudget tree_budget_start(const PlayerLimits *limits);

/* Whether to run another playout after `done` of them (the clock is read
 * every few playouts only). */
bool tree_budget_more(const TreeBudget *budget, uint64_t done);

#endif
