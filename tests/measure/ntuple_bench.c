/* Evaluations per second on 16x16 positions: the n-tuple pattern model from
 * scratch and through its incremental indices (a stone played, the child
 * evaluated, the stone taken back, as a search walks), and the built-in
 * learned evaluation with and without its tactical analysis.
 *
 *   ntuple_bench [--shapes win3x3,edge2x4,...] [--owner SHAPES] [--value-uses-owner] [--tactical]
 *                [--stages N] [--split-turn] [--seconds S]
 *
 * The positions come from random games (seed 1); the n-tuple weights are
 * random, which costs the same as trained ones. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval/evalmodel.h"
#include "eval/evaluate.h"
#include "eval/ntuple.h"
#include "base/random.h"
#include "rules/tactics.h"

enum { POSITIONS = 4096 };

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Positions of random 16x16 games, every stage, none over. */
static void make_positions(Position *pos, int count)
{
    Rng rng;
    rng_seed(&rng, 1);
    int n = 0;
    while (n < count) {
        Position p;
        pos_init(&p, 16);
        while (!pos_is_over(&p) && n < count) {
            Bitboard empty = pos_empty(&p);
            int point = bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty)));
            if (rng_below(&rng, 4) == 0) {
                pos[n++] = p;
            }
            pos_play(&p, point);
        }
    }
}

int main(int argc, char **argv)
{
    NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24),
                           .stages = 4,
                           .target = NTUPLE_TARGET_MARGIN};
    double seconds = 1.0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--split-turn") == 0) {
            config.split_turn = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "--shapes") == 0) {
            if (!ntuple_parse_shapes(argv[++i], &config.shapes)) {
                fprintf(stderr, "ntuple_bench: unknown shape\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--tactical") == 0) {
            config.tactical = 1;
        } else if (strcmp(argv[i], "--value-uses-owner") == 0) {
            config.value_uses_owner = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "--owner") == 0) {
            if (!ntuple_parse_shapes(argv[++i], &config.owner_shapes)) {
                fprintf(stderr, "ntuple_bench: unknown shape\n");
                return 2;
            }
        } else if (i + 1 < argc && strcmp(argv[i], "--stages") == 0) {
            config.stages = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--seconds") == 0) {
            seconds = atof(argv[++i]);
        } else {
            fprintf(stderr, "usage: ntuple_bench [--shapes LIST] [--owner LIST] [--value-uses-owner] [--tactical] "
                            "[--stages N] [--split-turn] [--seconds S]\n");
            return 2;
        }
    }
    NtupleModel *model = NULL;
    if (ntuple_model_create(&config, &model) != NTUPLE_OK) {
        fprintf(stderr, "ntuple_bench: bad configuration or out of memory\n");
        return 1;
    }
    Rng rng;
    rng_seed(&rng, 2);
    for (uint32_t i = 0; i < model->params; i++)
        model->weights[i] = (float)((int)rng_below(&rng, 2001) - 1000) / 1000.0f;
    static Position pos[POSITIONS];
    make_positions(pos, POSITIONS);
    EvalModel *builtin = eval_model_default();
    if (!builtin) {
        fprintf(stderr, "ntuple_bench: out of memory\n");
        return 1;
    }
    printf("n-tuple model: %u weights (%.2f MB), %d instances on 16x16\n", model->params,
           (double)ntuple_model_bytes(model) / 1e6, model->layout[16]->instances);

    double sink = 0;
    long done = 0;
    double start = now_seconds(), elapsed;
    do {
        for (int i = 0; i < POSITIONS; i++)
            sink += ntuple_eval_full(model, &pos[i]).sum;
        done += POSITIONS;
    } while ((elapsed = now_seconds() - start) < seconds);
    printf("%-48s %10.0f /s\n", "n-tuple, from scratch", (double)done / elapsed);

    /* along whole games, as a search walks: at every position the board
     * goes to a child (the position's next stone and its fills), the child
     * is evaluated, the board comes back and goes on to the child: three
     * updates and one evaluation per step (a random game is made for every
     * sixteen walks over it; its making is timed too and costs little) */
    static NtupleBoard board;
    static Position game[BB_POINTS + 1];
    done = 0;
    start = now_seconds();
    Rng walk;
    rng_seed(&walk, 3);
    do {
        int length = 0;
        pos_init(&game[0], 16);
        while (!pos_is_over(&game[length])) {
            Bitboard empty = pos_empty(&game[length]);
            game[length + 1] = game[length];
            pos_play(&game[length + 1], bb_select(empty, (int)rng_below(&walk, (uint32_t)bb_count(empty))));
            length++;
        }
        for (int repeat = 0; repeat < 16; repeat++) {
            ntuple_board_init(&board, model, &game[0]);
            for (int i = 0; i < length; i++) {
                ntuple_board_update(&board, &game[i + 1]);
                sink += ntuple_eval(model, &board, &game[i + 1]).sum;
                ntuple_board_update(&board, &game[i]);
                ntuple_board_update(&board, &game[i + 1]);
            }
            done += length;
        }
    } while ((elapsed = now_seconds() - start) < seconds);
    printf("%-48s %10.0f /s\n", "n-tuple, incremental (3 updates + 1 eval a step)", (double)done / elapsed);

    if (config.owner_shapes) {
        float owner[BB_POINTS];
        done = 0;
        start = now_seconds();
        do {
            for (int i = 0; i < POSITIONS; i++) {
                ntuple_owner(model, &pos[i], owner);
                sink += owner[17];
            }
            done += POSITIONS;
        } while ((elapsed = now_seconds() - start) < seconds);
        printf("%-48s %10.0f /s\n", "n-tuple owner head, from scratch", (double)done / elapsed);
    }

    done = 0;
    start = now_seconds();
    do {
        for (int i = 0; i < POSITIONS; i++)
            sink += evaluate(builtin, &pos[i]);
        done += POSITIONS;
    } while ((elapsed = now_seconds() - start) < seconds);
    printf("%-48s %10.0f /s\n", "built-in evaluation with its tactics_analyze", (double)done / elapsed);

    static Tactics tactics[POSITIONS];
    for (int i = 0; i < POSITIONS; i++)
        tactics_analyze(&pos[i], false, &tactics[i]);
    done = 0;
    start = now_seconds();
    do {
        for (int i = 0; i < POSITIONS; i++)
            sink += evaluate_with(builtin, &pos[i], &tactics[i]);
        done += POSITIONS;
    } while ((elapsed = now_seconds() - start) < seconds);
    printf("%-48s %10.0f /s\n", "built-in evaluation, tactics given", (double)done / elapsed);
    fprintf(stderr, "(checksum %g)\n", sink);
    eval_model_destroy(builtin);
    ntuple_model_destroy(model);
    return 0;
}
