/* The features of the learned evaluation: for every point of a position, a
 * few indices into one weight vector, seen from the side to move. The
 * engine's evaluation and the trainer both call feature_compute, so that
 * play and training cannot drift apart. */
#ifndef RIN_FEATURE_H
#define RIN_FEATURE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"
#include "rules/tactics.h"

/* Groups of features; every point has exactly one active feature in each.
 * "State" is the point's content: 0 empty, 1 the side to move's stone, 2 the
 * opponent's. */
enum {
    /* the 3x3 neighbourhood, centre included: 2 bits a cell (0 empty, 1 own,
     * 2 the opponent's, 3 off the board), cell k (row by row from the top
     * left) at bits 2k and 2k+1 */
    FEAT_PATTERN_SIZE = 1 << 18,
    /* state x distance to the edge (capped at 7) x stones left in the turn */
    FEAT_EDGE_SIZE = 3 * 8 * 2,
    /* state x 8 flags (FEAT_FLAG_*) */
    FEAT_FLAGS_SIZE = 3 * 256,
    /* state x distance to the nearest own stone x to the nearest opponent
     * stone (king steps, capped at 4) */
    FEAT_DISTANCE_SIZE = 3 * 5 * 5,
    /* empty points: their empty region's size (6 buckets) x which colours
     * border it (none, own, opponent's, both) x whether it touches the edge;
     * then one feature each for own and opponent stones */
    FEAT_REGION_SIZE = 6 * 4 * 2 + 2,

    FEAT_GROUPS = 5,
    FEAT_PATTERN_BASE = 0,
    FEAT_EDGE_BASE = FEAT_PATTERN_BASE + FEAT_PATTERN_SIZE,
    FEAT_FLAGS_BASE = FEAT_EDGE_BASE + FEAT_EDGE_SIZE,
    FEAT_DISTANCE_BASE = FEAT_FLAGS_BASE + FEAT_FLAGS_SIZE,
    FEAT_REGION_BASE = FEAT_DISTANCE_BASE + FEAT_DISTANCE_SIZE,
    /* indices below this: the "expanded" index space the engine looks up */
    FEAT_EXPANDED_SIZE = FEAT_REGION_BASE + FEAT_REGION_SIZE,
    /* bumped whenever the meaning of an index changes: weights files carry it */
    FEAT_LAYOUT = 2
};

/* Whole-board features, from the side to move's point of view (own minus
 * the opponent's where both have one). The evaluation weighs them linearly,
 * with one set of weights for each number of stones left in the turn. */
enum {
    FEAT_G_STONES,       /* stones on the board */
    FEAT_G_IMMUNE,       /* stones joined to the edge through their colour */
    FEAT_G_POTENTIAL,    /* points inside the colour's walls once their gaps are filled */
    FEAT_G_TERRITORY,    /* empty points nearer to the colour (Voronoi) */
    FEAT_G_FILL_OWN,     /* the gain of the side to move's best one-stone fill */
    FEAT_G_FILL_THEIRS,  /* the gain of the opponent's best one-stone fill */
    FEAT_G_RING2_OWN,    /* the gain of the side to move's best two-stone ring (0 with one stone left) */
    FEAT_G_RING2_THEIRS, /* the gain of the opponent's best two-stone ring */
    FEAT_G_OWNERSHIP,    /* the point model's expected final margin minus the stones */
    FEAT_G_BIAS,         /* 1 */
    FEAT_GLOBALS
};

/* The flags of FEAT_FLAGS (bit numbers). */
enum {
    FEAT_FLAG_POTENTIAL_OWN = 0,   /* inside own walls once their gaps are filled */
    FEAT_FLAG_POTENTIAL_THEIRS = 1,
    FEAT_FLAG_FILL_OWN = 2,        /* filled by one own stone somewhere, or such a stone's point */
    FEAT_FLAG_FILL_THEIRS = 3,
    FEAT_FLAG_IMMUNE = 4,          /* a stone joined to the edge through its own colour */
    FEAT_FLAG_TWO_LEFT = 5,        /* the side to move places two stones now */
    FEAT_FLAG_CUT_OWN = 6,         /* a gap of own walls (a cut point) */
    FEAT_FLAG_CUT_THEIRS = 7
};

enum { FEAT_DISTANCE_CAP = 4 }; /* distances to the nearest stones are capped here */

/* What every point's features are read from: the position's bitboards from
 * the side to move's point of view and each empty point's region feature
 * (feature_planes). A point's features change only where one of them does,
 * which is how the network finds the points a stone changed. */
typedef struct FeaturePlanes {
    int size;
    Bitboard own, opp;                        /* the side to move's stones, the opponent's */
    Bitboard flag[8];                         /* by FEAT_FLAG_* */
    Bitboard near_own[FEAT_DISTANCE_CAP];     /* within k king steps of an own stone */
    Bitboard near_opp[FEAT_DISTANCE_CAP];
    uint8_t region[BB_POINTS];                /* empty points: the region feature, without its base */
} FeaturePlanes;

void feature_planes(const Position *pos, const FillMap *mine, const FillMap *theirs, FeaturePlanes *out);

/* The expanded indices of one point (on the board) from the planes. */
void feature_point(const FeaturePlanes *planes, int point, uint32_t index[FEAT_GROUPS]);

/* The active features of every point of one position. */
typedef struct PointFeatures {
    int count;                          /* points on the board: size * size */
    int16_t point[BB_POINTS];           /* which point */
    uint32_t index[BB_POINTS][FEAT_GROUPS]; /* expanded indices */
} PointFeatures;

/* The features of every point of pos, given both colours' fill maps from
 * tactics_fill_points (`mine` for the side to move): feature_planes, then
 * feature_point for every point. */
void feature_compute(const Position *pos, const FillMap *mine, const FillMap *theirs, PointFeatures *out);

#define FEAT_BIT(feature) (UINT32_C(1) << (feature))
#define FEAT_ALL_GLOBALS ((UINT32_C(1) << FEAT_GLOBALS) - 1)

/* The whole-board features but FEAT_G_OWNERSHIP (left 0: it needs the
 * point model's weights). The costly ones are computed only when `wanted`
 * has their bit (FEAT_BIT), else left 0; stones, fills and bias always.
 * ring2_own: the side to move's best two-stone ring when already known
 * (tactics_threat_points), or -1. */
void feature_global(const Position *pos, const FillMap *mine, const FillMap *theirs, int ring2_own, uint32_t wanted,
                    float out[FEAT_GLOBALS]);

/* The eight symmetries of the board share weights: the map from the
 * expanded index space to the trained parameters (patterns that are images
 * of each other under a symmetry share one parameter). */
typedef struct FeatureMap {
    uint32_t params;                     /* number of trained parameters */
    uint32_t to_param[FEAT_EXPANDED_SIZE]; /* expanded index -> parameter */
} FeatureMap;

/* A new map (about 1 MiB); NULL when memory runs out. */
FeatureMap *feature_map_create(void);
void feature_map_destroy(FeatureMap *map);

/* Pattern index of one symmetry (0..7) of a 3x3 pattern index: for tests. */
uint32_t feature_pattern_transform(uint32_t pattern, int symmetry);

/* A whole-board feature's name ("stones", "fill-own", ...: the feature
 * in lower case, '_' as '-'), and a comma-separated list of them into a
 * FEAT_BIT mask (false for an empty list or an unknown name). */
const char *feature_global_name(int feature);
bool feature_parse_globals(const char *text, uint32_t *mask);

#endif
