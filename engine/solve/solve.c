/* The exact margin from boolean proofs, the opening table and the
 * principal variation (solve.h). */
#include "solve/solve.h"

#include <string.h>

#include "rules/clock.h"
#include "rules/score.h"

void solve_options_default(SolveOptions *options)
{
    *options = (SolveOptions){
        .hash_bytes = SOLVE_DEFAULT_HASH_BYTES,
        .symmetry = true,
        .stability = true,
        .mobility = true,
        .epsilon_permille = SOLVE_DEFAULT_EPSILON_PERMILLE,
        .leaf_empties = SOLVE_DEFAULT_LEAF_EMPTIES,
        .ordering = true,
        .progress_interval_ms = SOLVE_DEFAULT_PROGRESS_MS,
        .known_lower = -SOLVE_MARGIN_NONE,
        .known_upper = SOLVE_MARGIN_NONE,
    };
}

size_t solve_default_hash_mib(int empties, uint64_t physical_bytes)
{
    size_t mib = SOLVE_HASH_SMALL_MIB;
    if (empties >= SOLVE_HASH_LARGE_EMPTIES)
        mib = SOLVE_HASH_LARGE_MIB;
    else if (empties > SOLVE_HASH_SMALL_EMPTIES)
        mib = (size_t)SOLVE_HASH_SMALL_MIB << (empties - SOLVE_HASH_SMALL_EMPTIES);
    uint64_t cap = SOLVE_HASH_SMALL_MIB;
    if (physical_bytes > 0)
        for (cap = 1; cap * 2 <= (physical_bytes / 2) >> 20; cap *= 2)
            ;
    return mib < cap ? mib : (size_t)cap;
}

const char *solve_status_text(SolveStatus status)
{
    switch (status) {
    case SOLVE_OK: return "proven";
    case SOLVE_STOPPED: return "stopped by a limit before the proof was complete";
    case SOLVE_ERR_MEMORY: return "out of memory for the table";
    }
    return "unknown status";
}

/* Final margins have the parity of the number of points (Black's stones
 * minus White's on a full board). */
static int round_up(int v, int points) { return (v - points) % 2 ? v + 1 : v; }
static int round_down(int v, int points) { return (v - points) % 2 ? v - 1 : v; }

/* The search of one position's exact value, and where it stopped. */
typedef struct Value {
    int lower, upper;  /* Black's margin */
    int target;        /* of the last question asked */
    uint32_t pn, dn;   /* its root numbers */
} Value;

/* Asks "Black's margin >= target?" and narrows the bounds; false when a
 * limit stopped the proof. */
static bool ask(SolveDfpn *d, const Position *pos, int target, Value *v)
{
    v->target = target;
    d->report.lower = v->lower;
    d->report.upper = v->upper;
    SolveAnswer answer = solve_dfpn_prove(d, pos, target, &v->pn, &v->dn);
    if (answer == SOLVE_ANSWER_YES && round_up(target, d->points) > v->lower)
        v->lower = round_up(target, d->points);
    if (answer == SOLVE_ANSWER_NO && round_down(target - 1, d->points) < v->upper)
        v->upper = round_down(target - 1, d->points);
    return answer != SOLVE_ANSWER_UNKNOWN;
}

/* Black's exact margin from pos: the result first (a win? at least a
 * draw?), then steps of growing size away from zero until the margin is
 * bracketed, then bisection. Returns false when a limit stopped it. */
static bool exact_value(SolveDfpn *d, const Position *pos, int known_lower, int known_upper, Value *v)
{
    int points = d->points;
    solve_dfpn_bounds(d, pos, &v->lower, &v->upper);
    if (known_lower > v->lower)
        v->lower = known_lower;
    if (known_upper < v->upper)
        v->upper = known_upper;
    v->lower = round_up(v->lower < -points ? -points : v->lower, points);
    v->upper = round_down(v->upper > points ? points : v->upper, points);
    v->target = 0;
    v->pn = v->dn = 0;
    if (v->lower < 1 && v->upper >= 1 && !ask(d, pos, 1, v))
        return false;
    if (v->lower < 0 && v->upper >= 0 && !ask(d, pos, 0, v))
        return false;
    int gap = 2;
    bool bracketed = false;
    while (v->lower < v->upper) {
        int target;
        if (bracketed)
            target = v->lower + 2 * (((v->upper - v->lower) / 2 + 1) / 2);
        else if (v->lower > 0)
            target = v->lower + gap < v->upper ? v->lower + gap : v->upper;
        else
            target = v->upper - gap + 2 > v->lower + 2 ? v->upper - gap + 2 : v->lower + 2;
        bool climbing = v->lower > 0;
        int lower = v->lower;
        if (!ask(d, pos, target, v))
            return false;
        bool raised = v->lower > lower;
        /* a step that went the way of the climb (or of the descent) doubles */
        if (!bracketed && raised == climbing)
            gap *= 2;
        else
            bracketed = true;
    }
    return true;
}

/* A line of stones that keeps Black's margin at `value`, as far as the
 * table's bounds show it: at Black's turn a stone after which Black's
 * margin is at least the value, at White's one after which it is at most
 * the value; from where the endgame solver settled the questions, its own
 * line. */
