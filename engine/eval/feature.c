/* Feature extraction for the learned evaluation: bit-parallel maps of the
 * whole board (walls, fills, immunity, distances, empty regions), then one
 * pass over the points to read off each point's indices. */
#include "eval/feature.h"

#include <stdlib.h>
#include <string.h>

#include "rules/ring.h"
#include "rules/stable.h"

enum { DISTANCE_CAP = FEAT_DISTANCE_CAP, EDGE_CAP = 7, REGION_BUCKETS = 6 };

/* Points not of `own` inside its walls once every gap (cut point) is filled. */
static Bitboard potential(Bitboard own, Bitboard cuts, int size)
{
    return bb_andnot(ring_enclosed_all(bb_or(own, cuts), size), own);
}

/* Nested neighbourhoods: near[k] holds the points within k king steps of a
 * stone of `stones`, k < DISTANCE_CAP. */
static void distance_rings(Bitboard stones, Bitboard board, Bitboard near[DISTANCE_CAP])
{
    near[0] = stones;
    for (int k = 1; k < DISTANCE_CAP; k++)
        near[k] = bb_and(bb_dilate8(near[k - 1]), board);
}

/* Empty points reached first by each colour when both grow one step at a
 * time through empty points (ties belong to nobody and stop both). */
static void voronoi(Bitboard empty, Bitboard own, Bitboard opp, Bitboard *own_area, Bitboard *opp_area)
{
    Bitboard fo = own, fx = opp, ao = bb_zero(), ax = bb_zero(), free = empty;
    while (!bb_is_empty(free)) {
        Bitboard no = bb_and(bb_dilate4(fo), free), nx = bb_and(bb_dilate4(fx), free);
        if (bb_is_empty(no) && bb_is_empty(nx))
            break;
        Bitboard tie = bb_and(no, nx);
        fo = bb_andnot(no, tie);
        fx = bb_andnot(nx, tie);
        ao = bb_or(ao, fo);
        ax = bb_or(ax, fx);
        free = bb_andnot(free, bb_or(no, nx));
    }
    *own_area = ao;
    *opp_area = ax;
}

void feature_global(const Position *pos, const FillMap *mine, const FillMap *theirs, int ring2_own, uint32_t wanted,
                    float out[FEAT_GLOBALS])
{
    int size = pos->size;
    Color me = pos_to_move(pos);
    Bitboard own = pos->stones[me], opp = pos->stones[color_other(me)];
    for (int j = 0; j < FEAT_GLOBALS; j++)
        out[j] = 0.0f;
    out[FEAT_G_STONES] = (float)(bb_count(own) - bb_count(opp));
    out[FEAT_G_FILL_OWN] = (float)mine->best;
    out[FEAT_G_FILL_THEIRS] = (float)theirs->best;
    out[FEAT_G_BIAS] = 1.0f;
    if (wanted & FEAT_BIT(FEAT_G_IMMUNE))
        out[FEAT_G_IMMUNE] = (float)(bb_count(stable_stones(own, size)) - bb_count(stable_stones(opp, size)));
    if (wanted & FEAT_BIT(FEAT_G_POTENTIAL))
        out[FEAT_G_POTENTIAL] =
            (float)(bb_count(potential(own, mine->cuts, size)) - bb_count(potential(opp, theirs->cuts, size)));
    if (wanted & FEAT_BIT(FEAT_G_TERRITORY)) {
        Bitboard own_area, opp_area;
        voronoi(pos_empty(pos), own, opp, &own_area, &opp_area);
        out[FEAT_G_TERRITORY] = (float)(bb_count(own_area) - bb_count(opp_area));
    }
    int ring2 = 0;
    if ((wanted & FEAT_BIT(FEAT_G_RING2_OWN)) && pos_stones_left(pos) == 2) {
        if (ring2_own < 0)
            tactics_threat_points(pos, me, mine, &ring2_own);
        out[FEAT_G_RING2_OWN] = (float)ring2_own;
    }
    if (wanted & FEAT_BIT(FEAT_G_RING2_THEIRS)) {
        tactics_threat_points(pos, color_other(me), theirs, &ring2);
        out[FEAT_G_RING2_THEIRS] = (float)ring2;
    }
}

