/* The endgame solver's question over several threads (parallel.h). */
#include "solve/parallel.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "rules/score.h"
#include "rules/symmetry.h"

enum { SPLIT_WAIT_NS = 10 * 1000 * 1000 }; /* the caller's thread polls at least this often */

typedef struct SplitNode {
    Position pos;
    uint64_t key;       /* the table's key (mirror images merged when the solver merges them) */
    int image;          /* the symmetry the key was taken in */
    int parent;         /* -1 at the root */
    int point;          /* the stone from the parent */
    bool negate;        /* the parent's score is minus this one's (the mover changes) */
    int beta;           /* the null window (beta - 1, beta), for this node's mover */
    int first, count;   /* children: nodes first .. first + count - 1; none: a task */
    int settled_children;
    bool started;       /* a task taken by a thread */
    int settled;        /* read by threads polling (atomic) */
    int score, best, best_point;
    uint64_t nodes;     /* below it, when settled */
} SplitNode;

typedef struct Split Split;

typedef struct SplitWorker {
    Split *split;
    Solver solver;
    SolverOrdering ordering;
    uint64_t nodes;
    int task;           /* its task, or -1 */
    bool caller;        /* the caller's thread: polls the caller's solver */
    pthread_t thread;
} SplitWorker;

struct Split {
    Solver *caller;     /* the caller's solver: its poll, limits and node counter */
    uint64_t base_nodes;
    SplitNode *nodes;
    int count, capacity;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int stop;           /* atomic: a limit was reached */
    SplitWorker workers[SOLVE_PARALLEL_MAX_THREADS];
    int threads;
};

