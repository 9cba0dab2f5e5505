/* The search's default evaluation: n-tuple pattern tables, as Othello programs
 * (Logistello, Edax, Egaroucid) evaluate: fixed shapes of a few points
 * (windows, edge strips) placed all over the board; each configuration of
 * each shape (every cell empty, the side to move's or the opponent's)
 * indexes a learned weight, with one set of tables per stage of the game.
 * The board's eight symmetries share weights, and so do the placements of
 * a shape at the same distance from the edges (distances capped), so one
 * set of weights serves every board size. The sum of the weights is the
 * final margin in stones (or the logit of the result) for the side to move.
 * An optional second head predicts every point's final owner: the point's
 * logit is the sum, over the instances of the owner shapes that hold it,
 * of a weight per (table, configuration, the point's cell in it).
 *
 * The search evaluates with it whenever a pattern weights file is loaded,
 * the built-in one by default (ntuple_evaluate, eval/ntuple_weights.h);
 * measured against the linear evaluation by tests/measure/ntuple_measure.c
 * (engine/learn/TRAINING.md, "The pattern model"). */
#ifndef RIN_NTUPLE_H
#define RIN_NTUPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/tactics.h"

enum {
    NTUPLE_MAX_CELLS = 10,        /* cells of the largest shape */
    NTUPLE_MAX_INSTANCES = 2048,  /* placements x orderings on one board */
    NTUPLE_MAX_STAGES = 16,
    NTUPLE_TACTICAL = 4,          /* the tactical inputs (ntuple_tactical_inputs) */
    NTUPLE_GLOBALS = 3 + NTUPLE_TACTICAL, /* bias, stone difference, the owner head's margin beyond the
                                           * stones, the tactical inputs */
    NTUPLE_OWNER_GLOBALS = 3      /* owner head: a bias per state of the point (empty, own, the opponent's) */
};

#define NTUPLE_NO_TABLE UINT32_MAX

/* The shapes, h x w rectangles of cells (h <= w). A placement's class is
 * its distance to the nearest edge and to the nearest edge across (capped),
 * after the symmetry that brings it nearest the top left. */
typedef enum NtupleShape {
    NTUPLE_WIN3,    /* 3x3 windows everywhere; distances capped at 3 */
    NTUPLE_EDGE24,  /* 2x4 strips on the outer row and the row inside; along the edge capped at 6 */
    NTUPLE_EDGE25,  /* 2x5 strips on the outer row and the row inside; along the edge capped at 5 */
    NTUPLE_WIN24,   /* 2x4 windows everywhere; distances capped at 2 and 3 */
    NTUPLE_WIN23,   /* 2x3 windows everywhere; distances capped at 3 */
    NTUPLE_SHAPES
} NtupleShape;

#define NTUPLE_SHAPE_BIT(shape) (UINT32_C(1) << (shape))

/* What the sum of the weights predicts. */
typedef enum NtupleTarget {
    NTUPLE_TARGET_MARGIN, /* the final margin in stones, side to move */
    NTUPLE_TARGET_RESULT  /* the logit of the result (win 1, draw 1/2, loss 0), side to move */
} NtupleTarget;

typedef struct NtupleConfig {
    uint32_t shapes;     /* NTUPLE_SHAPE_BIT mask, not 0 */
    int stages;          /* 1..NTUPLE_MAX_STAGES, by the fraction of points occupied */
    int split_turn;      /* 1: separate tables for one and for two stones left in the turn */
    NtupleTarget target;
    uint32_t owner_shapes; /* the owner head's shapes (NTUPLE_SHAPE_BIT mask); 0: no owner head */
    int value_uses_owner;  /* 1: the value head weighs the owner head's margin (a third global) */
    int tactical;          /* 1: the value head weighs the tactical inputs too (the search has them) */
} NtupleConfig;

typedef enum NtupleStatus {
    NTUPLE_OK = 0,
    NTUPLE_ERR_CONFIG, /* no shape, an unknown one, or stages out of range */
    NTUPLE_ERR_MEMORY
} NtupleStatus;

