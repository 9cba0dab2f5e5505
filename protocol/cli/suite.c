/* Reading suite files and scoring the search on them. */
#include "cli/suite.h"
#include "formats/error_text.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/posstr.h"
#include "gtp/search_report.h"
#include "search/search.h"

enum { SUITE_LINE_MAX = 1024, SUITE_HASH_MIB = 16 };


bool suite_parse_line(const char *line, SuiteEntry *entry, char *err, size_t err_size)
{
    const char *bm = strstr(line, " bm ");
    if (!bm)
        return error_text(err, err_size, "no ' bm ' after the position string");
    char text[SUITE_LINE_MAX];
    size_t length = (size_t)(bm - line);
    if (length >= sizeof text)
        return error_text(err, err_size, "position string too long");
    memcpy(text, line, length);
    text[length] = '\0';
    SuiteEntry e;
    memset(&e, 0, sizeof e);
    char why[160];
    if (!posstr_parse(text, &e.pos, why, sizeof why))
        return error_text(err, err_size, "bad position string: %s", why);
    if (pos_is_over(&e.pos))
        return error_text(err, err_size, "the game is over in this position");

    const char *s = bm + 4;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == ';' || *s == '\0' || *s == '\n')
            break;
        char vertex[8];
        size_t n = 0;
        while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ';' && s[n] != '\n')
            n++;
        if (n >= sizeof vertex)
            return error_text(err, err_size, "'%.*s' is not a vertex", (int)n, s);
        memcpy(vertex, s, n);
        vertex[n] = '\0';
        int point;
        if (coord_parse(vertex, e.pos.size, &point) != COORD_OK)
            return error_text(err, err_size, "'%s' is not a vertex of this board", vertex);
        if (pos_at(&e.pos, point) != -1)
            return error_text(err, err_size, "best stone %s is on an occupied point", vertex);
        if (e.best_count == SUITE_MAX_BEST)
            return error_text(err, err_size, "more than %d best stones", SUITE_MAX_BEST);
        e.best[e.best_count++] = point;
        s += n;
    }
    if (e.best_count == 0)
        return error_text(err, err_size, "no best stone after 'bm'");
    const char *c = strstr(s, "c \"");
    if (c) {
        c += 3;
        size_t n = 0;
        while (c[n] && c[n] != '"' && n + 1 < sizeof e.comment)
            n++;
        memcpy(e.comment, c, n);
        e.comment[n] = '\0';
    }
    *entry = e;
    return true;
}

static bool is_blank_line(const char *line)
{
    for (; *line; line++)
        if (*line != ' ' && *line != '\t' && *line != '\n' && *line != '\r')
            return *line == '#';
    return true;
}

static bool is_best(const SuiteEntry *e, int point)
{
    for (int i = 0; i < e->best_count; i++)
        if (e->best[i] == point)
            return true;
    return false;
}

bool suite_run(const char *path, uint64_t nodes, const EvalModel *eval, FILE *out, SuiteResult *result, char *err,
               size_t err_size)
{
    return suite_run_with(path, nodes, eval, NULL, out, result, err, err_size);
}

bool suite_run_with(const char *path, uint64_t nodes, const EvalModel *eval, const NtupleModel *patterns, FILE *out,
                    SuiteResult *result, char *err, size_t err_size)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return error_text(err, err_size, "cannot open %s", path);
    SearchConfig config = {.threads = 1, .hash_mib = SUITE_HASH_MIB, .seed = 0, .eval = eval, .patterns = patterns};
    Search *search = search_create(&config);
    if (!search) {
        fclose(file);
        return error_text(err, err_size, "out of memory");
    }
    SuiteResult r = {0, 0};
    char line[SUITE_LINE_MAX];
    bool ok = true;
    for (int number = 1; fgets(line, sizeof line, file); number++) {
        if (is_blank_line(line))
            continue;
        SuiteEntry e;
        char why[200];
        if (!suite_parse_line(line, &e, why, sizeof why)) {
            ok = error_text(err, err_size, "%s:%d: %s", path, number, why);
            break;
        }
        search_clear(search);
        SearchLimits limits = {.nodes = nodes, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(search, &e.pos, &limits, NULL, NULL, &info);
        bool solved = is_best(&e, info.pv[0]);
        r.total++;
        r.solved += solved;
        if (out) {
            char vertex[COORD_TEXT_MAX], score[32];
            coord_format(info.pv[0], e.pos.size, vertex);
            report_score(info.score, info.exact, score, sizeof score);
            fprintf(out, "%3d %-6s %-4s score %-10s depth %2d  bm", r.total, solved ? "solved" : "missed", vertex,
                    score, info.depth);
            for (int i = 0; i < e.best_count; i++) {
                coord_format(e.best[i], e.pos.size, vertex);
                fprintf(out, " %s", vertex);
            }
            fprintf(out, "  %s\n", e.comment);
        }
    }
    fclose(file);
    search_destroy(search);
    if (!ok)
        return false;
    *result = r;
    return true;
}
