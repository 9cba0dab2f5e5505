/* The "rin-selfplay" reader: TAB-separated fields per position (position
 * string, final owners, final margin, search score, Monte Carlo ownership,
 * solver value, game index); lines starting with '#' are headers or
 * comments. Every field the trainer uses is checked against the others.
 * Binary "rin-games" files give the same records as their text lines. */
#include "formats/train_data.h"

#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "learn/selfplay_game.h"
#include "formats/error_text.h"
#include "formats/game_file.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "rules/score.h"

enum { FIELDS = 7, LINE_MAX_BYTES = 8192 };

/* The ownership field: `points` per-mille numbers separated by ','; its
 * margin for Black in stones into *margin. */
static bool parse_ownership(const char *text, int points, double *margin)
{
    double sum = 0.0;
    const char *p = text;
    for (int i = 0; i < points; i++) {
        if (*p < '0' || *p > '9')
            return false;
        int v = 0;
        while (*p >= '0' && *p <= '9' && v <= 1000)
            v = 10 * v + (*p++ - '0');
        if (v > 1000 || *p != (i + 1 < points ? ',' : '\0'))
            return false;
        if (*p)
            p++;
        sum += 2.0 * v / 1000.0 - 1.0;
    }
    *margin = sum;
    return true;
}

bool train_data_parse_line(const char *line, TrainRecord *record, bool *is_data, char *err, size_t err_size)
{
    *is_data = false;
    if (line[0] == '#' || line[0] == '\0')
        return false;
    *is_data = true;
    char copy[LINE_MAX_BYTES];
    size_t length = strlen(line);
    if (length >= sizeof copy)
        return error_text(err, err_size, "line too long");
    memcpy(copy, line, length + 1);
    char *field[FIELDS];
    int n = 0;
    for (char *p = copy;; p++) {
        if (n < FIELDS)
            field[n] = p;
        n++;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = '\0';
    }
    if (n != FIELDS) {
        return error_text(err, err_size, "expected %d tab-separated fields, found %d", FIELDS, n);
    }
    TrainRecord r;
    char why[160];
    if (!posstr_parse(field[0], &r.sample.pos, why, sizeof why))
        return error_text(err, err_size, "bad position string: %s", why);
    int size = r.sample.pos.size;
    if (strlen(field[1]) != (size_t)(size * size))
        return error_text(err, err_size, "the final owners need one 'x' or 'o' per point of the board");
    r.sample.black_final = bb_zero();
    int black = 0;
    for (int i = 0; i < size * size; i++) {
        char c = field[1][i];
        if (c != 'x' && c != 'o')
            return error_text(err, err_size, "the final owners need one 'x' or 'o' per point of the board");
        if (c == 'x') {
            bb_set(&r.sample.black_final, point_make(i / size, i % size));
            black++;
        }
    }
    int64_t v;
    if (number_parse_int(field[2], -BB_POINTS, BB_POINTS, &v) != NUMBER_OK)
        return error_text(err, err_size, "bad final margin");
    if (v != 2 * black - size * size)
        return error_text(err, err_size, "the final margin does not match the final owners");
    r.margin = (int)v;
    r.have_score = strcmp(field[3], "-") != 0;
    r.score = 0;
    if (r.have_score) {
        if (number_parse_int(field[3], -1000000, 1000000, &v) != NUMBER_OK)
            return error_text(err, err_size, "bad search score");
        r.score = (int)v;
    }
    r.have_mc = strcmp(field[4], "-") != 0;
    r.mc_margin = 0.0;
    if (r.have_mc && !parse_ownership(field[4], size * size, &r.mc_margin))
        return error_text(err, err_size, "the ownership needs %d numbers from 0 to 1000, separated by ','",
                          size * size);
    r.have_solved = strcmp(field[5], "-") != 0;
    r.solved = 0;
    if (r.have_solved) {
        if (number_parse_int(field[5], -size * size, size * size, &v) != NUMBER_OK || (v - size * size) % 2 != 0)
            return error_text(err, err_size, "bad solver value");
        r.solved = (int)v;
    }
    if (number_parse_int(field[6], 0, INT32_MAX, &v) != NUMBER_OK)
        return error_text(err, err_size, "bad game index");
    r.sample.game = (int32_t)v;
    *record = r;
    return true;
}

