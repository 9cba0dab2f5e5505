/* Self-play over threads, its games handed out in order (selfplay_run.h):
 * workers claim games in order and hand them back encoded; the games are
 * emitted in order by whichever worker completes the next one. */
#include "learn/selfplay_run.h"

#include <pthread.h>
#include <stdlib.h>

enum { PENDING_PER_THREAD = 4 };

/* A game played and encoded, waiting for its turn. */
typedef struct Pending {
    char *bytes; /* NULL: not played yet */
    size_t length;
    int positions;
} Pending;

typedef struct Shared {
    const SelfplayRun *run;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game was emitted, or the run failed */
    uint64_t next_claim, next_emit; /* indexes in the shard's games */
    size_t window;
    Pending *pending; /* by index in the shard modulo window */
    SelfplayRunStatus status;
    SelfplayRunResult result;
} Shared;

typedef struct Worker {
    Shared *shared;
    SelfplayPlayer *player;
    SelfplayGame *game;
    pthread_t thread;
    bool running; /* on its own thread */
} Worker;

static void fail(Shared *s, SelfplayRunStatus status)
{
    if (s->status == SELFPLAY_RUN_OK)
        s->status = status;
}

/* Stores an encoded game and emits every game that is next in order.
 * Called with the lock held; takes ownership of bytes. */
static void hand_in(Shared *s, uint64_t k, char *bytes, size_t length, int positions)
{
    s->pending[k % s->window] = (Pending){bytes, length, positions};
    while (s->status == SELFPLAY_RUN_OK && s->next_emit < s->next_claim && s->pending[s->next_emit % s->window].bytes) {
        Pending *next = &s->pending[s->next_emit % s->window];
        if (!s->run->emit(next->bytes, next->length, next->positions, s->run->context)) {
            fail(s, SELFPLAY_RUN_EMIT);
            break;
        }
        s->result.positions += (uint64_t)next->positions;
        free(next->bytes);
        *next = (Pending){NULL, 0, 0};
        s->next_emit++;
        s->result.written = s->next_emit;
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Shared *s = w->shared;
    const SelfplayRun *run = s->run;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        while (s->status == SELFPLAY_RUN_OK && s->next_claim < run->total && s->next_claim >= s->next_emit + s->window)
            pthread_cond_wait(&s->changed, &s->lock);
        if (s->status != SELFPLAY_RUN_OK || s->next_claim >= run->total) {
            pthread_mutex_unlock(&s->lock);
            break;
        }
        uint64_t k = s->next_claim++;
        pthread_mutex_unlock(&s->lock);

        uint64_t g = run->first + k * run->step;
        bool legal = selfplay_game_play(w->player, g, run->sizes[g % (uint64_t)run->size_count], w->game);
        size_t length = 0;
        char *bytes = legal ? run->encode(w->game, &length, run->context) : NULL;

        pthread_mutex_lock(&s->lock);
        if (!legal) {
            if (s->status == SELFPLAY_RUN_OK)
                s->result.game = g;
            fail(s, SELFPLAY_RUN_ILLEGAL);
        } else if (!bytes) {
            fail(s, SELFPLAY_RUN_MEMORY);
        } else {
            hand_in(s, k, bytes, length, w->game->count);
        }
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->lock);
    }
    return NULL;
}

SelfplayRunStatus selfplay_run(const SelfplayRun *run, SelfplayRunResult *result)
{
    Shared s = {.run = run, .window = (size_t)run->threads * PENDING_PER_THREAD};
    s.pending = calloc(s.window, sizeof *s.pending);
    Worker *workers = calloc((size_t)run->threads, sizeof *workers);
    bool ok = s.pending && workers;
    for (int i = 0; ok && i < run->threads; i++) {
        workers[i].shared = &s;
        workers[i].player = selfplay_player_create(run->settings);
        workers[i].game = malloc(sizeof *workers[i].game);
        ok = workers[i].player && workers[i].game;
    }
    if (!ok) {
        s.status = SELFPLAY_RUN_MEMORY;
    } else {
        pthread_mutex_init(&s.lock, NULL);
        pthread_cond_init(&s.changed, NULL);
        /* the calling thread is worker 0; a helper that cannot start only slows the run */
        for (int i = 1; i < run->threads; i++)
            workers[i].running = pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) == 0;
        worker_main(&workers[0]);
        for (int i = 1; i < run->threads; i++)
            if (workers[i].running)
                pthread_join(workers[i].thread, NULL);
        pthread_cond_destroy(&s.changed);
        pthread_mutex_destroy(&s.lock);
    }
    for (size_t i = 0; s.pending && i < s.window; i++)
        free(s.pending[i].bytes);
    for (int i = 0; workers && i < run->threads; i++) {
        selfplay_player_destroy(workers[i].player);
        free(workers[i].game);
    }
    free(workers);
    free(s.pending);
    *result = s.result;
    return s.status;
}