/* The region feature (without its base) of every empty point. */
static void region_features(Bitboard empty, Bitboard own, Bitboard theirs, Bitboard edge, uint8_t out[BB_POINTS])
{
    Bitboard left = empty;
    while (!bb_is_empty(left)) {
        Bitboard region = ring_flood(bb_point(bb_first(left)), empty);
        left = bb_andnot(left, region);
        int n = bb_count(region), bucket = 0;
        while (bucket < REGION_BUCKETS - 1 && (n >> (bucket + 1)) > 0)
            bucket++;
        Bitboard rim = bb_dilate4(region);
        int border = bb_intersects(rim, own) | bb_intersects(rim, theirs) << 1;
        int feature = (bucket * 4 + border) * 2 + bb_intersects(region, edge);
        for (int p; (p = bb_next(&region)) != POINT_NONE;)
            out[p] = (uint8_t)feature;
    }
}

void feature_planes(const Position *pos, const FillMap *mine, const FillMap *theirs, FeaturePlanes *out)
{
    int size = pos->size;
    Color me = pos_to_move(pos);
    Bitboard own = pos->stones[me], opp = pos->stones[color_other(me)];
    Bitboard board = bb_board(size), empty = pos_empty(pos), edge = bb_edge(size);
    out->size = size;
    out->own = own;
    out->opp = opp;
    out->flag[FEAT_FLAG_POTENTIAL_OWN] = potential(own, mine->cuts, size);
    out->flag[FEAT_FLAG_POTENTIAL_THEIRS] = potential(opp, theirs->cuts, size);
    out->flag[FEAT_FLAG_FILL_OWN] = bb_or(mine->area, mine->points);
    out->flag[FEAT_FLAG_FILL_THEIRS] = bb_or(theirs->area, theirs->points);
    out->flag[FEAT_FLAG_IMMUNE] = bb_or(stable_stones(own, size), stable_stones(opp, size));
    out->flag[FEAT_FLAG_TWO_LEFT] = pos_stones_left(pos) == 2 ? board : bb_zero();
    out->flag[FEAT_FLAG_CUT_OWN] = mine->cuts;
    out->flag[FEAT_FLAG_CUT_THEIRS] = theirs->cuts;
    distance_rings(own, board, out->near_own);
    distance_rings(opp, board, out->near_opp);
    memset(out->region, 0, sizeof out->region);
    region_features(empty, own, opp, edge, out->region);
}

/* The cell of the 3x3 window at (r, c): 0 empty, 1 own, 2 the opponent's,
 * 3 off the board. */
static inline uint32_t window_cell(const FeaturePlanes *f, int r, int c)
{
    if (r < 0 || c < 0 || r >= f->size || c >= f->size)
        return 3;
    int p = point_make(r, c);
    return bb_test(f->own, p) ? 1 : bb_test(f->opp, p) ? 2 : 0;
}

void feature_point(const FeaturePlanes *f, int point, uint32_t index[FEAT_GROUPS])
{
    int size = f->size, r = point / BB_STRIDE, c = point % BB_STRIDE;
    uint32_t pattern = 0;
    for (int k = 0; k < 9; k++)
        pattern |= window_cell(f, r - 1 + k / 3, c - 1 + k % 3) << (2 * k);
    uint32_t state = window_cell(f, r, c);
    uint32_t flags = 0;
    for (int b = 0; b < 8; b++)
        flags |= (uint32_t)bb_test(f->flag[b], point) << b;
    uint32_t d_own = DISTANCE_CAP, d_opp = DISTANCE_CAP;
    for (int k = 0; k < DISTANCE_CAP; k++) {
        d_own -= bb_test(f->near_own[k], point);
        d_opp -= bb_test(f->near_opp[k], point);
    }
    int row_edge = r < size - 1 - r ? r : size - 1 - r;
    int to_edge = c < size - 1 - c ? c : size - 1 - c;
    if (row_edge < to_edge)
        to_edge = row_edge;
    if (to_edge > EDGE_CAP)
        to_edge = EDGE_CAP;
    uint32_t two_left = (flags >> FEAT_FLAG_TWO_LEFT) & 1;
    index[0] = FEAT_PATTERN_BASE + pattern;
    index[1] = FEAT_EDGE_BASE + (state * (EDGE_CAP + 1) + (uint32_t)to_edge) * 2 + two_left;
    index[2] = FEAT_FLAGS_BASE + state * 256 + flags;
    index[3] = FEAT_DISTANCE_BASE + (state * (DISTANCE_CAP + 1) + d_own) * (DISTANCE_CAP + 1) + d_opp;
    index[4] = FEAT_REGION_BASE + (state == 0 ? f->region[point] : 6u * 4u * 2u + state - 1);
}

