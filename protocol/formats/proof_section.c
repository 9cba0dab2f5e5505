/* Copying a claim's section of a proof file (proof_section.h). */
#include "formats/proof_section.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/error_text.h"
#include "formats/posstr.h"
#include "formats/text_line.h"

bool proof_section_copy(FILE *out, const char *path, Color prover, const SymmetryTable *sym, int s, uint64_t root_id,
                        uint64_t *next_id, char *err, size_t err_size)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return error_text(err, err_size, "cannot open the job's proof %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t capacity = 0;
    bool ok = true, in_section = false, found = false;
    uint64_t base = *next_id, largest = 0, number = 0;
    const char *side = prover == COLOR_BLACK ? "claim black " : "claim white ";
    while (ok && text_line_read(in, &line, &capacity)) {
        number++;
        if (strncmp(line, "claim ", 6) == 0) {
            in_section = strncmp(line, side, strlen(side)) == 0 && !found;
            found = found || in_section;
            continue;
        }
        if (!in_section || line[0] == '#' || line[0] == '\0')
            continue;
        /* ID POSITION : KIND ... */
        char *colon = strstr(line, " : ");
        char *rest;
        uint64_t id = strtoull(line, &rest, 10);
        Position pos;
        char why[160];
        if (!colon || rest == line) {
            ok = error_text(err, err_size, "%s: line %" PRIu64 ": not a node line", path, number);
            break;
        }
        *colon = '\0';
        if (!posstr_parse(rest, &pos, why, sizeof why)) {
            ok = error_text(err, err_size, "%s: line %" PRIu64 ": %s", path, number, why);
            break;
        }
        Position image = symmetry_position(s, &pos);
        const char *kind_text = colon + 3;
        ProofNodeKind kind = strncmp(kind_text, "leaf", 4) == 0   ? PROOF_LEAF
                             : strncmp(kind_text, "play", 4) == 0 ? PROOF_PLAY
                                                                   : PROOF_ALL;
        int points[BB_POINTS], count = 0;
        uint64_t children[BB_POINTS];
        if (kind != PROOF_LEAF) {
            char *p = strchr(kind_text, ' ');
            while (p && *p && count < BB_POINTS) {
                while (*p == ' ')
                    p++;
                if (!*p)
                    break;
                char vertex[COORD_TEXT_MAX + 1];
                size_t n = strcspn(p, " =");
                if (n > COORD_TEXT_MAX) {
                    ok = error_text(err, err_size, "%s: line %" PRIu64 ": a bad vertex", path, number);
                    break;
                }
                memcpy(vertex, p, n);
                vertex[n] = '\0';
                int point;
                if (coord_parse(vertex, pos.size, &point) != COORD_OK) {
                    ok = error_text(err, err_size, "%s: line %" PRIu64 ": a bad vertex '%s'", path, number, vertex);
                    break;
                }
                p += n + 1;
                uint64_t child = strtoull(p, &p, 10);
                points[count] = sym->map[s][point];
                children[count++] = child == 0 ? root_id : base + child - 1;
                if (child > largest)
                    largest = child;
            }
        }
        if (!ok)
            break;
        if (id > largest)
            largest = id;
        proof_write_node(out, id == 0 ? root_id : base + id - 1, &image, kind, points, children, count);
    }
    free(line);
    fclose(in);
    if (ok && !found)
        ok = error_text(err, err_size, "%s: no '%s' section", path, side);
    *next_id = base + largest;
    return ok;
}
