/* Training positions, their labels and their split (train_set.h). */
#include "learn/train_set.h"

#include <math.h>
#include <stdlib.h>

#include "eval/evaluate.h"
#include "rules/score.h"

bool train_data_append(TrainData *data, const TrainRecord *record)
{
    if (data->count == data->capacity) {
        size_t capacity = data->capacity ? 2 * data->capacity : 4096;
        TrainRecord *records = realloc(data->records, capacity * sizeof *records);
        if (!records)
            return false;
        data->records = records;
        data->capacity = capacity;
    }
    data->records[data->count++] = *record;
    return true;
}

void train_data_free(TrainData *data)
{
    free(data->records);
    data->records = NULL;
    data->count = data->capacity = 0;
}

double train_record_target_mc(const TrainRecord *record, double blend, double mc)
{
    double target = train_record_target(record, blend);
    if (!record->have_mc || mc == 0.0)
        return target;
    double sign = pos_to_move(&record->sample.pos) == COLOR_BLACK ? 1.0 : -1.0;
    return (1.0 - mc) * target + mc * sign * record->mc_margin;
}

double train_record_target(const TrainRecord *record, double blend)
{
    const Position *pos = &record->sample.pos;
    double sign = pos_to_move(pos) == COLOR_BLACK ? 1.0 : -1.0, points = pos->size * pos->size;
    double final = sign * record->margin, other;
    if (record->have_solved) {
        other = sign * record->solved;
    } else if (record->have_score) {
        other = record->score / 100.0;
        other = other > points ? points : other < -points ? -points : other;
    } else {
        return final;
    }
    return blend * final + (1.0 - blend) * other;
}

/* A side-to-move score in centistones as Black's margin in stones. */
static double black_stones(const Position *pos, int centistones)
{
    return (pos_to_move(pos) == COLOR_BLACK ? 1.0 : -1.0) * centistones / 100.0;
}

void train_data_baselines(const TrainRecord *records, size_t count, uint64_t holdout, const EvalModel *builtin,
                          TrainBaselines *out)
{
    double stones_sq = 0, classic_sq = 0, builtin_sq = 0, score_sq = 0;
    size_t n = 0, scored = 0;
    for (size_t i = 0; i < count; i++) {
        const TrainRecord *r = &records[i];
        if (holdout && r->sample.game % (int64_t)holdout != 0)
            continue;
        const Position *pos = &r->sample.pos;
        double now = pos_score(pos) - r->margin;
        double classic = black_stones(pos, evaluate(NULL, pos)) - r->margin;
        double learned = builtin ? black_stones(pos, evaluate(builtin, pos)) - r->margin : 0.0;
        stones_sq += now * now;
        classic_sq += classic * classic;
        builtin_sq += learned * learned;
        n++;
        if (r->have_score && abs(r->score) < SCORE_EVAL_MAX) {
            double predicted = black_stones(pos, r->score) - r->margin;
            score_sq += predicted * predicted;
            scored++;
        }
    }
    *out = (TrainBaselines){.positions = n, .scored = scored};
    if (n) {
        out->stones = sqrt(stones_sq / (double)n);
        out->classic = sqrt(classic_sq / (double)n);
        out->builtin = builtin ? sqrt(builtin_sq / (double)n) : 0.0;
    }
    if (scored)
        out->score = sqrt(score_sq / (double)scored);
}

bool train_split(const TrainData *data, const TrainSplitOptions *o, TrainSplit *out)
{
    *out = (TrainSplit){0};
    out->train = malloc((data->count + 1) * sizeof *out->train);
    out->calib = malloc((data->count + 1) * sizeof *out->calib);
    out->held = malloc((data->count + 1) * sizeof *out->held);
    out->targets = malloc((data->count + 1) * sizeof *out->targets);
    if (!out->train || !out->calib || !out->held || !out->targets) {
        train_split_free(out);
        return false;
    }
    for (size_t i = 0; i < data->count; i++) {
        const TrainRecord *r = &data->records[i];
        const TrainSample *s = &r->sample;
        uint64_t game = (uint64_t)s->game;
        if (o->holdout && game % o->holdout == 0) {
            out->held[out->n_held++] = *s;
        } else if (o->calibration && (game * UINT64_C(0x9E3779B97F4A7C15)) >> 60 == 0) {
            out->calib[out->n_calib++] = *s;
        } else if (o->scored_only && !r->have_score) {
            out->dropped++;
        } else {
            out->targets[out->n_train] = train_record_target_mc(r, o->blend, o->mc);
            out->train[out->n_train++] = *s;
        }
    }
    return true;
}

void train_split_free(TrainSplit *split)
{
    free(split->train);
    free(split->calib);
    free(split->held);
    free(split->targets);
    *split = (TrainSplit){0};
}

double train_data_score_rms(const TrainData *data, uint64_t holdout, const NtupleModel *model, size_t *count)
{
    double sq = 0.0;
    size_t n = 0;
    for (size_t i = 0; i < data->count; i++) {
        const TrainRecord *r = &data->records[i];
        if (!holdout || (uint64_t)r->sample.game % holdout != 0 || (!r->have_score && !r->have_solved))
            continue;
        double d = ntuple_eval_full(model, &r->sample.pos).margin - train_record_target(r, 0.0);
        sq += d * d;
        n++;
    }
    *count = n;
    return n ? sqrt(sq / (double)n) : 0.0;
}
