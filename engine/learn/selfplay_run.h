/* A self-play run over threads: the games of a shard (game g = first +
 * k * step for k from 0), each played by one of `threads` workers with a
 * player of its own, turned into bytes on that worker (encode) and handed
 * out in game order (emit), so that the output does not depend on the
 * threads. At most a few games a thread wait for their turn, which bounds
 * memory when one game takes long. */
#ifndef RIN_SELFPLAY_RUN_H
#define RIN_SELFPLAY_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "learn/selfplay_game.h"

typedef struct SelfplayRun {
    const SelfplaySettings *settings;
    int threads;
    uint64_t total;       /* games of the shard */
    uint64_t first, step; /* game k of the shard is game number first + k * step */
    const int *sizes;     /* game g is played on sizes[g % size_count] */
    int size_count;
    /* the game's bytes, malloc'd (*length of them); NULL when out of memory */
    char *(*encode)(const SelfplayGame *game, size_t *length, void *context);
    /* the next game in order (`positions` of them in it); false stops the
     * run (the callee keeps why). Called by one worker at a time. */
    bool (*emit)(const char *bytes, size_t length, int positions, void *context);
    void *context;
} SelfplayRun;

typedef enum SelfplayRunStatus {
    SELFPLAY_RUN_OK = 0,
    SELFPLAY_RUN_ILLEGAL,   /* the search answered an illegal stone (game `game`) */
    SELFPLAY_RUN_MEMORY,
    SELFPLAY_RUN_EMIT       /* emit refused a game */
} SelfplayRunStatus;

typedef struct SelfplayRunResult {
    uint64_t written;   /* games emitted */
    uint64_t positions; /* in them */
    uint64_t game;      /* the game that failed, for SELFPLAY_RUN_ILLEGAL */
} SelfplayRunResult;

/* Plays the run (the calling thread is one of the workers). */
SelfplayRunStatus selfplay_run(const SelfplayRun *run, SelfplayRunResult *result);

#endif
