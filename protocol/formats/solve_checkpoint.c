/* Checkpoint files of rin solve (solve_checkpoint.h). */
#include "formats/solve_checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "formats/atomic_file.h"
#include "formats/error_text.h"
#include "formats/posstr.h"
#include "search/tt.h"
#include "solve/table.h"

enum {
    CHECKPOINT_LINE_MAX = 4096,
    CHECKPOINT_BUFFER_WORDS = 8192
};

/* Version 1 had an "evaluation" flag among the search options (a solve
 * option rin no longer has): read still when it was off. */
static const char magic[] = "rin-solve-checkpoint 2", magic_v1[] = "rin-solve-checkpoint 1";

/* The check: FNV-1a's 64-bit constants, over the header's bytes and the
 * body's words, each word's step followed by a shift that carries its
 * high bits down (every step is a bijection of the check, so a changed
 * word changes it, whatever follows). */
#define CHECK_START UINT64_C(0xcbf29ce484222325)
#define CHECK_PRIME UINT64_C(0x100000001b3)

static uint64_t check_bytes(uint64_t check, const char *bytes, size_t size)
{
    for (size_t i = 0; i < size; i++)
        check = (check ^ (uint8_t)bytes[i]) * CHECK_PRIME;
    return check;
}

static uint64_t check_word(uint64_t check, uint64_t word)
{
    check = (check ^ word) * CHECK_PRIME;
    return check ^ check >> 32;
}


SolveCheckpointSearch solve_checkpoint_search(const SolveOptions *options)
{
    return (SolveCheckpointSearch){.symmetry = options->symmetry,
                                   .stability = options->stability,
                                   .mobility = options->mobility,
                                   .ordering = options->ordering,
                                   .epsilon_permille = options->epsilon_permille,
                                   .leaf_empties = options->leaf_empties};
}

bool solve_checkpoint_compatible(const SolveCheckpointSearch *saved, const SolveCheckpointSearch *run, char *why,
                                 size_t why_size)
{
    const char *on = "on", *off = "off";
    if (saved->symmetry != run->symmetry)
        return error_text(why, why_size, "mirror images merged %s (--no-symmetry), this run %s", saved->symmetry ? on : off,
                   run->symmetry ? on : off);
    if (saved->stability != run->stability)
        return error_text(why, why_size, "the stability cut-off %s (--no-stability), this run %s",
                   saved->stability ? on : off, run->stability ? on : off);
    if (saved->mobility != run->mobility)
        return error_text(why, why_size, "initial numbers by mobility %s (--no-mobility), this run %s",
                   saved->mobility ? on : off, run->mobility ? on : off);
    if (saved->ordering != run->ordering)
        return error_text(why, why_size, "the richer ordering %s (--plain-order), this run %s", saved->ordering ? on : off,
                   run->ordering ? on : off);
    if (saved->epsilon_permille != run->epsilon_permille)
        return error_text(why, why_size, "--epsilon %g, this run %g", saved->epsilon_permille / 1000.0,
                   run->epsilon_permille / 1000.0);
    if (saved->leaf_empties != run->leaf_empties)
        return error_text(why, why_size, "--leaf-empties %d, this run %d", saved->leaf_empties, run->leaf_empties);
    return true;
}

/* ---- writing ---- */

typedef struct Writer {
    FILE *out;
    uint64_t check;
    size_t used;
    uint8_t buffer[CHECKPOINT_BUFFER_WORDS * 8];
} Writer;

static void put_text(Writer *w, const char *format, ...)
{
    char line[CHECKPOINT_LINE_MAX];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    size_t size = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    w->check = check_bytes(w->check, line, size);
    fwrite(line, 1, size, w->out);
}

static void flush_words(Writer *w)
{
    fwrite(w->buffer, 1, w->used, w->out);
    w->used = 0;
}

static void put_raw(Writer *w, uint64_t word)
{
    for (int i = 0; i < 8; i++)
        w->buffer[w->used++] = (uint8_t)(word >> (8 * i));
    if (w->used == sizeof w->buffer)
        flush_words(w);
}

static void put_words(Writer *w, const uint64_t *words, int count)
{
    for (int i = 0; i < count; i++) {
        w->check = check_word(w->check, words[i]);
        put_raw(w, words[i]);
    }
}