/* One placement of a shape in one cell order: its weights and its cells. */
typedef struct NtupleInstance {
    uint32_t table;                    /* offset of its table in a stage's block (value instances) */
    uint32_t owner_table;              /* offset of its owner table in an owner block, or NTUPLE_NO_TABLE */
    float scale;                       /* 1 / orderings of the same placement */
    uint8_t cells;                     /* number of cells */
    uint8_t cell[NTUPLE_MAX_CELLS];    /* points (row * 16 + column) */
} NtupleInstance;

/* Every instance of one board size, and for every point the instances it
 * belongs to with the power of 3 of its cell there. */
typedef struct NtupleLayout {
    int size;
    int instances;       /* all of them */
    int value_instances; /* the first ones: of the value head's shapes */
    NtupleInstance instance[NTUPLE_MAX_INSTANCES];
    uint16_t link_start[BB_POINTS + 1];
    uint16_t *link_instance;
    uint32_t *link_power;
} NtupleLayout;

/* The weights: per stage (and stones left when split_turn), the tables of
 * every shape, then per stage and stones left the globals: a bias, a
 * weight of the stone difference (so that the tables learn what the stones
 * do not say), one of the owner head's margin (when value_uses_owner) and
 * of the tactical inputs (when tactical); then the owner head's blocks. */
typedef struct NtupleModel {
    NtupleConfig config;
    uint32_t stage_params;  /* table weights of one stage block */
    uint32_t table_blocks;  /* stages x (1 or 2) */
    uint32_t value_params;  /* the value head: table_blocks x stage_params + 2 x stages x NTUPLE_GLOBALS */
    uint32_t owner_params;  /* per stage: owner tables (owner_stage_params), then NTUPLE_OWNER_GLOBALS */
    uint32_t owner_stage_params;
    uint32_t params;        /* value_params + owner_params */
    float *weights;
    /* the other output from the trained one, per stage: for TARGET_MARGIN
     * the result's probability is sigmoid(calib_a * margin + calib_b); for
     * TARGET_RESULT the margin is calib_a * logit + calib_b */
    float calib_a[NTUPLE_MAX_STAGES], calib_b[NTUPLE_MAX_STAGES];
    NtupleLayout *layout[BB_MAX_SIZE + 1]; /* by board size */
    /* the value tables as 16-bit numbers (ntuple_model_pack), which the
     * evaluation reads instead of the floats when not NULL: half the
     * memory, for the search; a unit is packed_unit[block] stones */
    int16_t *packed;
    float packed_unit[2 * NTUPLE_MAX_STAGES];
} NtupleModel;

/* A model with all weights 0; *out untouched on failure. */
NtupleStatus ntuple_model_create(const NtupleConfig *config, NtupleModel **out);
void ntuple_model_destroy(NtupleModel *model);

/* Packs the value tables into 16 bits (NtupleModel.packed), each table
 * block with its own unit (its largest weight over 32767), for an
 * evaluation that reads half the memory; every weight is then off by at
 * most half a unit. The float weights stay as they are (training and
 * weights files use them); they must not change afterwards. False (the
 * model unchanged) when memory runs out. */
bool ntuple_model_pack(NtupleModel *model);

/* Bytes of float weights (what the search would hold). */
size_t ntuple_model_bytes(const NtupleModel *model);

/* The shape's table size and class count (for tests and reports). */
uint32_t ntuple_shape_configs(NtupleShape shape);
int ntuple_shape_classes(NtupleShape shape);
const char *ntuple_shape_name(NtupleShape shape);
/* The shapes named in a comma-separated list of shape names, as a set of
 * NTUPLE_SHAPE_BIT (empty names skipped); false for an unknown name or
 * a list without a name. */
bool ntuple_parse_shapes(const char *list, uint32_t *shapes);

/* The incrementally kept indices of one position: every instance's
 * configuration from each colour's point of view (cell value 0 empty, 1
 * the colour's stone, 2 the other's; cell j weighs 3^j). */
typedef struct NtupleBoard {
    const NtupleLayout *layout;
    Bitboard stones[2];
    uint32_t index[2][NTUPLE_MAX_INSTANCES]; /* [Color] */
} NtupleBoard;

void ntuple_board_init(NtupleBoard *board, const NtupleModel *model, const Position *pos);

