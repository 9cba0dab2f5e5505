/* The network trainer's data (formats/net_data.h): games replayed from
 * their files, positions kept compact, features computed per batch. */
#include "formats/net_data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/nnue.h"
#include "eval/nnue_weights.h"
#include "formats/file_bytes.h"
#include "formats/game_file.h"
#include "rules/score.h"

typedef struct NetPosition {
    Bitboard stones[2];
    int32_t ply;
    uint32_t game;   /* in NetData.games */
    int16_t score;   /* the search's margin in centistones, side to move (a proven score as its margin) */
    bool have_score; /* the search scored the position */
} NetPosition;

typedef struct NetGame {
    int64_t index;
    int32_t size;
    Bitboard final_black; /* the full board's black points */
    int32_t margin;       /* Black's stones minus White's at the end */
} NetGame;

struct NetData {
    NetPosition *positions;
    size_t count, capacity;
    NetGame *games;
    size_t game_count, game_capacity;
    FeatureMap *map;
};

enum { NET_DATA_FILE_MAX = 1u << 30 };

NetData *net_data_create(void)
{
    NetData *data = calloc(1, sizeof *data);
    if (!data)
        return NULL;
    data->map = feature_map_create();
    if (!data->map) {
        free(data);
        return NULL;
    }
    return data;
}

void net_data_destroy(NetData *data)
{
    if (!data)
        return;
    free(data->positions);
    free(data->games);
    feature_map_destroy(data->map);
    free(data);
}

static int grow(void **items, size_t *capacity, size_t need, size_t item_size)
{
    if (need <= *capacity)
        return 0;
    size_t capacity_new = *capacity ? *capacity : 1024;
    while (capacity_new < need)
        capacity_new *= 2;
    void *grown = realloc(*items, capacity_new * item_size);
    if (!grown)
        return -1;
    *items = grown;
    *capacity = capacity_new;
    return 0;
}

static int add_game(NetData *data, const SelfplayGame *game)
{
    if (grow((void **)&data->games, &data->game_capacity, data->game_count + 1, sizeof *data->games) ||
        grow((void **)&data->positions, &data->capacity, data->count + (size_t)game->count, sizeof *data->positions))
        return -1;
    NetGame *g = &data->games[data->game_count];
    g->index = (int64_t)game->index;
    g->size = game->size;
    g->final_black = game->final.stones[COLOR_BLACK];
    g->margin = pos_score(&game->final);
    for (int i = 0; i < game->count; i++) {
        const Position *pos = &game->records[i].pos;
        NetPosition *p = &data->positions[data->count++];
        p->stones[0] = pos->stones[0];
        p->stones[1] = pos->stones[1];
        p->ply = pos->ply;
        p->game = (uint32_t)data->game_count;
        const SelfplayRecord *r = &game->records[i];
        int score = score_is_final(r->score) ? score_final_margin(r->score) * 100 : r->score;
        p->have_score = r->scored && !r->explored;
        p->score = (int16_t)(score > INT16_MAX ? INT16_MAX : score < -INT16_MAX ? -INT16_MAX : score);
    }
    data->game_count++;
    return 0;
}

int net_data_read(NetData *data, const char *path, char *err, size_t err_size)
{
    uint8_t *bytes;
    size_t size;
    if (!file_bytes_read(path, NET_DATA_FILE_MAX, &bytes, &size, err, err_size))
        return -1;
    GameFileReader reader;
    if (!game_file_reader_init(&reader)) {
        free(bytes);
        snprintf(err, err_size, "%s: out of memory", path);
        return -1;
    }
    int status = 0;
    for (;;) {
        GameFileError error;
        GameFileItem item = game_file_next(&reader, bytes, size, &error);
        if (item == GAME_FILE_END)
            break;
        if (item == GAME_FILE_ERROR) {
            snprintf(err, err_size, "%s: byte %llu: %s", path, (unsigned long long)error.offset, error.reason);
            status = -1;
            break;
        }
        if (item == GAME_FILE_GAME && add_game(data, reader.game)) {
            snprintf(err, err_size, "%s: out of memory", path);
            status = -1;
            break;
        }
    }
    game_file_reader_free(&reader);
    free(bytes);
    return status;
}

