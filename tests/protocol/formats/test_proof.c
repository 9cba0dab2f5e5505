/* Proof files: proofs written here by a plain minimax over small boards are
 * accepted, and every kind of damage (a defence missing, a wrong leaf, a
 * claim too high, a child that is another position, bad syntax) is refused
 * with the reason. The values behind the proofs are checked against the
 * reference rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/coord.h"
#include "formats/posstr.h"
#include "formats/proof_file.h"
#include "random_position.h"
#include "reference.h"

/* The best margin the prover can force, by the rules core. */
static int minimax(const Position *pos, Color prover)
{
    if (pos_is_over(pos))
        return prover == COLOR_BLACK ? pos_score(pos) : -pos_score(pos);
    bool maximise = pos_to_move(pos) == prover;
    int best = maximise ? -1000 : 1000;
    Bitboard empty = pos_empty(pos);
    for (int point = 0; point < BB_POINTS; point++) {
        if (!bb_test(empty, point))
            continue;
        Position next = *pos;
        pos_play(&next, point);
        int value = minimax(&next, prover);
        if (maximise ? value > best : value < best)
            best = value;
    }
    return best;
}

/* A proof writer: ids in order of first mention, children named in the
 * parent's line before their own lines. */
typedef struct Gen {
    FILE *out;
    uint64_t next_id;
    int leaf_empties;
} Gen;

static void gen_node(Gen *g, const Position *pos, Color prover, int margin, uint64_t id)
{
    if (pos_is_over(pos) || pos_empty_count(pos) <= g->leaf_empties) {
        proof_write_node(g->out, id, pos, PROOF_LEAF, NULL, NULL, 0);
        return;
    }
    int points[BB_POINTS], count = 0;
    uint64_t children[BB_POINTS];
    Bitboard empty = pos_empty(pos);
    bool prover_moves = pos_to_move(pos) == prover;
    for (int point = 0; point < BB_POINTS && !(prover_moves && count == 1); point++) {
        if (!bb_test(empty, point))
            continue;
        if (prover_moves) {
            Position next = *pos;
            pos_play(&next, point);
            if (minimax(&next, prover) < margin)
                continue;
        }
        points[count] = point;
        children[count++] = g->next_id++;
    }
    assert_true(count > 0); /* the claim holds, so the prover has a stone */
    proof_write_node(g->out, id, pos, prover_moves ? PROOF_PLAY : PROOF_ALL, points, children, count);
    for (int i = 0; i < count; i++) {
        Position next = *pos;
        pos_play(&next, points[i]);
        gen_node(g, &next, prover, margin, children[i]);
    }
}

static void gen_claim(FILE *out, const Position *pos, Color prover, int margin, int leaf_empties)
{
    ProofClaim claim = {prover, margin};
    proof_write_claim(out, &claim);
    Gen g = {out, 1, leaf_empties};
    gen_node(&g, pos, prover, margin, 0);
}

/* A whole proof file in memory: the exact value of pos as two claims. */
static char *exact_proof(const Position *pos, int leaf_empties, int *black_margin)
{
    int value = minimax(pos, COLOR_BLACK);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    proof_write_header(out);
    fprintf(out, "# the exact value\n\n");
    gen_claim(out, pos, COLOR_BLACK, value, leaf_empties);
    gen_claim(out, pos, COLOR_WHITE, -value, leaf_empties);
    fclose(out);
    *black_margin = value;
    return text;
}

static bool check_text(const char *text, ProofSummary *summary, char *err, size_t err_size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    bool ok = proof_check(in, summary, err, err_size);
    fclose(in);
    return ok;
}

static void assert_refused(const char *text, const char *reason)
{
    ProofSummary summary;
    char err[PROOF_ERROR_MAX] = "";
    if (check_text(text, &summary, err, sizeof err))
        fail_msg("accepted, expected a refusal for '%s':\n%.2000s", reason, text);
    if (!strstr(err, reason))
        fail_msg("refused for '%s', expected '%s'", err, reason);
}

/* Replaces the first occurrence of `from` after offset `start` by `to`. */
static char *replace(const char *text, size_t start, const char *from, const char *to)
{
    const char *at = strstr(text + start, from);
    assert_non_null(at);
    size_t head = (size_t)(at - text), tail = strlen(at + strlen(from));
    char *out = malloc(head + strlen(to) + tail + 1);
    assert_non_null(out);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

static Position random_position(Rng *rng, int size, int empties)
{
    return support_random_position(rng, size, empties);
}

/* Proofs of the exact value of random positions hold, and their value is
 * the reference rules' minimax. */
static void test_exact_proofs_hold(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2026);
    for (int trial = 0; trial < 40; trial++) {
        int size = trial % 4 == 3 ? 5 : 4;
        Position pos = random_position(&rng, size, 6 + trial % 3);
        RefBoard board;
        ref_from_position(&board, &pos);
        int margin;
        char *text = exact_proof(&pos, trial % 2 ? 0 : 3, &margin);
        assert_int_equal(margin, ref_minimax(&board));
        ProofSummary summary;
        char err[PROOF_ERROR_MAX] = "";
        if (!check_text(text, &summary, err, sizeof err))
            fail_msg("trial %d refused: %s", trial, err);
        assert_int_equal(summary.claims, 2);
        assert_int_equal(summary.claim[0].prover, COLOR_BLACK);
        assert_int_equal(summary.claim[0].margin, margin);
        assert_int_equal(summary.claim[1].prover, COLOR_WHITE);
        assert_int_equal(summary.claim[1].margin, -margin);
        char root[POSSTR_MAX];
        posstr_format(&pos, root);
        assert_string_equal(summary.root[0], root);
        assert_true(summary.leaves > 0 && summary.nodes > summary.leaves);
        free(text);
    }
}