static int load_int(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static void store_int(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

/* Adds the node for pos; -1 when memory runs out. */
static int add_node(Split *s, const Position *pos, int parent, int point, int beta)
{
    if (s->count == s->capacity) {
        int capacity = s->capacity ? 2 * s->capacity : 64;
        SplitNode *grown = realloc(s->nodes, (size_t)capacity * sizeof *grown);
        if (!grown)
            return -1;
        s->nodes = grown;
        s->capacity = capacity;
    }
    int i = s->count++;
    SplitNode *n = &s->nodes[i];
    *n = (SplitNode){.pos = *pos, .parent = parent, .point = point, .beta = beta, .first = -1,
                     .best = -SCORE_INF, .best_point = POINT_NONE};
    const SymmetryTable *symmetry = s->caller->symmetry;
    n->key = pos->hash;
    if (symmetry) {
        SymmetryHashes hashes;
        symmetry_hashes(symmetry, pos, &hashes);
        n->image = symmetry_key_image(symmetry, &hashes);
        n->key = hashes.h[n->image];
    }
    if (parent >= 0)
        n->negate = pos_to_move(pos) != pos_to_move(&s->nodes[parent].pos);
    return i;
}

/* The children of node i down to `plies` stones, in the solver's order,
 * mirror images of an earlier brother left out; false when memory ran out. */
static bool expand(Split *s, int i, int plies)
{
    if (plies == 0 || pos_is_over(&s->nodes[i].pos))
        return true;
    int moves[BB_POINTS];
    int n = endgame_order(s->caller, &s->nodes[i].pos, moves);
    int first = s->count;
    for (int k = 0; k < n; k++) {
        Position child = s->nodes[i].pos;
        pos_play(&child, moves[k]);
        int beta = pos_to_move(&child) == pos_to_move(&s->nodes[i].pos) ? s->nodes[i].beta : 1 - s->nodes[i].beta;
        int c = add_node(s, &child, i, moves[k], beta);
        if (c < 0)
            return false;
        /* brothers that mirror each other: compared by their keys */
        bool seen = false;
        for (int j = first; j < c && !seen; j++)
            seen = s->nodes[j].key == s->nodes[c].key;
        if (seen)
            s->count--;
    }
    s->nodes[i].first = first;
    s->nodes[i].count = s->count - first;
    /* the children's own children come after all of them */
    int last = s->count;
    for (int c = first; c < last; c++) {
        if (!expand(s, c, plies - 1))
            return false;
    }
    return true;
}

/* Stores a settled node's bound in the solver's table, as the solver does. */
static void store_node(const Split *s, const SplitNode *n)
{
    TT *tt = s->caller->tt;
    if (!tt)
        return;
    int bound = n->score >= n->beta ? TT_BOUND_LOWER : TT_BOUND_UPPER;
    int point = n->best_point;
    if (point != POINT_NONE && s->caller->symmetry)
        point = s->caller->symmetry->map[n->image][point];
    int work = 0;
    for (uint64_t spent = s->caller->keep_work ? n->nodes : 0; spent > 1; spent >>= 1)
        work++;
    tt_store(tt, n->key, point, n->score, work, ENDGAME_TT_DEPTH, bound);
}

/* Node i is settled with `score` (lock held): its parent learns of it. */
static void settle(Split *s, int i, int score, uint64_t nodes)
{
    for (;;) {
        SplitNode *n = &s->nodes[i];
        n->score = score;
        n->nodes += nodes;
        store_int(&n->settled, 1);
        if (n->count > 0)
            store_node(s, n);
        if (n->parent < 0)
            return;
        SplitNode *p = &s->nodes[n->parent];
        if (load_int(&p->settled))
            return; /* a brother cut it off already */
        int value = n->negate ? -score : score;
        if (value > p->best) {
            p->best = value;
            p->best_point = n->point;
        }
        p->settled_children++;
        p->nodes += n->nodes;
        if (value < p->beta && p->settled_children < p->count)
            return;
        /* a cut-off, or every child settled below the window */
        i = n->parent;
        score = p->best;
        nodes = 0;
    }
}

/* Whether node i or a node above it is settled: its task's work is void. */
static bool overtaken(const Split *s, int i)
{
    for (; i >= 0; i = s->nodes[i].parent)
        if (load_int(&s->nodes[i].settled))
            return true;
    return false;
}

/* The first task that may start below node i (lock held), or -1: a node's
 * eldest child alone until it has settled without a cut-off, then every
 * child. */
static int next_task(Split *s, int i)
{
    SplitNode *n = &s->nodes[i];
    if (n->settled)
        return -1;
    if (n->count == 0)
        return n->started ? -1 : i;
    int open = n->settled_children > 0 ? n->count : 1;
    for (int c = n->first; c < n->first + open; c++) {
        int t = next_task(s, c);
        if (t >= 0)
            return t;
    }
    return -1;
}

static uint64_t total_nodes(const Split *s)
{
    uint64_t total = s->base_nodes;
    for (int w = 0; w < s->threads; w++)
        total += __atomic_load_n(&s->workers[w].nodes, __ATOMIC_RELAXED);
    return total;
}

/* The caller's limits, from the caller's thread. */
static void poll_caller(Split *s)
{
    Solver *c = s->caller;
    uint64_t total = total_nodes(s);
    __atomic_store_n(c->nodes, total, __ATOMIC_RELAXED);
    if ((c->node_limit && total >= c->node_limit) || (c->poll && c->poll(c->context)))
        store_int(&s->stop, 1);
}

/* A thread's solver asks every 1024 of its nodes whether to give up. */
static bool worker_poll(void *context)
{
    SplitWorker *w = context;
    if (w->caller)
        poll_caller(w->split);
    return load_int(&w->split->stop) || overtaken(w->split, w->task);
}

static void run(SplitWorker *w)
{
    Split *s = w->split;
    pthread_mutex_lock(&s->lock);
    while (!s->nodes[0].settled && !load_int(&s->stop)) {
        int t = next_task(s, 0);
        if (t < 0) {
            if (w->caller) {
                struct timespec until;
                clock_gettime(CLOCK_REALTIME, &until);
                until.tv_nsec += SPLIT_WAIT_NS;
                if (until.tv_nsec >= 1000000000L) {
                    until.tv_sec++;
                    until.tv_nsec -= 1000000000L;
                }
                pthread_cond_timedwait(&s->changed, &s->lock, &until);
                pthread_mutex_unlock(&s->lock);
                poll_caller(s);
                pthread_mutex_lock(&s->lock);
            } else {
                pthread_cond_wait(&s->changed, &s->lock);
            }
            continue;
        }
        s->nodes[t].started = true;
        w->task = t;
        Position pos = s->nodes[t].pos;
        int beta = s->nodes[t].beta;
        pthread_mutex_unlock(&s->lock);
        uint64_t before = w->nodes;
        int score = endgame_solve(&w->solver, &pos, beta - 1, beta, NULL, NULL);
        pthread_mutex_lock(&s->lock);
        if (!w->solver.stopped && !overtaken(s, t))
            settle(s, t, score, w->nodes - before);
        w->task = -1;
        pthread_cond_broadcast(&s->changed);
    }
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

static void *worker_main(void *context)
{
    run(context);
    return NULL;
}

bool solve_parallel(Solver *solver, int threads, const Position *pos, int beta, int *score, int *best)
{
    solver->stopped = false;
    *best = POINT_NONE;
    if (threads > SOLVE_PARALLEL_MAX_THREADS)
        threads = SOLVE_PARALLEL_MAX_THREADS;
    Split *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    s->caller = solver;
    s->base_nodes = *solver->nodes;
    s->threads = threads;
    bool ok = add_node(s, pos, -1, POINT_NONE, beta) == 0 && expand(s, 0, SOLVE_PARALLEL_PLIES);
    if (ok) {
        pthread_mutex_init(&s->lock, NULL);
        pthread_cond_init(&s->changed, NULL);
        int started = 1;
        for (int w = 0; w < threads; w++) {
            SplitWorker *worker = &s->workers[w];
            worker->split = s;
            worker->task = -1;
            worker->caller = w == 0;
            worker->solver = *solver;
            worker->solver.nodes = &worker->nodes;
            worker->solver.node_limit = 0;
            worker->solver.poll = worker_poll;
            worker->solver.context = worker;
            if (solver->ordering) {
                worker->ordering = *solver->ordering;
                worker->solver.ordering = &worker->ordering;
            }
        }
        for (int w = 1; w < threads && ok; w++) {
            ok = pthread_create(&s->workers[w].thread, NULL, worker_main, &s->workers[w]) == 0;
            if (ok)
                started++;
        }
        if (!ok) {
            store_int(&s->stop, 1);
        } else {
            run(&s->workers[0]);
        }
        pthread_mutex_lock(&s->lock);
        store_int(&s->stop, 1); /* the others stop waiting */
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->lock);
        for (int w = 1; w < started; w++)
            pthread_join(s->workers[w].thread, NULL);
        __atomic_store_n(solver->nodes, total_nodes(s), __ATOMIC_RELAXED);
        if (ok && s->nodes[0].settled) {
            *score = s->nodes[0].score;
            *best = s->nodes[0].best_point;
        } else if (ok) {
            solver->stopped = true;
        }
        pthread_cond_destroy(&s->changed);
        pthread_mutex_destroy(&s->lock);
    }
    free(s->nodes);
    free(s);
    return ok;
}
