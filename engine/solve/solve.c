/* The exact margin from boolean proofs, the opening table and the
 * principal variation (solve.h). */
#include "solve/solve.h"

#include <string.h>

#include "base/clock.h"
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
        .probe_expansions = SOLVE_PROBE_EXPANSIONS,
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
    case SOLVE_ERR_RESTORE: return "the checkpoint could not be restored";
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

/* Asks "Black's margin >= target?" for at most `budget` expansions of the
 * proof search; *limited is set when a limit of the solve stopped it
 * (rather than the budget). *yes_ness receives how much nearer the proof
 * looks than the disproof: the root's proof number over its disproof
 * number, each divided by the number it started from (below 1: a yes
 * looks nearer; the start corrects for the node type, whose sum of
 * children's numbers on one side and minimum on the other would make
 * every question look alike). */
static bool probe(SolveDfpn *d, const Position *pos, int target, uint64_t budget, Value *v, bool *limited,
                  double *yes_ness)
{
    d->expansion_limit = d->expansions + budget;
    d->budget_spent = false;
    bool answered = ask(d, pos, target, v);
    d->expansion_limit = 0;
    *limited = !answered && !d->budget_spent;
    uint32_t pn0, dn0;
    solve_dfpn_initial_numbers(d, pos, &pn0, &dn0);
    *yes_ness = ((double)v->pn / pn0) / ((double)(v->dn ? v->dn : 1) / dn0);
    return answered;
}

/* The two questions nearest zero: "a win?" (>= +1), and "at least a
 * draw?" (>= 0), or where the board's points are odd and there are no
 * draws, "a loss by one at worst?" (>= -1). A yes to the first answers
 * the second, a no to the second the first. With `budget`, each is
 * searched that many expansions first: when the win looks nearer to a
 * yes than to a no and the other question does not look nearer to a no,
 * the win is settled first; when the other looks nearer to a no and the
 * win does not look nearer to a yes, that one first; when both look
 * decided that way, the one whose answer looks nearer; and when the win
 * looks a no and the other a yes (both are needed), the nearer again.
 * Returns false when a limit stopped it. */
static bool first_questions(SolveDfpn *d, const Position *pos, uint64_t budget, Value *v)
{
    int high = 1, low = round_down(0, d->points);
    bool lower_first = false;
    if (budget > 0 && v->lower < low && v->upper >= high && pos_empty_count(pos) > d->leaf_empties) {
        bool limited;
        double high_yes, low_yes;
        probe(d, pos, high, budget, v, &limited, &high_yes);
        if (limited)
            return false;
        if (v->lower < low && v->upper >= high) {
            probe(d, pos, low, budget, v, &limited, &low_yes);
            if (limited)
                return false;
            /* how near each question's likelier answer looks: a win's yes, the other's no */
            bool win_yes = high_yes < 1, low_no = low_yes > 1;
            if (win_yes != low_no)
                lower_first = low_no;
            else if (win_yes)
                lower_first = 1 / low_yes < high_yes;
            else
                lower_first = low_yes < 1 / high_yes;
        }
    }
    if (lower_first && v->lower < low && v->upper >= low && !ask(d, pos, low, v))
        return false;
    if (v->lower < high && v->upper >= high && !ask(d, pos, high, v))
        return false;
    /* a draw, when there can be one (the steps below ask the rest) */
    if (v->lower < 0 && v->upper >= 0 && !ask(d, pos, 0, v))
        return false;
    return true;
}

/* How the exact value of a position is sought: what is known of it, the
 * probe's budget (first_questions), and a question to ask first. */
typedef struct Plan {
    int known_lower, known_upper;
    uint64_t budget;
    bool resume_asking;
    int resume_target;
} Plan;

/* Black's exact margin from pos: the result first (a win? at least a
 * draw?), then steps of growing size away from zero until the margin is
 * bracketed, then bisection. Returns false when a limit stopped it. */
static bool exact_value(SolveDfpn *d, const Position *pos, const Plan *plan, Value *v)
{
    int points = d->points;
    int lower, upper;
    solve_dfpn_bounds(d, pos, &lower, &upper);
    if (plan->known_lower > lower)
        lower = plan->known_lower;
    if (plan->known_upper < upper)
        upper = plan->known_upper;
    v->target = 0;
    v->pn = v->dn = 0;
    v->upper = round_down(upper > points ? points : upper, points);
    v->lower = round_up(lower < -points ? -points : lower, points);
    /* the question a checkpoint was written under, whose numbers the table holds */
    if (plan->resume_asking && v->lower < plan->resume_target && v->upper >= plan->resume_target &&
        !ask(d, pos, plan->resume_target, v))
        return false;
    if (!first_questions(d, pos, plan->budget, v))
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

static void solve_openings(SolveDfpn *d, const Position *pos, uint64_t budget, SolveResult *out, bool *stopped)
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
        } else if (!exact_value(d, &child, &(Plan){-SOLVE_MARGIN_NONE, SOLVE_MARGIN_NONE, budget, false, 0}, &v)) {
            *stopped = true;
        }
        o->proven = v.lower >= v.upper;
        o->black_lower = v.lower;
        o->black_upper = v.upper;
    }
}