void feature_compute(const Position *pos, const FillMap *mine, const FillMap *theirs, PointFeatures *out)
{
    FeaturePlanes planes;
    feature_planes(pos, mine, theirs, &planes);
    int n = 0;
    for (int r = 0; r < pos->size; r++)
        for (int c = 0; c < pos->size; c++) {
            int p = point_make(r, c);
            feature_point(&planes, p, out->index[n]);
            out->point[n] = (int16_t)p;
            n++;
        }
    out->count = n;
}

uint32_t feature_pattern_transform(uint32_t pattern, int symmetry)
{
    uint32_t result = 0;
    for (int k = 0; k < 9; k++) {
        int r = k / 3, c = k % 3;
        if (symmetry & 4) {
            int t = r;
            r = c;
            c = t;
        }
        if (symmetry & 1)
            c = 2 - c;
        if (symmetry & 2)
            r = 2 - r;
        uint32_t cell = (pattern >> (2 * k)) & 3;
        result |= cell << (2 * (3 * r + c));
    }
    return result;
}

FeatureMap *feature_map_create(void)
{
    FeatureMap *map = malloc(sizeof *map);
    if (!map)
        return NULL;
    /* A symmetry moves cells without changing them, so the image of a
     * pattern is the union of the images of its three rows: one table per
     * symmetry and row (64 row patterns each) instead of nine cell moves per
     * pattern and symmetry. */
    uint32_t row_image[8][3][64];
    for (int s = 1; s < 8; s++)
        for (int row = 0; row < 3; row++)
            for (uint32_t bits = 0; bits < 64; bits++)
                row_image[s][row][bits] = feature_pattern_transform(bits << (6 * row), s);
    /* a pattern's parameter is that of its smallest image; parameters are
     * numbered in the order of their smallest images */
    uint32_t next = 0;
    for (uint32_t pattern = 0; pattern < FEAT_PATTERN_SIZE; pattern++) {
        uint32_t smallest = pattern;
        for (int s = 1; s < 8; s++) {
            uint32_t image = row_image[s][0][pattern & 63] | row_image[s][1][(pattern >> 6) & 63] |
                             row_image[s][2][pattern >> 12];
            if (image < smallest)
                smallest = image;
        }
        map->to_param[FEAT_PATTERN_BASE + pattern] =
            smallest == pattern ? next++ : map->to_param[FEAT_PATTERN_BASE + smallest];
    }
    for (uint32_t i = FEAT_EDGE_BASE; i < FEAT_EXPANDED_SIZE; i++)
        map->to_param[i] = next++;
    map->params = next;
    return map;
}

void feature_map_destroy(FeatureMap *map) { free(map); }

/* The whole-board features by name, in FEAT_G_* order. */
static const char *const global_names[FEAT_GLOBALS] = {"stones",      "immune",    "potential",    "territory",
                                                "fill-own",    "fill-theirs", "ring2-own", "ring2-theirs",
                                                "ownership",   "bias"};

const char *feature_global_name(int feature) { return global_names[feature]; }

/* A comma-separated list of feature names into a FEAT_BIT mask. */
bool feature_parse_globals(const char *text, uint32_t *out)
{
    if (!text || !*text)
        return false;
    uint32_t mask = 0;
    const char *p = text;
    for (;;) {
        size_t length = strcspn(p, ",");
        int found = -1;
        for (int j = 0; j < FEAT_GLOBALS; j++)
            if (strlen(global_names[j]) == length && strncmp(global_names[j], p, length) == 0)
                found = j;
        if (found < 0)
            return false;
        mask |= FEAT_BIT(found);
        if (p[length] == '\0')
            break;
        p += length + 1;
    }
    *out = mask;
    return true;
}
