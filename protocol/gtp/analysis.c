/* The background search: one thread runs the search, a second one (for
 * jobs with an interval) emits the latest iteration on a clock. A stop
 * request is repeated until the search has seen it, because search_run
 * clears the stop flag when it begins. */
#include "gtp/analysis.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "base/clock.h"

enum { STOP_RETRY_MS = 2 };

struct Analysis {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a new iteration, the end of the search, or a stop */
    AnalysisJob job;
    pthread_t runner, emitter;
    bool active, has_emitter;
    bool searched;  /* search_run has returned */
    bool finished;  /* the last emission and finish have run */
    bool have_latest;
    SearchInfo latest; /* the latest completed iteration */
    SearchInfo result; /* search_run's final report */
    SearchInfo scratch; /* the emitter's copy, to print without the lock */
};

static struct timespec deadline_after(int64_t ms)
{
    struct timespec t = clock_now_timespec();
    t.tv_sec += (time_t)(ms / 1000);
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

Analysis *analysis_create(void)
{
    Analysis *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    bool ok = pthread_mutex_init(&a->lock, NULL) == 0;
    if (ok && pthread_cond_init(&a->changed, &attr) != 0) {
        pthread_mutex_destroy(&a->lock);
        ok = false;
    }
    pthread_condattr_destroy(&attr);
    if (!ok) {
        free(a);
        return NULL;
    }
    return a;
}

void analysis_destroy(Analysis *a)
{
    if (!a)
        return;
    analysis_stop(a, NULL);
    pthread_cond_destroy(&a->changed);
    pthread_mutex_destroy(&a->lock);
    free(a);
}

static void keep_iteration(const SearchInfo *info, void *context)
{
    Analysis *a = context;
    pthread_mutex_lock(&a->lock);
    a->latest = *info;
    a->have_latest = true;
    pthread_cond_broadcast(&a->changed);
    pthread_mutex_unlock(&a->lock);
    if (a->job.reporter)
        a->job.reporter(info, a->job.context);
}

/* The last emission and the finisher; called without the lock, by the one
 * thread that emits. */
static void finish_job(Analysis *a)
{
    pthread_mutex_lock(&a->lock);
    bool have = a->have_latest;
    if (have)
        a->scratch = a->latest;
    pthread_mutex_unlock(&a->lock);
    if (have && a->job.emit)
        a->job.emit(&a->scratch, true, a->job.context);
    if (a->job.finish)
        a->job.finish(a->job.context);
    pthread_mutex_lock(&a->lock);
    a->finished = true;
    pthread_cond_broadcast(&a->changed);
    pthread_mutex_unlock(&a->lock);
}

static void *runner_main(void *arg)
{
    Analysis *a = arg;
    SearchInfo result;
    search_run(a->job.search, &a->job.pos, &a->job.limits, keep_iteration, a, &result);
    pthread_mutex_lock(&a->lock);
    a->result = result;
    a->searched = true;
    pthread_cond_broadcast(&a->changed);
    pthread_mutex_unlock(&a->lock);
    if (!a->has_emitter)
        finish_job(a);
    return NULL;
}

static void *emitter_main(void *arg)
{
    Analysis *a = arg;
    struct timespec next = deadline_after(a->job.interval_ms);
    pthread_mutex_lock(&a->lock);
    while (!a->searched) {
        int rc = pthread_cond_timedwait(&a->changed, &a->lock, &next);
        if (a->searched)
            break;
        if (rc != ETIMEDOUT)
            continue;
        next = deadline_after(a->job.interval_ms);
        if (!a->have_latest || !a->job.emit)
            continue;
        a->scratch = a->latest;
        pthread_mutex_unlock(&a->lock);
        a->job.emit(&a->scratch, false, a->job.context);
        pthread_mutex_lock(&a->lock);
    }
    pthread_mutex_unlock(&a->lock);
    finish_job(a);
    return NULL;
}

bool analysis_start(Analysis *a, const AnalysisJob *job)
{
    if (a->active)
        return false;
    a->job = *job;
    a->searched = a->finished = a->have_latest = false;
    a->has_emitter = job->interval_ms > 0;
    if (pthread_create(&a->runner, NULL, runner_main, a) != 0)
        return false;
    a->active = true;
    if (a->has_emitter && pthread_create(&a->emitter, NULL, emitter_main, a) != 0) {
        /* the runner waits for an emitter that will never come: stop it and
         * finish in its place */
        pthread_mutex_lock(&a->lock);
        while (!a->searched) {
            pthread_mutex_unlock(&a->lock);
            search_stop(a->job.search);
            pthread_mutex_lock(&a->lock);
            struct timespec retry = deadline_after(STOP_RETRY_MS);
            pthread_cond_timedwait(&a->changed, &a->lock, &retry);
        }
        pthread_mutex_unlock(&a->lock);
        pthread_join(a->runner, NULL);
        a->active = false;
        return false;
    }
    return true;
}

bool analysis_active(const Analysis *a) { return a->active; }

bool analysis_finished(Analysis *a)
{
    pthread_mutex_lock(&a->lock);
    bool finished = a->active && a->finished;
    pthread_mutex_unlock(&a->lock);
    return finished;
}

bool analysis_latest(Analysis *a, SearchInfo *out)
{
    pthread_mutex_lock(&a->lock);
    bool have = a->have_latest;
    if (have)
        *out = a->latest;
    pthread_mutex_unlock(&a->lock);
    return have;
}

static bool end_job(Analysis *a, bool stop, SearchInfo *result)
{
    if (!a->active)
        return false;
    pthread_mutex_lock(&a->lock);
    while (!a->finished) {
        if (stop) {
            pthread_mutex_unlock(&a->lock);
            search_stop(a->job.search);
            pthread_mutex_lock(&a->lock);
            struct timespec retry = deadline_after(STOP_RETRY_MS);
            pthread_cond_timedwait(&a->changed, &a->lock, &retry);
        } else {
            pthread_cond_wait(&a->changed, &a->lock);
        }
    }
    pthread_mutex_unlock(&a->lock);
    pthread_join(a->runner, NULL);
    if (a->has_emitter)
        pthread_join(a->emitter, NULL);
    a->active = false;
    if (result)
        *result = a->result;
    return true;
}

bool analysis_stop(Analysis *a, SearchInfo *result) { return end_job(a, true, result); }

bool analysis_wait(Analysis *a, SearchInfo *result) { return end_job(a, false, result); }
