/* The monotonic clock that every time limit and timing in rin reads: in
 * milliseconds for limits, in seconds for rates, as a timespec for those
 * who build deadlines of their own (pthread_cond_timedwait); and a thread's
 * processor time. */
#ifndef RIN_CLOCK_H
#define RIN_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline struct timespec clock_now_timespec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts;
}

static inline int64_t clock_now_ms(void)
{
    struct timespec ts = clock_now_timespec();
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The processor time the calling thread has used, in ms: what a
 * computation costs, however long a busy machine keeps the thread waiting
 * for a processor (the tests hold players to their time limits with it). */
static inline int64_t clock_thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline double clock_now_seconds(void)
{
    struct timespec ts = clock_now_timespec();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