SolveStatus solve_start(SolveDfpn *d, int size, const SolveOptions *options)
{
    if (solve_dfpn_init(d, size, options->hash_bytes, options->symmetry, options->stability,
                        options->leaf_empties) != SOLVE_DFPN_OK)
        return SOLVE_ERR_MEMORY;
    d->mobility = options->mobility;
    if (!options->ordering)
        d->endgame.ordering = NULL;
    d->epsilon_permille = options->epsilon_permille;
    d->node_limit = options->node_limit;
    d->interrupt = options->interrupt;
    d->deadline_ms = options->time_limit_ms > 0 ? d->start_ms + options->time_limit_ms : 0;
    d->progress = options->progress;
    d->progress_context = options->progress_context;
    d->progress_interval_ms = options->progress_interval_ms;
    d->next_progress_ms = d->start_ms + options->progress_interval_ms;
    return SOLVE_OK;
}

/* A solve under way, as its checkpoints see it. */
typedef struct Run {
    const SolveOptions *options;
    Value root;   /* the root's bounds, kept up to date by ask() */
    bool at_root; /* the question under way is the root's (not an opening's) */
} Run;

static void checkpoint(const SolveDfpn *d, const Run *run, bool final)
{
    SolveSnapshot snapshot = {.lower = run->root.lower,
                              .upper = run->root.upper,
                              .asking = run->at_root && run->root.lower < run->root.upper,
                              .target = d->target,
                              .pn = d->report.pn,
                              .dn = d->report.dn,
                              .nodes = d->nodes,
                              .elapsed_ms = clock_now_ms() - d->start_ms,
                              .final = final};
    run->options->checkpoint(d, &snapshot, run->options->checkpoint_context);
}

static void periodic_checkpoint(const SolveDfpn *d, void *context) { checkpoint(d, context, false); }

SolveStatus solve_position(const Position *pos, const SolveOptions *options, SolveResult *out)
{
    SolveDfpn d;
    if (solve_start(&d, pos->size, options) != SOLVE_OK)
        return SOLVE_ERR_MEMORY;
    if (options->restore && !options->restore(&d, options->restore_context)) {
        solve_dfpn_free(&d);
        return SOLVE_ERR_RESTORE;
    }
    Run run = {.options = options,
               .root = {.lower = options->known_lower, .upper = options->known_upper},
               .at_root = true};
    if (options->checkpoint) {
        d.checkpoint = periodic_checkpoint;
        d.checkpoint_context = &run;
        d.checkpoint_interval_ms = options->checkpoint_interval_ms;
        d.next_checkpoint_ms = clock_now_ms() + options->checkpoint_interval_ms;
    }

    memset(out, 0, sizeof *out);
    out->best_point = POINT_NONE;
    Plan plan = {options->known_lower, options->known_upper, options->probe_expansions, options->resume_asking,
                 options->resume_target};
    Value *v = &run.root;
    bool stopped = !exact_value(&d, pos, &plan, v);
    out->proven = !stopped;
    out->black_lower = v->lower;
    out->black_upper = v->upper;
    out->black_margin = v->lower;
    out->margin = pos_to_move(pos) == COLOR_BLACK ? v->lower : -v->lower;
    if (stopped) {
        out->target = v->target;
        out->pn = v->pn;
        out->dn = v->dn;
    } else {
        out->pv_length = principal_variation(&d, pos, v->lower, out->pv);
        if (out->pv_length > 0)
            out->best_point = out->pv[0];
    }
    if (options->openings) {
        run.at_root = false;
        solve_openings(&d, pos, options->probe_expansions, out, &stopped);
        if (stopped && out->proven) {
            out->proven = false;
            out->target = d.target;
            out->pn = d.report.pn;
            out->dn = d.report.dn;
        }
    }
    if (stopped && options->checkpoint)
        checkpoint(&d, &run, true);
    out->nodes = d.nodes;
    out->elapsed_ms = clock_now_ms() - d.start_ms;
    out->table_used = d.table.used;
    out->table_capacity = solve_table_capacity(&d.table);
    out->table_bytes = solve_table_bytes(&d.table);
    solve_dfpn_free(&d);
    return stopped ? SOLVE_STOPPED : SOLVE_OK;
}