size_t net_data_count(const NetData *data) { return data->count; }

uint32_t net_data_rows(const NetData *data) { return data->map->params; }

void net_data_describe(const NetData *data, int64_t *game, int32_t *size, int32_t *stones)
{
    for (size_t i = 0; i < data->count; i++) {
        const NetPosition *p = &data->positions[i];
        const NetGame *g = &data->games[p->game];
        game[i] = g->index;
        size[i] = g->size;
        stones[i] = bb_count(p->stones[0]) + bb_count(p->stones[1]);
    }
}

/* Position i as the rules see it. */
static Position position_of(const NetData *data, size_t i)
{
    const NetPosition *p = &data->positions[i];
    Position pos;
    memset(&pos, 0, sizeof pos);
    pos.stones[0] = p->stones[0];
    pos.stones[1] = p->stones[1];
    pos.ply = p->ply;
    pos.size = data->games[p->game].size;
    pos.hash = pos_compute_hash(&pos);
    return pos;
}

int net_data_batch(const NetData *data, const int64_t *which, size_t n, uint32_t *key, uint8_t *pool, int8_t *owner,
                   float *margin, float *score, uint8_t *two_left)
{
    for (size_t b = 0; b < n; b++)
        if (which[b] < 0 || (size_t)which[b] >= data->count)
            return -1;
    for (size_t b = 0; b < n; b++) {
        size_t i = (size_t)which[b];
        Position pos = position_of(data, i);
        const NetGame *g = &data->games[data->positions[i].game];
        Tactics t;
        tactics_analyze(&pos, false, &t);
        uint32_t keys[BB_POINTS][FEAT_GROUPS];
        uint8_t pools[BB_POINTS];
        int count = nnue_features(data->map, &pos, &t.mine, &t.theirs, keys, pools);
        Color me = pos_to_move(&pos);
        uint32_t *key_row = key + b * NET_DATA_POINTS * FEAT_GROUPS;
        for (int k = 0; k < NET_DATA_POINTS; k++) {
            bool on = k < count;
            for (int f = 0; f < FEAT_GROUPS; f++)
                key_row[k * FEAT_GROUPS + f] = on ? keys[k][f] : data->map->params;
            pool[b * NET_DATA_POINTS + (size_t)k] = on ? pools[k] : NET_DATA_NO_POOL;
            int8_t o = -1;
            if (on) {
                int p = point_make(k / pos.size, k % pos.size);
                bool black = bb_test(g->final_black, p);
                o = (int8_t)(black == (me == COLOR_BLACK));
            }
            owner[b * NET_DATA_POINTS + (size_t)k] = o;
        }
        margin[b] = (float)(me == COLOR_BLACK ? g->margin : -g->margin);
        score[b] = data->positions[i].have_score ? (float)data->positions[i].score / 100.0f : NAN;
        two_left[b] = (uint8_t)(pos_stones_left(&pos) == 2);
    }
    return 0;
}

int net_data_evaluate(const NetData *data, const uint8_t *weights, size_t weights_size, const int64_t *which, size_t n,
                      double *margin, float *owner, char *err, size_t err_size)
{
    NnueModel *model;
    NnueWeightsStatus status = nnue_weights_parse(weights, weights_size, &model);
    if (status != NNUE_WEIGHTS_OK) {
        snprintf(err, err_size, "%s", nnue_weights_status_text(status));
        return -1;
    }
    for (size_t b = 0; b < n; b++) {
        if (which[b] < 0 || (size_t)which[b] >= data->count) {
            snprintf(err, err_size, "position %lld out of range", (long long)which[b]);
            nnue_model_destroy(model);
            return -1;
        }
        Position pos = position_of(data, (size_t)which[b]);
        NnueBoard board;
        nnue_board_compute(&board, model, &pos);
        margin[b] = nnue_value(model, &board, &pos).margin;
        for (int k = 0; k < NET_DATA_POINTS; k++)
            owner[b * NET_DATA_POINTS + (size_t)k] =
                k < board.count ? (float)board.owner[k] / NNUE_OWNER_ONE : 0.0f;
    }
    nnue_model_destroy(model);
    return 0;
}