/* One stone better than the truth is refused: some leaf falls short. */
static void test_claim_too_high_refused(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    for (int trial = 0; trial < 20; trial++) {
        Position pos = random_position(&rng, 4, 7);
        int margin;
        char *text = exact_proof(&pos, 2, &margin);
        char from[32], to[32];
        snprintf(from, sizeof from, "claim black %+d\n", margin);
        snprintf(to, sizeof to, "claim black %+d\n", margin + 1);
        char *wrong = replace(text, 0, from, to);
        assert_refused(wrong, "not ");
        assert_refused(wrong, "or more");
        free(wrong);
        free(text);
    }
}

/* A defence left out of an 'all' line is named. */
static void test_missing_defence_refused(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 11);
    for (int trial = 0; trial < 20; trial++) {
        Position pos = random_position(&rng, 4, 7);
        int margin;
        char *text = exact_proof(&pos, 2, &margin);
        const char *all = strstr(text, " : all ");
        assert_non_null(all);
        /* cut the last VERTEX=ID pair of the first 'all' line */
        const char *eol = strchr(all, '\n');
        const char *pair = eol;
        while (pair[-1] != ' ')
            pair--;
        char vertex[8];
        snprintf(vertex, sizeof vertex, "%.*s", (int)(strchr(pair, '=') - pair), pair);
        char cut[40];
        snprintf(cut, sizeof cut, " %.*s\n", (int)(eol - pair), pair);
        bool only = pair[-2] == 'l'; /* " : all VERTEX=ID": the only pair */
        char *wrong = replace(text, (size_t)(all - text), cut, "\n");
        char reason[64];
        snprintf(reason, sizeof reason, "the defence %s is not answered", vertex);
        assert_refused(wrong, only ? "names no stone" : reason);
        free(wrong);
        free(text);
    }
}

/* The progress of a check: each claim in turn, its nodes checked in steps
 * up to all of them, the summary growing. */
typedef struct Calls {
    int count, last_claim;
    uint64_t last_checked, last_nodes;
} Calls;

static void count_call(void *context, int claim, uint64_t checked, uint64_t read, const ProofSummary *so_far)
{
    Calls *c = context;
    assert_true(claim == c->last_claim || claim == c->last_claim + 1);
    if (claim == c->last_claim)
        assert_true(checked == 0 || checked > c->last_checked);
    assert_true(checked <= read);
    assert_true(so_far->nodes >= c->last_nodes);
    c->count++;
    c->last_claim = claim;
    c->last_checked = checked;
    c->last_nodes = so_far->nodes;
}

static void test_progress_reported(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 64);
    Position pos = random_position(&rng, 4, 8);
    char err[PROOF_ERROR_MAX] = "";
    int margin;
    char *text = exact_proof(&pos, 0, &margin);
    FILE *in = fmemopen(text, strlen(text), "r");
    assert_non_null(in);
    ProofSummary summary;
    Calls calls = {0, 1, 0, 0};
    assert_true(proof_check_progress(in, &summary, count_call, &calls, err, sizeof err));
    fclose(in);
    /* one call per 64 nodes checked of each claim */
    assert_true(summary.nodes > 128);
    assert_true(calls.count >= (int)(summary.nodes / 64) - 2);
    assert_int_equal(calls.last_claim, 2);
    free(text);
}

/* A leaf with too many empty points, a leaf that falls short, a child
 * that is another position than its stone leads to. */