bool solve_checkpoint_write(const char *path, const SolveCheckpointInfo *info, const SolveDfpn *dfpn,
                            uint64_t *bytes, char *err, size_t err_size)
{
    Writer *w = malloc(sizeof *w);
    if (!w)
        return error_text(err, err_size, "out of memory");
    AtomicFile file;
    if (!atomic_file_open(&file, path, err, err_size)) {
        free(w);
        return false;
    }
    w->out = file.out;
    w->check = CHECK_START;
    w->used = 0;
    const TT *endgame = dfpn->endgame.tt ? &dfpn->endgame_table : NULL;
    uint64_t proof_entries = solve_table_count(&dfpn->table);
    uint64_t endgame_entries = endgame ? tt_count(endgame) : 0;
    char text[POSSTR_MAX];
    posstr_format(&info->pos, text);
    const SolveCheckpointSearch *s = &info->search;
    put_text(w, "%s\nposition %s\n", magic, text);
    put_text(w, "search symmetry %d stability %d mobility %d ordering %d epsilon %d leaf-empties %d\n", s->symmetry,
             s->stability, s->mobility, s->ordering, s->epsilon_permille, s->leaf_empties);
    put_text(w, "black-margin %d %d\n", info->lower, info->upper);
    if (info->asking)
        put_text(w, "asking %d pn %" PRIu32 " dn %" PRIu32 "\n", info->target, info->pn, info->dn);
    else
        put_text(w, "asking none\n");
    put_text(w, "nodes %" PRIu64 "\ntime-ms %" PRId64 "\n", info->nodes, info->elapsed_ms);
    put_text(w, "proof-table %" PRIu64 "\nendgame-table %" PRIu64 " %u\nbody\n", proof_entries, endgame_entries,
             endgame ? tt_generation(endgame) : 0u);
    uint64_t words[SOLVE_ENTRY_WORDS];
    for (size_t cursor = 0; solve_table_export(&dfpn->table, &cursor, words);)
        put_words(w, words, SOLVE_ENTRY_WORDS);
    for (size_t cursor = 0; endgame && tt_export(endgame, &cursor, words);)
        put_words(w, words, TT_ENTRY_WORDS);
    put_raw(w, w->check);
    flush_words(w);
    free(w);
    long size;
    if (!atomic_file_commit(&file, true, &size, err, err_size))
        return false;
    *bytes = (uint64_t)size;
    return true;
}

/* ---- reading ---- */

/* The next header line, without its newline, into the check; false at the
 * end of the file or for a line too long to be one. */
static bool get_line(SolveCheckpointReader *r, char *line, size_t size)
{
    if (!fgets(line, (int)size, r->in))
        return false;
    size_t n = strlen(line);
    if (n == 0 || line[n - 1] != '\n')
        return false;
    r->check = check_bytes(r->check, line, n);
    line[n - 1] = '\0';
    return true;
}

static bool get_word(SolveCheckpointReader *r, uint64_t *word, bool checked)
{
    uint8_t b[8];
    if (fread(b, 1, 8, r->in) != 8)
        return false;
    uint64_t w = 0;
    for (int i = 0; i < 8; i++)
        w |= (uint64_t)b[i] << (8 * i);
    if (checked)
        r->check = check_word(r->check, w);
    *word = w;
    return true;
}

/* count checked words; false when the file ends first */
static bool get_words(SolveCheckpointReader *r, uint64_t *words, int count)
{
    for (int i = 0; i < count; i++)
        if (!get_word(r, &words[i], true))
            return false;
    return true;
}