static bool read_text(FILE *in, const char *name, TrainData *data, char *err, size_t err_size)
{
    char line[LINE_MAX_BYTES];
    long number = 0;
    while (fgets(line, sizeof line, in)) {
        number++;
        size_t length = strlen(line);
        if (length == sizeof line - 1 && line[length - 1] != '\n') {
            snprintf(err, err_size, "%s:%ld: line too long", name, number);
            return false;
        }
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
            line[--length] = '\0';
        TrainRecord record;
        bool is_data;
        char why[200];
        if (!train_data_parse_line(line, &record, &is_data, why, sizeof why)) {
            if (!is_data)
                continue;
            snprintf(err, err_size, "%s:%ld: %s", name, number, why);
            return false;
        }
        if (!train_data_append(data, &record)) {
            snprintf(err, err_size, "%s:%ld: out of memory", name, number);
            return false;
        }
    }
    if (ferror(in)) {
        snprintf(err, err_size, "%s: %s", name, strerror(errno));
        return false;
    }
    return true;
}

/* The records of a game as train_data_parse_line reads its text lines:
 * the position as a position string gives it (pos_setup), the search's
 * score as the text writes it. */
static bool append_game(const SelfplayGame *game, TrainData *data)
{
    const Position *final = &game->final;
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        TrainRecord record = {.margin = pos_score(final),
                              .have_score = !r->explored && r->scored,
                              .score = 0,
                              .have_solved = r->solved,
                              .solved = r->solved ? r->solved_margin : 0};
        if (record.have_score)
            record.score = selfplay_score_centistones(r);
        if (pos_setup(&record.sample.pos, r->pos.size, r->pos.stones[COLOR_BLACK], r->pos.stones[COLOR_WHITE],
                      pos_to_move(&r->pos), pos_stone_of_turn(&r->pos)) != POS_OK)
            return false; /* never: the reader replayed the game */
        record.sample.black_final = final->stones[COLOR_BLACK];
        record.sample.game = (int32_t)game->index;
        if (!train_data_append(data, &record))
            return false;
    }
    return true;
}

static bool read_binary(FILE *in, const char *name, TrainData *data, char *err, size_t err_size)
{
    GameFileReader reader;
    if (!game_file_reader_init(&reader)) {
        snprintf(err, err_size, "%s: out of memory", name);
        return false;
    }
    GameFileError why;
    bool ok = true;
    while (ok) {
        uint64_t at = reader.offset; /* of the block */
        GameFileItem item = game_file_read(&reader, in, &why);
        if (item == GAME_FILE_END)
            break;
        if (item == GAME_FILE_ERROR) {
            snprintf(err, err_size, "%s: byte %" PRIu64 ": %s", name, why.offset, why.reason);
            ok = false;
        } else if (item == GAME_FILE_GAME && reader.game->index > INT32_MAX) {
            snprintf(err, err_size, "%s: byte %" PRIu64 ": bad game index", name, at);
            ok = false;
        } else if (item == GAME_FILE_GAME && !append_game(reader.game, data)) {
            snprintf(err, err_size, "%s: byte %" PRIu64 ": out of memory", name, at);
            ok = false;
        }
    }
    game_file_reader_free(&reader);
    return ok;
}

bool train_data_read(FILE *in, const char *name, TrainData *data, char *err, size_t err_size)
{
    int first = getc(in);
    if (first == EOF)
        return read_text(in, name, data, err, err_size); /* empty, or an error it reports */
    ungetc(first, in);
    return first == game_file_magic[0] ? read_binary(in, name, data, err, err_size)
                                       : read_text(in, name, data, err, err_size);
}
