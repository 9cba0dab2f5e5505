/* Depth-first proof-number search of "Black's margin >= target" (dfpn.h).
 * A node's numbers are computed from its children's each time round its
 * loop; the child with the smallest proof number (at Black's nodes) or
 * disproof number (at White's) is searched with thresholds that send the
 * search back up as soon as another child looks better, and the 1+epsilon
 * slack lets it stay down a little longer, which saves re-expansions. */
#include "solve/dfpn.h"

#include <stdlib.h>

#include "base/clock.h"
#include "rules/score.h"
#include "rules/stable.h"

enum { DFPN_POLL_INTERVAL = 1024 /* the clock is read every 1024 nodes */ };

static uint32_t pn_add(uint32_t a, uint32_t b)
{
    if (a >= SOLVE_PN_INF || b >= SOLVE_PN_INF)
        return SOLVE_PN_INF;
    uint64_t sum = (uint64_t)a + b;
    return sum >= SOLVE_PN_INF ? SOLVE_PN_INF - 1 : (uint32_t)sum;
}

/* The threshold of the best child: one more than the second best's number
 * (plain df-pn), plus epsilon of it (the 1+epsilon trick, which keeps the
 * search longer in a subtree before it returns to the parent). */
static uint32_t epsilon_threshold(const SolveDfpn *d, uint32_t second)
{
    uint64_t t = (uint64_t)second + 1 + (uint64_t)second * (uint64_t)d->epsilon_permille / 1000;
    return t > SOLVE_PN_INF ? SOLVE_PN_INF : (uint32_t)t;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* threshold - total + own, in range: what is left for one child of a sum. */
static uint32_t sum_threshold(uint32_t threshold, uint32_t total, uint32_t own)
{
    uint64_t t = (uint64_t)threshold - total + own;
    return t > SOLVE_PN_INF ? SOLVE_PN_INF : (uint32_t)t;
}

/* Reads the clock: the deadline, the interrupt, a checkpoint and a
 * progress report when they are due. */
static void poll_clock(SolveDfpn *d)
{
    int64_t now = clock_now_ms();
    if (d->deadline_ms && now >= d->deadline_ms)
        d->stopped = true;
    if (d->interrupt && *d->interrupt)
        d->stopped = true;
    if (d->checkpoint && !d->stopped && now >= d->next_checkpoint_ms) {
        d->checkpoint(d, d->checkpoint_context);
        now = clock_now_ms();
        d->next_checkpoint_ms = now + d->checkpoint_interval_ms;
    }
    if (d->progress && now >= d->next_progress_ms) {
        d->next_progress_ms = now + d->progress_interval_ms;
        d->report.nodes = d->nodes;
        d->report.elapsed_ms = now - d->start_ms;
        d->report.target = d->target;
        d->report.table_used = d->table.used;
        d->report.table_capacity = solve_table_capacity(&d->table);
        d->progress(&d->report, d->progress_context);
    }
}

static void poll(SolveDfpn *d)
{
    if (d->node_limit && d->nodes >= d->node_limit)
        d->stopped = true;
    if (d->expansion_limit && d->expansions >= d->expansion_limit)
        d->stopped = d->budget_spent = true;
    /* the endgame solver adds its nodes to the count too: the clock is
     * read once the count has passed the mark, not when it hits one */
    if (d->nodes < d->next_poll)
        return;
    d->next_poll = d->nodes + DFPN_POLL_INTERVAL;
    poll_clock(d);
}

/* The endgame solver's poll (every 1024 of its nodes): the same. */
static bool endgame_poll(void *context)
{
    SolveDfpn *d = context;
    poll_clock(d);
    return d->stopped;
}

SolveDfpnStatus solve_dfpn_init(SolveDfpn *dfpn, int size, size_t table_bytes, bool symmetry, bool stability,
                                int leaf_empties)
{
    *dfpn = (SolveDfpn){0};
    dfpn->size = size;
    dfpn->points = size * size;
    dfpn->stability = stability;
    dfpn->leaf_empties = leaf_empties;
    symmetry_table_init(&dfpn->symmetry, size, symmetry);
    /* a quarter for the endgame solver's table, or all but a sixteenth when
     * it takes the whole board (the proof numbers then see the root alone) */
    size_t endgame_bytes = leaf_empties <= 0              ? 0
                           : leaf_empties >= size * size ? table_bytes - table_bytes / 16
                                                         : table_bytes / 4;
    dfpn->children = calloc((size_t)(dfpn->points + 1) * (size_t)dfpn->points, sizeof(SolveChild));
    bool ok = dfpn->children && solve_table_init(&dfpn->table, table_bytes - endgame_bytes);
    if (ok && leaf_empties > 0) {
        ok = tt_init(&dfpn->endgame_table, endgame_bytes >> 20);
        dfpn->endgame = (Solver){.tt = &dfpn->endgame_table, .nodes = &dfpn->nodes, .poll = endgame_poll,
                                 .context = dfpn};
        if (symmetry)
            dfpn->endgame.symmetry = &dfpn->symmetry;
        dfpn->ordering.min_empties = SOLVE_ORDER_EMPTIES;
        endgame_ordering_clear(&dfpn->ordering);
        dfpn->endgame.ordering = &dfpn->ordering;
        dfpn->endgame.keep_work = true;
    }
    if (!ok) {
        solve_dfpn_free(dfpn);
        return SOLVE_DFPN_ERR_MEMORY;
    }
    dfpn->start_ms = clock_now_ms();
    return SOLVE_DFPN_OK;
}

void solve_dfpn_free(SolveDfpn *dfpn)
{
    solve_table_free(&dfpn->table);
    if (dfpn->endgame.tt)
        tt_free(&dfpn->endgame_table);
    dfpn->endgame.tt = NULL;
    free(dfpn->children);
    dfpn->children = NULL;
}

/* Bounds on Black's final margin from the stones alone: the exact score of
 * a full board, else the stable stones of each side (with the counts of
 * stones as a first, free test, since the stable ones are among them). */
static void stone_bounds(const SolveDfpn *d, const Position *pos, int target, int *lower, int *upper)
{
    if (pos_is_over(pos)) {
        *lower = *upper = pos_score(pos);
        return;
    }
    *lower = -d->points;
    *upper = d->points;
    if (!d->stability)
        return;
    int black = pos_count(pos, COLOR_BLACK), white = pos_count(pos, COLOR_WHITE);
    if (2 * black - d->points >= target)
        *lower = 2 * bb_count(stable_stones(pos->stones[COLOR_BLACK], d->size)) - d->points;
    if (d->points - 2 * white < target)
        *upper = d->points - 2 * bb_count(stable_stones(pos->stones[COLOR_WHITE], d->size));
}

/* The endgame solver's entry for pos, and the image its key was taken
 * in; false when it holds none of its own (exact-solve) entries. */
static bool endgame_entry(const SolveDfpn *dfpn, const Position *pos, const SymmetryHashes *hashes, TTHit *hit,
                          int *image)
{
    if (!dfpn->endgame.tt)
        return false;
    *image = dfpn->endgame.symmetry ? symmetry_key_image(&dfpn->symmetry, hashes) : 0;
    uint64_t key = dfpn->endgame.symmetry ? hashes->h[*image] : pos->hash;
    return tt_probe(&dfpn->endgame_table, key, hit) && hit->depth == ENDGAME_TT_DEPTH;
}

void solve_dfpn_bounds(const SolveDfpn *dfpn, const Position *pos, int *lower, int *upper)
{
    if (pos_is_over(pos)) {
        *lower = *upper = pos_score(pos);
        return;
    }
    int lo = -dfpn->points, hi = dfpn->points;
    if (dfpn->stability) {
        lo = 2 * bb_count(stable_stones(pos->stones[COLOR_BLACK], dfpn->size)) - dfpn->points;
        hi = dfpn->points - 2 * bb_count(stable_stones(pos->stones[COLOR_WHITE], dfpn->size));
    }
    SymmetryHashes hashes;
    symmetry_hashes(&dfpn->symmetry, pos, &hashes);
    const SolveEntry *e = solve_table_find(&dfpn->table, symmetry_key(&dfpn->symmetry, &hashes));
    if (e) {
        if (e->lower > lo)
            lo = e->lower;
        if (e->upper < hi)
            hi = e->upper;
    }
    /* what the endgame solver proved: a fail-soft bound on the mover's
     * final margin */
    TTHit hit;
    int image;
    if (endgame_entry(dfpn, pos, &hashes, &hit, &image)) {
        int margin = score_final_margin(hit.score);
        bool at_least = hit.bound == TT_BOUND_EXACT || hit.bound == TT_BOUND_LOWER;
        bool at_most = hit.bound == TT_BOUND_EXACT || hit.bound == TT_BOUND_UPPER;
        int mover_lo = at_least ? margin : -dfpn->points, mover_hi = at_most ? margin : dfpn->points;
        bool black = pos_to_move(pos) == COLOR_BLACK;
        int black_lo = black ? mover_lo : -mover_hi, black_hi = black ? mover_hi : -mover_lo;
        if (black_lo > lo)
            lo = black_lo;
        if (black_hi < hi)
            hi = black_hi;
    }
    *lower = lo;
    *upper = hi;
}

int solve_dfpn_known_stone(const SolveDfpn *dfpn, const Position *pos)
{
    SymmetryHashes hashes;
    symmetry_hashes(&dfpn->symmetry, pos, &hashes);
    TTHit hit;
    int image;
    if (!endgame_entry(dfpn, pos, &hashes, &hit, &image) || hit.move < 0)
        return POINT_NONE;
    return dfpn->endgame.symmetry ? dfpn->symmetry.inverse[image][hit.move] : hit.move;
}

/* The numbers of a position not yet searched: 1 for the side to move, and
 * for the other side the stones the mover may choose from in this turn
 * (all of them must be answered): the empty points, times the points left
 * for the second stone when two remain to be placed. */
static void initial_numbers(const SolveDfpn *d, const Position *pos, SolveChild *c)
{
    uint32_t replies = 1;
    if (d->mobility) {
        uint32_t empties = (uint32_t)pos_empty_count(pos);
        replies = empties;
        if (pos_stones_left(pos) == 2 && empties > 1)
            replies *= empties - 1;
    }
    bool black = pos_to_move(pos) == COLOR_BLACK;
    c->pn = black ? 1 : replies;
    c->dn = black ? replies : 1;
}

void solve_dfpn_initial_numbers(const SolveDfpn *dfpn, const Position *pos, uint32_t *pn, uint32_t *dn)
{
    SolveChild c;
    initial_numbers(dfpn, pos, &c);
    *pn = c.pn;
    *dn = c.dn;
}

/* The numbers of a child from its stones: decided (when its stones reach
 * the target or can no longer), or the initial ones until the table is
 * read. */
static bool child_decided(const SolveDfpn *d, const Position *child, SolveChild *c)
{
    int lower, upper;
    stone_bounds(d, child, d->target, &lower, &upper);
    initial_numbers(d, child, c);
    if (lower >= d->target) {
        c->pn = 0;
        c->dn = SOLVE_PN_INF;
        return true;
    }
    if (upper < d->target) {
        c->pn = SOLVE_PN_INF;
        c->dn = 0;
        return true;
    }
    return false;
}

/* The numbers the table holds for a child: decided by its bounds, or the
 * numbers of this target. */
static void child_lookup(const SolveDfpn *d, SolveChild *c)
{
    const SolveEntry *e = solve_table_find(&d->table, c->key);
    if (!e)
        return;
    if (e->lower >= d->target) {
        c->pn = 0;
        c->dn = SOLVE_PN_INF;
    } else if (e->upper < d->target) {
        c->pn = SOLVE_PN_INF;
        c->dn = 0;
    } else if (e->target == d->target) {
        c->pn = e->pn;
        c->dn = e->dn;
    }
}

static void store(SolveDfpn *d, uint64_t key, uint32_t pn, uint32_t dn, uint64_t work)
{
    SolveEntry *e = solve_table_slot(&d->table, key);
    if (pn == 0) {
        if (e->lower < d->target)
            e->lower = (int16_t)d->target;
    } else if (dn == 0) {
        if (e->upper > d->target - 1)
            e->upper = (int16_t)(d->target - 1);
    }
    e->pn = pn;
    e->dn = dn;
    e->target = (int16_t)d->target;
    uint64_t total = (uint64_t)e->work + work;
    e->work = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
}

/* Settles "Black's margin >= target" at pos with the endgame solver's
 * null window, and keeps the (fail-soft) bound it proves; false when a
 * limit stopped it. */
static bool endgame_leaf(SolveDfpn *d, const Position *pos, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    /* the mover's margin reaches `threshold` or stays below it */
    bool black = pos_to_move(pos) == COLOR_BLACK;
    int threshold = black ? d->target : 1 - d->target;
    int beta = score_final(threshold);
    d->endgame.node_limit = d->node_limit;
    int score = endgame_solve(&d->endgame, pos, beta - 1, beta, NULL, NULL);
    if (d->endgame.stopped) {
        d->stopped = true;
        return false;
    }
    int margin = score_final_margin(score);
    bool reached = score >= beta;
    bool yes = reached == black;
    SolveEntry *e = solve_table_slot(&d->table, key);
    /* fail-soft: a reached threshold gives a lower bound of the mover's
     * margin, a missed one an upper bound */
    if (yes) {
        int lower = black ? margin : -margin;
        if (e->lower < lower)
            e->lower = (int16_t)lower;
    } else {
        int upper = black ? margin : -margin;
        if (e->upper > upper)
            e->upper = (int16_t)upper;
    }
    e->pn = *pn = yes ? 0 : SOLVE_PN_INF;
    e->dn = *dn = yes ? SOLVE_PN_INF : 0;
    e->target = (int16_t)d->target;
    return true;
}

/* Searches pos (not over, not decided) until its proof number reaches thpn
 * or its disproof number thdn; *pn and *dn receive them. */
static void mid(SolveDfpn *d, const Position *pos, const SymmetryHashes *hashes, uint64_t key, int depth,
                uint32_t thpn, uint32_t thdn, uint32_t *out_pn, uint32_t *out_dn)
{
    uint64_t first_node = d->nodes++;
    d->expansions++;
    poll(d);
    if (pos_empty_count(pos) <= d->leaf_empties) {
        uint64_t before = d->nodes;
        if (endgame_leaf(d, pos, key, out_pn, out_dn)) {
            SolveEntry *e = solve_table_slot(&d->table, key);
            uint64_t total = (uint64_t)e->work + (d->nodes - before);
            e->work = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
            return;
        }
        *out_pn = *out_dn = 1;
        return;
    }
    bool black = pos_to_move(pos) == COLOR_BLACK;
    SolveChild *kids = d->children + (size_t)depth * (size_t)d->points;
    int n = 0, pending = 0;
    uint32_t pn = 1, dn = 1;
    bool decided = false;
    uint8_t lookup[BB_POINTS]; /* the children the table is asked about */
    Bitboard empty = pos_empty(pos);
    Bitboard near = bb_dilate8(pos->stones[pos_to_move(pos)]);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        Position child = *pos;
        int filled = pos_play(&child, p);
        SymmetryHashes child_hashes = *hashes;
        symmetry_hashes_update(&d->symmetry, pos, &child, &child_hashes);
        uint64_t child_key = symmetry_key(&d->symmetry, &child_hashes);
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = kids[j].key == child_key;
        if (seen)
            continue; /* a mirror image of a stone already listed */
        SolveChild *c = &kids[n];
        c->key = child_key;
        c->point = (int16_t)p;
        c->order = (int16_t)(filled * 2 + bb_test(near, p));
        if (!child_decided(d, &child, c)) {
            solve_table_prefetch(&d->table, child_key);
            lookup[pending++] = (uint8_t)n;
        }
        n++;
        /* a child that decides the node ends the list */
        if ((black && c->pn == 0) || (!black && c->dn == 0)) {
            decided = true;
            break;
        }
    }
    for (int i = 0; i < pending && !decided; i++) {
        SolveChild *c = &kids[lookup[i]];
        child_lookup(d, c);
        decided = (black && c->pn == 0) || (!black && c->dn == 0);
    }
    if (decided) {
        pn = black ? 0 : SOLVE_PN_INF;
        dn = black ? SOLVE_PN_INF : 0;
    }
    /* Ties between children go to the first: stones that fill, the most
     * first, then stones next to the mover's own (as the endgame solver
     * orders them). */
    for (int i = 1; i < n && !decided; i++) {
        SolveChild c = kids[i];
        int j = i;
        for (; j > 0 && kids[j - 1].order < c.order; j--)
            kids[j] = kids[j - 1];
        kids[j] = c;
    }
    while (!decided) {
        /* the node's numbers, and the best child with the runner-up's number */
        int best = -1;
        uint32_t first = SOLVE_PN_INF + 1, second = SOLVE_PN_INF, sum = 0;
        for (int i = 0; i < n; i++) {
            uint32_t own = black ? kids[i].pn : kids[i].dn;
            uint32_t other = black ? kids[i].dn : kids[i].pn;
            sum = pn_add(sum, other);
            if (own < first) {
                second = first;
                first = own;
                best = i;
            } else if (own < second) {
                second = own;
            }
        }
        if (second > SOLVE_PN_INF)
            second = SOLVE_PN_INF;
        pn = black ? first : sum;
        dn = black ? sum : first;
        if (depth == 0) {
            d->report.pn = pn;
            d->report.dn = dn;
        }
        if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || d->stopped)
            break;
        SolveChild *c = &kids[best];
        uint32_t child_thpn, child_thdn;
        if (black) {
            child_thpn = min_u32(thpn, epsilon_threshold(d, second));
            child_thdn = sum_threshold(thdn, dn, c->dn);
        } else {
            child_thdn = min_u32(thdn, epsilon_threshold(d, second));
            child_thpn = sum_threshold(thpn, pn, c->pn);
        }
        Position child = *pos;
        pos_play(&child, c->point);
        SymmetryHashes child_hashes = *hashes;
        symmetry_hashes_update(&d->symmetry, pos, &child, &child_hashes);
        mid(d, &child, &child_hashes, c->key, depth + 1, child_thpn, child_thdn, &c->pn, &c->dn);
    }
    store(d, key, pn, dn, d->nodes - first_node);
    *out_pn = pn;
    *out_dn = dn;
}

SolveAnswer solve_dfpn_prove(SolveDfpn *dfpn, const Position *pos, int target, uint32_t *pn, uint32_t *dn)
{
    dfpn->target = target;
    dfpn->stopped = false;
    dfpn->report.pn = dfpn->report.dn = 1; /* until the root's children are numbered */
    SymmetryHashes hashes;
    symmetry_hashes(&dfpn->symmetry, pos, &hashes);
    SolveChild root = {.key = symmetry_key(&dfpn->symmetry, &hashes)};
    if (!child_decided(dfpn, pos, &root))
        child_lookup(dfpn, &root);
    while (root.pn != 0 && root.dn != 0 && !dfpn->stopped)
        mid(dfpn, pos, &hashes, root.key, 0, SOLVE_PN_INF, SOLVE_PN_INF, &root.pn, &root.dn);
    if (pn)
        *pn = root.pn;
    if (dn)
        *dn = root.dn;
    return root.pn == 0 ? SOLVE_ANSWER_YES : root.dn == 0 ? SOLVE_ANSWER_NO : SOLVE_ANSWER_UNKNOWN;
}