static void test_wrong_leaves_refused(void **state)
{
    (void)state;
    ProofSummary summary;
    char err[PROOF_ERROR_MAX];
    /* format 1 stops at 6 empty points, format 2 at 16 */
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : leaf\n", "a leaf with 16 empty points (at most 6)");
    assert_refused("rin-proof 2\nclaim black +0\n0 5/5/5/5/xxxx1 w 1 : leaf\n",
                   "a leaf with 21 empty points (at most 16)");
    /* a full board that White wins by 2 (9 white stones, 7 black) */
    const char *full = "0 xxxx/xxxo/oooo/oooo w 1 : leaf\n";
    char text[256];
    snprintf(text, sizeof text, "rin-proof 2\nclaim black +0\n%s", full);
    assert_refused(text, "the leaf does not give black +0 or more");
    snprintf(text, sizeof text, "rin-proof 2\nclaim white +2\n%s", full);
    assert_true(check_text(text, &summary, err, sizeof err));
    snprintf(text, sizeof text, "rin-proof 2\nclaim white +3\n%s", full);
    assert_refused(text, "the leaf does not give white +3 or more");
    /* the empty 4x4 board is a draw: a leaf of 16 empty points that the
     * checker searches to the end (format 2) */
    assert_true(check_text("rin-proof 2\nclaim black +0\n0 4/4/4/4 b 1 : leaf\n"
                           "claim white +0\n0 4/4/4/4 b 1 : leaf\n",
                           &summary, err, sizeof err));
    assert_int_equal(summary.version, 2);
    assert_int_equal(summary.deepest_leaf_empties, 16);
    assert_true(summary.leaf_nodes > 16);
    assert_refused("rin-proof 2\nclaim black +1\n0 4/4/4/4 b 1 : leaf\n", "the leaf does not give black +1 or more");
    /* A1 is the bottom left point; D1 is where the child's stone is */
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n1 4/4/4/3x w 1 : leaf\n",
                   "A1 leads to 4/4/4/x3 w 1, but its child, node 1, holds 4/4/4/3x w 1");
}

/* What the syntax checks say. */
static void test_syntax_refused(void **state)
{
    (void)state;
    assert_refused("", "empty file");
    assert_refused("# only a comment\n", "empty file");
    assert_refused("rin-proof\n", "not a proof file");
    assert_refused("rin-proof 3\nclaim black +0\n", "proof format version 3");
    assert_refused("rin-proof 0\nclaim black +0\n", "proof format version 0");
    assert_refused("rin-proof 1\n", "makes no claim");
    assert_refused("rin-proof 1\n0 4/4/4/4 b 1 : leaf\n", "a node before the first claim");
    assert_refused("rin-proof 1\nclaim grey +0\n", "a claim names black or white");
    assert_refused("rin-proof 1\nclaim black 1.5\n", "whole number");
    assert_refused("rin-proof 1\nclaim black +0\n", "no root");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 leaf\n", "no ' : '");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4 b 1 : leaf\n", "bad position string");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : win\n", "the kind must be");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play Z9 1\n", "not a point of the 4x4 board");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1\n", "must be a node id");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1 B2 2\n", "names one stone");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play\n", "the kind must be");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : all A1 1\n", "VERTEX=ID");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 5\n", "an id larger than the 1 ids written before it");
    assert_refused("rin-proof 1\nclaim black +0\n3 4/4/4/4 b 1 : leaf\n", "an id larger than the 0 ids written before it");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n", "node 1, is not defined");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n1 4/4/4/x3 w 1 : leaf\n"
                   "1 4/4/4/x3 w 1 : leaf\n",
                   "node 1 is defined twice");
    assert_refused("rin-proof 1\nclaim white +0\n0 4/4/4/4 b 1 : play A1 1\n1 4/4/4/x3 w 1 : leaf\n",
                   "'play' at a node where the defender is to move");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : all A1=1\n1 4/4/4/x3 w 1 : leaf\n",
                   "'all' at a node where the prover is to move");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n1 4/4/4/x3 w 1 : all A1=2\n",
                   "A1 is not a legal stone");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n1 5/5/5/5/x4 w 1 : leaf\n",
                   "the position is 5x5, the root 4x4");
    assert_refused("rin-proof 1\nclaim black +0\n0 xxxx/xxxx/xxxx/xxxx w 1 : play A1 1\n", "the board is full");
    assert_refused("rin-proof 1\nclaim black +0\n0 4/4/4/4 b 1 : play A1 1\n1 4/4/4/x3 w 1 : all B1=2 B1=2\n"
                   "2 4/4/4/xo2 w 2 : leaf\n",
                   "B1 is named twice");
}

/* Claims of several roots and the writer's lines read back. */
static void test_writer_lines(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    proof_write_header(out);
    ProofClaim claim = {COLOR_WHITE, -3};
    proof_write_claim(out, &claim);
    Position pos;
    char err[160];
    assert_true(posstr_parse("xxxx/xxxx/xooo/oooo w 1", &pos, err, sizeof err));
    proof_write_node(out, 0, &pos, PROOF_LEAF, NULL, NULL, 0);
    fclose(out);
    assert_string_equal(text, "rin-proof 2\nclaim white -3\n0 xxxx/xxxx/xooo/oooo w 1 : leaf\n");
    /* Black has 9 stones, White 7: White's -3 or more holds, -1 would not */
    ProofSummary summary;
    assert_true(check_text(text, &summary, err, sizeof err));
    assert_int_equal(summary.nodes, 1);
    assert_int_equal(summary.leaves, 1);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_proofs_hold),       cmocka_unit_test(test_claim_too_high_refused),
        cmocka_unit_test(test_missing_defence_refused), cmocka_unit_test(test_wrong_leaves_refused),
        cmocka_unit_test(test_syntax_refused),          cmocka_unit_test(test_writer_lines),
        cmocka_unit_test(test_progress_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