static int principal_variation(SolveDfpn *d, const Position *root, int value, int *pv)
{
    Position pos = *root;
    int length = 0;
    while (!pos_is_over(&pos) && length < BB_POINTS) {
        bool black = pos_to_move(&pos) == COLOR_BLACK;
        int found = POINT_NONE;
        Bitboard empty = pos_empty(&pos);
        for (int p; found == POINT_NONE && (p = bb_next(&empty)) != POINT_NONE;) {
            Position child = pos;
            pos_play(&child, p);
            int lower, upper;
            solve_dfpn_bounds(d, &child, &lower, &upper);
            if (black ? lower > value - 2 : upper < value + 2)
                found = p;
        }
        if (found == POINT_NONE)
            break;
        pv[length++] = found;
        pos_play(&pos, found);
    }
    if (!pos_is_over(&pos) && pos_empty_count(&pos) <= d->leaf_empties) {
        int line[BB_POINTS], line_length = 0;
        int score = endgame_solve(&d->endgame, &pos, -SCORE_INF, SCORE_INF, line, &line_length);
        int margin = score_final_margin(score);
        if (!d->endgame.stopped && (pos_to_move(&pos) == COLOR_BLACK ? margin : -margin) == value)
            for (int i = 0; i < line_length && length < BB_POINTS; i++)
                pv[length++] = line[i];
    }
    return length;
}

static void solve_openings(SolveDfpn *d, const Position *pos, SolveResult *out, bool *stopped)
{
    uint64_t keys[BB_POINTS];
    SymmetryHashes root;
    symmetry_hashes(&d->symmetry, pos, &root);
    out->opening_count = 0;
    Bitboard empty = pos_empty(pos);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        Position child = *pos;
        pos_play(&child, p);
        SymmetryHashes hashes = root;
        symmetry_hashes_update(&d->symmetry, pos, &child, &hashes);
        int i = out->opening_count++;
        SolveOpening *o = &out->openings[i];
        keys[i] = symmetry_key(&d->symmetry, &hashes);
        *o = (SolveOpening){.point = p, .same_as = POINT_NONE};
        for (int j = 0; j < i; j++) {
            if (keys[j] == keys[i]) {
                *o = out->openings[j];
                o->point = p;
                o->same_as = out->openings[j].same_as == POINT_NONE ? out->openings[j].point
                                                                    : out->openings[j].same_as;
                break;
            }
        }
        if (o->same_as != POINT_NONE)
            continue;
        Value v;
        if (*stopped) {
            solve_dfpn_bounds(d, &child, &v.lower, &v.upper);
        } else if (!exact_value(d, &child, -SOLVE_MARGIN_NONE, SOLVE_MARGIN_NONE, &v)) {
            *stopped = true;
        }
        o->proven = v.lower >= v.upper;
        o->black_lower = v.lower;
        o->black_upper = v.upper;
    }
}

SolveStatus solve_start(SolveDfpn *d, int size, const SolveOptions *options, EvalModel **evaluation)
{
    *evaluation = NULL;
    if (solve_dfpn_init(d, size, options->hash_bytes, options->symmetry, options->stability,
                        options->leaf_empties) != SOLVE_DFPN_OK)
        return SOLVE_ERR_MEMORY;
    d->mobility = options->mobility;
    if (!options->ordering)
        d->endgame.ordering = NULL;
    d->epsilon_permille = options->epsilon_permille;
    if (options->evaluation) {
        *evaluation = eval_model_default();
        if (!*evaluation) {
            solve_dfpn_free(d);
            return SOLVE_ERR_MEMORY;
        }
        d->evaluation = *evaluation;
    }
    d->node_limit = options->node_limit;
    d->deadline_ms = options->time_limit_ms > 0 ? d->start_ms + options->time_limit_ms : 0;
    d->progress = options->progress;
    d->progress_context = options->progress_context;
    d->progress_interval_ms = options->progress_interval_ms;
    d->next_progress_ms = d->start_ms + options->progress_interval_ms;
    return SOLVE_OK;
}

SolveStatus solve_position(const Position *pos, const SolveOptions *options, SolveResult *out)
{
    SolveDfpn d;
    EvalModel *model;
    if (solve_start(&d, pos->size, options, &model) != SOLVE_OK)
        return SOLVE_ERR_MEMORY;

    memset(out, 0, sizeof *out);
    out->best_point = POINT_NONE;
    Value v;
    bool stopped = !exact_value(&d, pos, options->known_lower, options->known_upper, &v);
    out->proven = !stopped;
    out->black_lower = v.lower;
    out->black_upper = v.upper;
    out->black_margin = v.lower;
    out->margin = pos_to_move(pos) == COLOR_BLACK ? v.lower : -v.lower;
    if (stopped) {
        out->target = v.target;
        out->pn = v.pn;
        out->dn = v.dn;
    } else {
        out->pv_length = principal_variation(&d, pos, v.lower, out->pv);
        if (out->pv_length > 0)
            out->best_point = out->pv[0];
    }
    if (options->openings) {
        solve_openings(&d, pos, out, &stopped);
        if (stopped && out->proven) {
            out->proven = false;
            out->target = d.target;
            out->pn = d.report.pn;
            out->dn = d.report.dn;
        }
    }
    out->nodes = d.nodes;
    out->elapsed_ms = clock_now_ms() - d.start_ms;
    out->table_used = d.table.used;
    out->table_capacity = solve_table_capacity(&d.table);
    out->table_bytes = solve_table_bytes(&d.table);
    solve_dfpn_free(&d);
    eval_model_destroy(model);
    return stopped ? SOLVE_STOPPED : SOLVE_OK;
}
