/* Proof trees (proof.h): the nodes in order of first mention, which is
 * breadth first, with a map from positions to their ids (posmap.h) so that
 * every position is written once. */
#include "solve/proof.h"

#include <string.h>

#include "solve/posmap.h"

const char *solve_proof_status_text(SolveProofStatus status)
{
    switch (status) {
    case SOLVE_PROOF_OK: return "proven";
    case SOLVE_PROOF_FALSE: return "the claim does not hold";
    case SOLVE_PROOF_STOPPED: return "stopped by a limit before the proof was complete";
    case SOLVE_PROOF_INCONSISTENT: return "a defence the solver cannot refute below a proven position";
    case SOLVE_PROOF_ERR_MEMORY: return "out of memory";
    case SOLVE_PROOF_ERR_OUTPUT: return "the proof could not be written";
    }
    return "unknown status";
}

/* Whether the claim holds from pos: 1 yes, 0 no, -1 unknown (stopped, or
 * with known_only, not settled by what the table and the stable stones
 * already say). */
typedef struct Claim {
    Color prover;
    int margin;
} Claim;

static int claim_holds(SolveDfpn *d, const Position *pos, Claim c, bool known_only)
{
    int lower, upper;
    solve_dfpn_bounds(d, pos, &lower, &upper);
    if (c.prover == COLOR_BLACK ? lower >= c.margin : upper <= -c.margin)
        return 1;
    if (c.prover == COLOR_BLACK ? upper < c.margin : lower > -c.margin)
        return 0;
    if (known_only)
        return -1;
    /* White's margin >= m is Black's margin < 1 - m */
    int target = c.prover == COLOR_BLACK ? c.margin : 1 - c.margin;
    SolveAnswer answer = solve_dfpn_prove(d, pos, target, NULL, NULL);
    if (answer == SOLVE_ANSWER_UNKNOWN)
        return -1;
    return (answer == SOLVE_ANSWER_YES) == (c.prover == COLOR_BLACK);
}

/* The prover's stone at a node: one whose position is already in the tree
 * and known to keep the claim, else any known to keep it, else the first
 * the solver proves, trying the endgame solver's best stone there first.
 * POINT_NONE when none keeps it; -2 when stopped. */
static int prover_stone(SolveDfpn *d, const SolvePosMap *t, const Position *pos, Claim c, const int *legal,
                        int count)
{
    int order[BB_POINTS], n = 0, known = solve_dfpn_known_stone(d, pos);
    for (int i = 0; i < count; i++)
        if (legal[i] == known)
            order[n++] = known;
    for (int i = 0; i < count; i++)
        if (legal[i] != known)
            order[n++] = legal[i];
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < n; i++) {
            Position next = *pos;
            pos_play(&next, order[i]);
            if (pass == 0 && !solve_posmap_has(t, &next))
                continue;
            int holds = claim_holds(d, &next, c, pass < 2);
            if (holds == 1)
                return order[i];
            if (pass == 2 && holds < 0)
                return -2;
        }
    return POINT_NONE;
}

SolveProofStatus solve_proof(SolveDfpn *dfpn, const Position *root, Color prover, int margin, int leaf_empties,
                             SolveProofNodeFn emit, void *context, SolveProofStats *stats)
{
    memset(stats, 0, sizeof *stats);
    Claim c = {prover, margin};
    int holds = claim_holds(dfpn, root, c, false);
    if (holds < 0)
        return SOLVE_PROOF_STOPPED;
    if (holds == 0)
        return SOLVE_PROOF_FALSE;
    SolvePosMap t;
    SolveProofStatus status = SOLVE_PROOF_ERR_MEMORY;
    uint64_t id;
    bool added;
    if (!solve_posmap_init(&t) || !solve_posmap_id(&t, root, &id, &added))
        goto done;
    for (uint64_t next = 0; next < t.count; next++) {
        Position pos = t.pos[next]; /* the array moves as children are added */
        int points[BB_POINTS], legal[BB_POINTS], count = 0, legal_count = 0;
        uint64_t children[BB_POINTS];
        SolveProofKind kind;
        if (pos_is_over(&pos) || pos_empty_count(&pos) <= leaf_empties) {
            kind = SOLVE_PROOF_LEAF;
            stats->leaves++;
        } else {
            Color mover = pos_to_move(&pos);
            Bitboard empty = pos_empty(&pos);
            for (int point = 0; point < BB_POINTS; point++)
                if (bb_test(empty, point) && pos_check(&pos, mover, point) == POS_OK)
                    legal[legal_count++] = point;
            if (mover == prover) {
                kind = SOLVE_PROOF_PLAY;
                int stone = prover_stone(dfpn, &t, &pos, c, legal, legal_count);
                if (stone == -2) {
                    status = SOLVE_PROOF_STOPPED;
                    goto done;
                }
                if (stone == POINT_NONE) {
                    status = SOLVE_PROOF_INCONSISTENT;
                    goto done;
                }
                points[count++] = stone;
            } else {
                kind = SOLVE_PROOF_ALL;
                for (int i = 0; i < legal_count; i++) {
                    Position child = pos;
                    pos_play(&child, legal[i]);
                    int ok = claim_holds(dfpn, &child, c, false);
                    if (ok <= 0) {
                        status = ok < 0 ? SOLVE_PROOF_STOPPED : SOLVE_PROOF_INCONSISTENT;
                        goto done;
                    }
                    points[count++] = legal[i];
                }
            }
            for (int i = 0; i < count; i++) {
                Position child = pos;
                pos_play(&child, points[i]);
                if (!solve_posmap_id(&t, &child, &children[i], &added))
                    goto done;
                stats->transpositions += !added;
            }
            stats->edges += (uint64_t)count;
        }
        stats->nodes++;
        if (!emit(context, next, &pos, kind, points, children, count)) {
            status = SOLVE_PROOF_ERR_OUTPUT;
            goto done;
        }
    }
    status = SOLVE_PROOF_OK;
done:
    solve_posmap_free(&t);
    return status;
}
