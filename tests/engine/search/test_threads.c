/* The search with several threads: node counters read across threads, stops
 * from another thread, restarts, and hash and thread-count changes between
 * searches. Meant to run under ThreadSanitizer (-DRIN_TSAN=ON) as well. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>

#include "random_position.h"
#include "base/clock.h"
#include "rules/playout.h"
#include "base/random.h"
#include "search/search.h"

static Search *new_search(int threads, int hash_mib)
{
    SearchConfig config = {.threads = threads, .hash_mib = hash_mib, .seed = 3};
    Search *s = search_create(&config);
    assert_non_null(s);
    return s;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* Near the end of the game the helpers spend their time in the endgame
 * solver while the main thread adds up every thread's node counter to check
 * the node limit: the counters are written and read at the same time. */
static void test_node_limit_near_endgame(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 11);
    for (int threads = 2; threads <= 4; threads++) {
        Search *s = new_search(threads, 4);
        for (int i = 0; i < 6; i++) {
            Position pos = support_random_position(&rng, 6 + i % 3, 14 + i);
            SearchLimits limits = {.nodes = 30000, .first_move = POINT_NONE};
            SearchInfo info;
            search_run(s, &pos, &limits, NULL, NULL, &info);
            assert_int_equal(pos_check(&pos, pos_to_move(&pos), info.pv[0]), POS_OK);
            assert_true(info.nodes > 0);
        }
        search_destroy(s);
    }
}

/* Lazy SMP with two threads to a fixed depth: a legal stone, and the main
 * thread completes the depth asked for. */
static void test_two_threads_legal(void **state)
{
    (void)state;
    Search *s = new_search(2, 8);
    Rng rng;
    rng_seed(&rng, 8);
    for (int i = 0; i < 5; i++) {
        Position pos = support_random_position(&rng, 12, 100 - 15 * i);
        SearchLimits limits = {.depth = 5, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(s, &pos, &limits, NULL, NULL, &info);
        assert_int_equal(pos_check(&pos, pos_to_move(&pos), info.pv[0]), POS_OK);
        assert_true(info.depth >= 5);
    }
    search_destroy(s);
}

typedef struct Job {
    Search *search;
    Position pos;
    SearchLimits limits;
    SearchInfo info;
    /* completed iterations, counted by the search's thread while this one
     * waits for the first (relaxed: a count; pthread_join orders the rest) */
    atomic_int reports;
} Job;

static void count_report(const SearchInfo *info, void *context)
{
    Job *job = context;
    (void)info;
    atomic_fetch_add_explicit(&job->reports, 1, memory_order_relaxed);
}

static void *run_job(void *arg)
{
    Job *job = arg;
    search_run(job->search, &job->pos, &job->limits, count_report, job, &job->info);
    return NULL;
}

/* Starts an unlimited search on its own thread, lets it run `ms` after its
 * first completed iteration (however long a loaded machine takes to get
 * there), stops it from this thread and waits for it. Returns the time from
 * the stop to the end of the search. */
static int64_t search_then_stop(Job *job, int ms)
{
    pthread_t thread;
    atomic_store_explicit(&job->reports, 0, memory_order_relaxed);
    assert_int_equal(pthread_create(&thread, NULL, run_job, job), 0);
    int64_t give_up = clock_now_ms() + 60000;
    while (atomic_load_explicit(&job->reports, memory_order_relaxed) == 0 && clock_now_ms() < give_up)
        sleep_ms(1);
    sleep_ms(ms);
    int64_t stop = clock_now_ms();
    search_stop(job->search);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_true(atomic_load_explicit(&job->reports, memory_order_relaxed) > 0);
    return clock_now_ms() - stop;
}

/* Stop from another thread, restart, change the table size and the number
 * of threads between searches: every search still ends with a legal stone
 * and soon after the stop. */
static void test_stop_restart_resize(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 12);
    Search *s = new_search(2, 2);
    const int hashes[] = {1, 8, 0, 3, 16, 2};
    for (int round = 0; round < 6; round++) {
        Job job = {.search = s, .limits = {.first_move = POINT_NONE}};
        job.pos = support_random_position(&rng, round % 2 ? 16 : 10, round % 2 ? 200 : 40);
        int64_t after_stop = search_then_stop(&job, 60);
        assert_true(after_stop < 5000); /* stopped, not finished at depth 64 */
        assert_int_equal(pos_check(&job.pos, pos_to_move(&job.pos), job.info.pv[0]), POS_OK);
        assert_true(job.info.nodes > 0);

        /* the same search again, limited, on the same object */
        job.limits.depth = 3;
        atomic_store_explicit(&job.reports, 0, memory_order_relaxed);
        pthread_t thread;
        assert_int_equal(pthread_create(&thread, NULL, run_job, &job), 0);
        assert_int_equal(pthread_join(thread, NULL), 0);
        assert_int_equal(pos_check(&job.pos, pos_to_move(&job.pos), job.info.pv[0]), POS_OK);
        assert_true(atomic_load_explicit(&job.reports, memory_order_relaxed) >= 1);
        assert_true(job.info.depth >= 1);

        assert_true(search_set_hash(s, hashes[round]));
        assert_true(search_set_threads(s, 2 + round % 3));
        if (round % 2)
            search_clear(s);
    }
    search_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_threads_legal),
        cmocka_unit_test(test_node_limit_near_endgame),
        cmocka_unit_test(test_stop_restart_resize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