/* Brings the board from its position to `pos` (a position of the same
 * size, usually a stone away): only the instances of the points that
 * changed (the stone and what it filled) are touched. */
void ntuple_board_update(NtupleBoard *board, const Position *pos);

/* What the model says of a position. */
typedef struct NtupleValue {
    float sum;      /* the weights' sum (margin in stones, or logit) */
    float margin;   /* expected final margin in stones, side to move */
    float win;      /* probability that the side to move wins (a draw counts 1/2) */
} NtupleValue;

/* A position's stage (by the fraction of points occupied), the table block
 * it uses (stage, and stones left when split_turn), and the offset of its
 * NTUPLE_GLOBALS global weights (one set per stage and stones left,
 * whatever split_turn). */
int ntuple_stage(const NtupleModel *model, const Position *pos);
int ntuple_block(const NtupleModel *model, const Position *pos);
uint32_t ntuple_globals_offset(const NtupleModel *model, const Position *pos);

/* The stone difference, side to move: the second global's input. */
static inline float ntuple_stone_difference(const Position *pos)
{
    Color me = pos_to_move(pos);
    return (float)(pos_count(pos, me) - pos_count(pos, color_other(me)));
}

/* From the board's indices (kept by ntuple_board_update). A tactical model
 * analyses the position itself unless given its analysis (tactics_analyze;
 * NULL: none). */
NtupleValue ntuple_eval(const NtupleModel *model, const NtupleBoard *board, const Position *pos);
NtupleValue ntuple_eval_with(const NtupleModel *model, const NtupleBoard *board, const Position *pos,
                             const Tactics *tactics);

/* The search's evaluation by the model: its margin in centistones for the
 * side to move, rounded and clamped to the estimate range as evaluate_with
 * clamps the other evaluations, from the board's indices (brought to pos by
 * the caller) and the node's tactical analysis (NULL: analysed here). */
int ntuple_evaluate(const NtupleModel *model, const NtupleBoard *board, const Position *pos, const Tactics *tactics);

/* The same from scratch. */
int ntuple_evaluate_full(const NtupleModel *model, const Position *pos);

/* The tactical inputs, side to move, in stones: the points inside each
 * side's walls once their gaps are filled (own minus the opponent's), the
 * gains of both sides' best one-stone fills and of the side to move's best
 * two-stone ring: the whole-board features of the built-in evaluation
 * (feature_global) that the patterns cannot see. */
void ntuple_tactical_inputs(const Position *pos, const Tactics *tactics, float out[NTUPLE_TACTICAL]);

/* From scratch. */
NtupleValue ntuple_eval_full(const NtupleModel *model, const Position *pos);

/* Each point's expected final owner in [-1, 1] from Black's point of view
 * (0 off the board) by the owner head; false (owner untouched) without one. */
bool ntuple_owner(const NtupleModel *model, const Position *pos, float owner[BB_POINTS]);

/* Every instance's index for `pos` from the side to move's point of view,
 * into index (NTUPLE_MAX_INSTANCES); returns the count. */
int ntuple_indices(const NtupleModel *model, const Position *pos, uint32_t *index);

/* The offset of the owner block of a position's stage (its tables, then
 * its NTUPLE_OWNER_GLOBALS biases). */
uint32_t ntuple_owner_offset(const NtupleModel *model, const Position *pos);

/* The owner head's logit of every point (side to move's point of view;
 * off the board meaningless) from the instances' indices. */
void ntuple_owner_logits(const NtupleModel *model, const Position *pos, const uint32_t *index, float z[BB_POINTS]);

/* The margin the owner logits expect beyond the stones, side to move: the
 * third global's input. */
float ntuple_owner_margin(const Position *pos, const float z[BB_POINTS]);

/* The value head's sum from the instances' indices (ntuple_indices) and,
 * for a tactical model, the tactical inputs (else NULL). */
float ntuple_value_sum(const NtupleModel *model, const Position *pos, const uint32_t *index, const float *tactical);

/* The weight offsets of every value instance for `pos` (block included)
 * and their scales, into out/scale (NTUPLE_MAX_INSTANCES each); returns
 * the count. */
int ntuple_active(const NtupleModel *model, const Position *pos, uint32_t *out, float *scale);

#endif