bool solve_checkpoint_open(SolveCheckpointReader *r, const char *path, char *err, size_t err_size)
{
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", path);
    r->in = fopen(path, "rb");
    if (!r->in)
        return error_text(err, err_size, "cannot open %s: %s", path, strerror(errno));
    r->check = CHECK_START;
    SolveCheckpointInfo *info = &r->info;
    char line[CHECKPOINT_LINE_MAX], why[160];
    bool ok = get_line(r, line, sizeof line);
    bool v1 = ok && strcmp(line, magic_v1) == 0;
    ok = ok && (v1 || strcmp(line, magic) == 0);
    if (!ok) {
        solve_checkpoint_close(r);
        return error_text(err, err_size, "%s: not a checkpoint of rin solve (it starts with '%s')", path, magic);
    }
    int seen = 0, number = 1;
    while (ok) {
        number++;
        if (!get_line(r, line, sizeof line)) {
            ok = error_text(err, err_size, "%s: the header ends early (line %d)", path, number);
            break;
        }
        int a[7];
        if (strcmp(line, "body") == 0) {
            break;
        } else if (strncmp(line, "position ", 9) == 0) {
            if (!posstr_parse(line + 9, &info->pos, why, sizeof why))
                ok = error_text(err, err_size, "%s: line %d: %s", path, number, why);
            seen |= 1;
        } else if (!v1 && sscanf(line, "search symmetry %d stability %d mobility %d ordering %d epsilon %d "
                                       "leaf-empties %d",
                                 &a[0], &a[1], &a[2], &a[4], &a[5], &a[6]) == 6) {
            info->search = (SolveCheckpointSearch){a[0] != 0, a[1] != 0, a[2] != 0, a[4] != 0, a[5], a[6]};
            seen |= 2;
        } else if (v1 && sscanf(line, "search symmetry %d stability %d mobility %d evaluation %d ordering %d epsilon %d "
                                      "leaf-empties %d",
                                &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]) == 7) {
            if (a[3] != 0)
                ok = error_text(err, err_size, "%s: written with --evaluation, which rin solve no longer has", path);
            info->search = (SolveCheckpointSearch){a[0] != 0, a[1] != 0, a[2] != 0, a[4] != 0, a[5], a[6]};
            seen |= 2;
        } else if (sscanf(line, "black-margin %d %d", &info->lower, &info->upper) == 2) {
            if (info->lower > info->upper || info->lower < -BB_POINTS - 1 || info->upper > BB_POINTS + 1)
                ok = error_text(err, err_size, "%s: line %d: a bad black-margin line", path, number);
            seen |= 4;
        } else if (strcmp(line, "asking none") == 0) {
            info->asking = false;
        } else if (sscanf(line, "asking %d pn %" SCNu32 " dn %" SCNu32, &info->target, &info->pn, &info->dn) == 3) {
            info->asking = true;
        } else if (sscanf(line, "nodes %" SCNu64, &info->nodes) == 1) {
        } else if (sscanf(line, "time-ms %" SCNd64, &info->elapsed_ms) == 1) {
        } else if (sscanf(line, "proof-table %" SCNu64, &info->proof_entries) == 1) {
            seen |= 8;
        } else if (sscanf(line, "endgame-table %" SCNu64 " %u", &info->endgame_entries,
                          &info->endgame_generation) == 2) {
            seen |= 16;
        } else {
            ok = error_text(err, err_size, "%s: line %d: unexpected '%.40s'", path, number, line);
        }
    }
    if (ok && seen != 31)
        ok = error_text(err, err_size, "%s: the header lacks a position, search, black-margin or table line", path);
    if (!ok)
        solve_checkpoint_close(r);
    return ok;
}

bool solve_checkpoint_load(SolveCheckpointReader *r, SolveDfpn *dfpn, uint64_t *dropped, char *err,
                           size_t err_size)
{
    const SolveCheckpointInfo *info = &r->info;
    *dropped = 0;
    uint64_t w[SOLVE_ENTRY_WORDS];
    for (uint64_t n = 0; n < info->proof_entries; n++) {
        if (!get_words(r, w, SOLVE_ENTRY_WORDS))
            return error_text(err, err_size, "%s: cut short in the proof search's entries", r->path);
        solve_table_import(&dfpn->table, w);
    }
    TT *endgame = dfpn->endgame.tt ? &dfpn->endgame_table : NULL;
    if (endgame)
        tt_set_generation(endgame, info->endgame_generation);
    for (uint64_t n = 0; n < info->endgame_entries; n++) {
        if (!get_words(r, w, TT_ENTRY_WORDS))
            return error_text(err, err_size, "%s: cut short in the endgame solver's entries", r->path);
        if (!endgame || !tt_import(endgame, w))
            (*dropped)++;
    }
    uint64_t expected = r->check, found;
    if (!get_word(r, &found, false))
        return error_text(err, err_size, "%s: cut short before its check word", r->path);
    if (found != expected)
        return error_text(err, err_size, "%s: damaged (its check word %016" PRIx64 " is not that of its contents, %016" PRIx64
                   ")", r->path, found, expected);
    if (fgetc(r->in) != EOF)
        return error_text(err, err_size, "%s: damaged (bytes after its check word)", r->path);
    return true;
}

void solve_checkpoint_close(SolveCheckpointReader *r)
{
    if (r->in)
        fclose(r->in);
    r->in = NULL;
}

bool solve_checkpoint_is(const char *path)
{
    char line[32] = "";
    FILE *in = fopen(path, "rb");
    if (!in)
        return false;
    bool yes = fgets(line, sizeof line, in) && strncmp(line, "rin-solve-checkpoint ", 21) == 0;
    fclose(in);
    return yes;
}
