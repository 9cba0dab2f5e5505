/* Proof files: writing node lines, and checking a whole file with the rules
 * alone (position strings, pos_check, pos_play and the checker's own search
 * at the leaves, proof_leaf.h). */
#include "formats/proof_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "formats/coord.h"
#include "formats/proof_leaf.h"

enum {
    ID_LIMIT = 1u << 31, /* more nodes than any proof this checker can hold */
    LEAF_TABLE_LOG2 = 20 /* the leaves' table: a million slots (about 90 MB, touched as used) */
};

/* A node line as read: its position, kind and where its children are. */
typedef struct Node {
    Position pos;
    uint64_t line;
    uint64_t first_child; /* in Section.child */
    uint16_t children;
    uint8_t kind;
    uint8_t defined;
} Node;

typedef struct Child {
    int point;
    uint32_t id;
} Child;

/* The claim being read and its nodes, by id. */
typedef struct Section {
    ProofClaim claim;
    int leaf_empties; /* the most empty points of a leaf in this file's format */
    ProofLeafTable *leaf_table;
    uint64_t claim_line;
    Node *node;
    uint32_t nodes, node_capacity; /* ids below `nodes` have been named (defined or referenced) */
    Child *child;
    uint64_t children, child_capacity;
    uint64_t mentions; /* ids written so far: node lines and children */
} Section;

/* The reader's state: the line, its number, the message on failure. */
typedef struct Reader {
    FILE *in;
    char *line;
    size_t line_capacity;
    uint64_t number;
    char *err;
    size_t err_size;
    ProofProgressFn progress; /* NULL: none */
    void *context;
    ProofSummary *summary;
    uint64_t lines; /* node lines read of the claim under way */
} Reader;

enum {
    PROGRESS_CHECKED = 64,  /* nodes checked between calls of progress (a leaf may take a while) */
    PROGRESS_READ = 1 << 16 /* node lines read between calls */
};

static void report(Reader *r, uint64_t checked)
{
    if (r->progress)
        r->progress(r->context, r->summary->claims + 1, checked, r->lines, r->summary);
}

static bool fail(Reader *r, const char *format, ...)
{
    int n = snprintf(r->err, r->err_size, "line %" PRIu64 ": ", r->number);
    if (n < 0 || (size_t)n >= r->err_size)
        return false;
    va_list args;
    va_start(args, format);
    vsnprintf(r->err + n, r->err_size - (size_t)n, format, args);
    va_end(args);
    return false;
}

/* The next line that is neither blank nor a comment, without its newline;
 * false at the end of the file (or on a read error: r->err says so). */
static bool next_line(Reader *r, bool *read_error)
{
    *read_error = false;
    for (;;) {
        errno = 0;
        ssize_t length = getline(&r->line, &r->line_capacity, r->in);
        if (length < 0) {
            if (ferror(r->in) || errno == ENOMEM) {
                *read_error = true;
                fail(r, "cannot read: %s", errno ? strerror(errno) : "read error");
            }
            return false;
        }
        r->number++;
        while (length > 0 && (r->line[length - 1] == '\n' || r->line[length - 1] == '\r'))
            r->line[--length] = '\0';
        if ((size_t)length != strlen(r->line)) {
            *read_error = true;
            fail(r, "a NUL byte in the line");
            return false;
        }
        const char *p = r->line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '\0' && *p != '#')
            return true;
    }
}

/* A decimal number without sign at *p, at most `limit`; advances *p. */
static bool parse_id(const char **p, uint64_t limit, uint64_t *out)
{
    const char *s = *p;
    if (*s < '0' || *s > '9')
        return false;
    uint64_t value = 0;
    while (*s >= '0' && *s <= '9') {
        value = value * 10 + (uint64_t)(*s - '0');
        if (value > limit)
            return false;
        s++;
    }
    *p = s;
    *out = value;
    return true;
}

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Makes id known to the section (grows the table); the node it returns,
 * or NULL when out of memory. */
static Node *section_node(Section *s, uint32_t id)
{
    if (id >= s->node_capacity) {
        uint32_t capacity = s->node_capacity ? s->node_capacity : 1024;
        while (capacity <= id)
            capacity *= 2;
        Node *grown = realloc(s->node, (size_t)capacity * sizeof *grown);
        if (!grown)
            return NULL;
        memset(grown + s->node_capacity, 0, (size_t)(capacity - s->node_capacity) * sizeof *grown);
        s->node = grown;
        s->node_capacity = capacity;
    }
    if (id >= s->nodes)
        s->nodes = id + 1;
    return &s->node[id];
}

/* Whether an id is within what the file has written so far: no id is
 * larger than the count of ids written before it in its claim (node lines
 * and children), which numbering in order of first mention always meets,
 * so the table never outgrows the file. */
static bool id_in_bound(const Section *s, uint64_t id) { return id <= s->mentions; }

static bool section_add_child(Section *s, int point, uint32_t id)
{
    if (s->children == s->child_capacity) {
        uint64_t capacity = s->child_capacity ? 2 * s->child_capacity : 4096;
        Child *grown = realloc(s->child, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        s->child = grown;
        s->child_capacity = capacity;
    }
    s->child[s->children++] = (Child){point, id};
    return true;
}

/* "claim black|white MARGIN" */
static bool parse_claim(Reader *r, const char *p, ProofClaim *claim)
{
    p = skip_blanks(p + strlen("claim"));
    Color prover;
    if (strncmp(p, "black", 5) == 0)
        prover = COLOR_BLACK;
    else if (strncmp(p, "white", 5) == 0)
        prover = COLOR_WHITE;
    else
        return fail(r, "a claim names black or white, then a margin: '%s'", r->line);
    p = skip_blanks(p + 5);
    char *end;
    errno = 0;
    long margin = strtol(p, &end, 10);
    if (end == p || errno || margin < -BB_POINTS || margin > BB_POINTS || *skip_blanks(end) != '\0')
        return fail(r, "the claim's margin must be a whole number from %d to %d: '%s'", -BB_POINTS, BB_POINTS,
                    r->line);
    claim->prover = prover;
    claim->margin = (int)margin;
    return true;
}

/* "ID POSITION : leaf | play VERTEX ID | all VERTEX=ID ..." */
static bool parse_node(Reader *r, Section *s)
{
    const char *p = r->line;
    uint64_t id;
    if (!parse_id(&p, ID_LIMIT, &id) || (*p != ' ' && *p != '\t'))
        return fail(r, "a node line starts with its id (a number below %u)", (unsigned)ID_LIMIT);
    p = skip_blanks(p);
    const char *colon = strstr(p, " : ");
    if (!colon)
        return fail(r, "node %" PRIu64 ": no ' : ' between the position and the node's kind", id);
    char text[POSSTR_MAX + 8];
    size_t length = (size_t)(colon - p);
    if (length >= sizeof text)
        return fail(r, "node %" PRIu64 ": the position string is too long", id);
    memcpy(text, p, length);
    text[length] = '\0';
    Position pos;
    char why[160];
    if (!posstr_parse(text, &pos, why, sizeof why))
        return fail(r, "node %" PRIu64 ": bad position string: %s", id, why);
    if (!id_in_bound(s, id))
        return fail(r, "node %" PRIu64 ": an id larger than the %" PRIu64 " ids written before it", id, s->mentions);
    s->mentions++;
    Node *node = section_node(s, (uint32_t)id);
    if (!node)
        return fail(r, "out of memory");
    if (node->defined)
        return fail(r, "node %" PRIu64 " is defined twice (first on line %" PRIu64 ")", id, node->line);
    uint64_t first = s->children;
    p = skip_blanks(colon + 3);
    ProofNodeKind kind;
    if (strcmp(p, "leaf") == 0) {
        kind = PROOF_LEAF;
        p += 4;
    } else if (strncmp(p, "play ", 5) == 0 || strncmp(p, "all ", 4) == 0) {
        kind = p[0] == 'p' ? PROOF_PLAY : PROOF_ALL;
        p += kind == PROOF_PLAY ? 5 : 4;
        for (;;) {
            p = skip_blanks(p);
            if (*p == '\0')
                break;
            char vertex[COORD_TEXT_MAX + 1];
            size_t n = 0;
            while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '=' && n < COORD_TEXT_MAX)
                n++;
            memcpy(vertex, p, n);
            vertex[n] = '\0';
            int point;
            if (coord_parse(vertex, pos.size, &point) != COORD_OK)
                return fail(r, "node %" PRIu64 ": '%s' is not a point of the %dx%d board", id, vertex, pos.size,
                            pos.size);
            p += n;
            if (kind == PROOF_ALL) {
                if (*p != '=')
                    return fail(r, "node %" PRIu64 ": 'all' lists VERTEX=ID pairs", id);
                p++;
            } else {
                p = skip_blanks(p);
            }
            uint64_t child;
            if (!parse_id(&p, ID_LIMIT, &child))
                return fail(r, "node %" PRIu64 ": a stone's child must be a node id (a number below %u)", id,
                            (unsigned)ID_LIMIT);
            if (*p != '\0' && *p != ' ' && *p != '\t')
                return fail(r, "node %" PRIu64 ": unexpected '%c' after a child's id", id, *p);
            if (s->children - first >= BB_POINTS)
                return fail(r, "node %" PRIu64 ": more stones than points", id);
            if (!id_in_bound(s, child))
                return fail(r, "node %" PRIu64 ": child %" PRIu64 ": an id larger than the %" PRIu64 " ids written before it",
                            id, child, s->mentions);
            s->mentions++;
            if (!section_add_child(s, point, (uint32_t)child) || !section_node(s, (uint32_t)child))
                return fail(r, "out of memory");
        }
        if (s->children == first)
            return fail(r, "node %" PRIu64 ": '%s' names no stone", id, kind == PROOF_PLAY ? "play" : "all");
        if (kind == PROOF_PLAY && s->children - first != 1)
            return fail(r, "node %" PRIu64 ": 'play' names one stone and its child", id);
    } else {
        return fail(r, "node %" PRIu64 ": the kind must be leaf, play or all: '%s'", id, p);
    }
    node = &s->node[id]; /* the table may have moved */
    node->pos = pos;
    node->line = r->number;
    node->first_child = first;
    node->children = (uint16_t)(s->children - first);
    node->kind = (uint8_t)kind;
    node->defined = 1;
    return true;
}

/* The node, then the reason: "node 12 (x3/4/4/4 w 1): ..." */
static bool fail_node(Reader *r, uint64_t id, const Node *node, const char *format, ...)
{
    char text[POSSTR_MAX];
    posstr_format(&node->pos, text);
    char reason[256];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    r->number = node->line;
    return fail(r, "node %" PRIu64 " (%s): %s", id, text, reason);
}

/* The checks of one node: its kind fits the side to move, its stones are
 * legal and lead to the positions its children hold, a defence is given for
 * every legal stone, a leaf reaches the margin. */
static bool check_node(Reader *r, const Section *s, uint32_t id, ProofSummary *summary)
{
    const Node *node = &s->node[id];
    const Position *pos = &node->pos;
    Color mover = pos_to_move(pos);
    if (node->kind == PROOF_LEAF) {
        int empties = pos_empty_count(pos);
        if (empties > s->leaf_empties)
            return fail_node(r, id, node, "a leaf with %d empty points (at most %d)", empties, s->leaf_empties);
        if (!proof_leaf_holds(s->leaf_table, pos, s->claim.prover, s->claim.margin, &summary->leaf_nodes))
            return fail_node(r, id, node, "the leaf does not give %s %+d or more",
                             s->claim.prover == COLOR_BLACK ? "black" : "white", s->claim.margin);
        summary->leaves++;
        if (empties > summary->deepest_leaf_empties)
            summary->deepest_leaf_empties = empties;
        return true;
    }
    if (pos_is_over(pos))
        return fail_node(r, id, node, "the board is full: the node must be a leaf");
    bool prover_moves = mover == s->claim.prover;
    if (node->kind == PROOF_PLAY && !prover_moves)
        return fail_node(r, id, node, "'play' at a node where the defender is to move (it needs 'all')");
    if (node->kind == PROOF_ALL && prover_moves)
        return fail_node(r, id, node, "'all' at a node where the prover is to move (it needs 'play')");
    Bitboard named = bb_zero();
    char vertex[COORD_TEXT_MAX];
    for (int i = 0; i < node->children; i++) {
        const Child *c = &s->child[node->first_child + (uint64_t)i];
        coord_format(c->point, pos->size, vertex);
        PosStatus legal = pos_check(pos, mover, c->point);
        if (legal != POS_OK)
            return fail_node(r, id, node, "%s is not a legal stone: %s", vertex, pos_status_text(legal));
        if (bb_test(named, c->point))
            return fail_node(r, id, node, "%s is named twice", vertex);
        bb_set(&named, c->point);
        if (c->id >= s->nodes || !s->node[c->id].defined)
            return fail_node(r, id, node, "the child of %s, node %" PRIu32 ", is not defined", vertex, c->id);
        Position next = *pos;
        pos_play(&next, c->point);
        if (!pos_same(&next, &s->node[c->id].pos)) {
            char got[POSSTR_MAX], want[POSSTR_MAX];
            posstr_format(&next, got);
            posstr_format(&s->node[c->id].pos, want);
            return fail_node(r, id, node, "%s leads to %s, but its child, node %" PRIu32 ", holds %s", vertex, got,
                             c->id, want);
        }
        summary->edges++;
    }
    if (node->kind == PROOF_ALL) {
        Bitboard empty = pos_empty(pos);
        for (int point = 0; point < BB_POINTS; point++)
            if (bb_test(empty, point) && !bb_test(named, point) && pos_check(pos, mover, point) == POS_OK) {
                coord_format(point, pos->size, vertex);
                return fail_node(r, id, node, "the defence %s is not answered", vertex);
            }
    }
    return true;
}

/* The checks of a whole claim once all its nodes are read. */
static bool check_section(Reader *r, const Section *s, ProofSummary *summary)
{
    if (s->nodes == 0 || !s->node[0].defined) {
        r->number = s->claim_line;
        return fail(r, "the claim has no root (node 0)");
    }
    int size = s->node[0].pos.size;
    for (uint32_t id = 0; id < s->nodes; id++)
        if (s->node[id].defined && s->node[id].pos.size != size)
            return fail_node(r, id, &s->node[id], "the position is %dx%d, the root %dx%d", s->node[id].pos.size,
                             s->node[id].pos.size, size, size);
    for (uint32_t id = 0; id < s->nodes; id++) {
        if (!s->node[id].defined)
            continue; /* referenced but undefined: the referring node says so */
        summary->nodes++;
        if (!check_node(r, s, id, summary))
            return false;
        if ((id + 1) % PROGRESS_CHECKED == 0)
            report(r, id + 1);
    }
    return true;
}

static void section_reset(Section *s)
{
    s->nodes = 0;
    s->children = 0;
    s->mentions = 0;
    if (s->node)
        memset(s->node, 0, (size_t)s->node_capacity * sizeof *s->node);
}

bool proof_check(FILE *in, ProofSummary *summary, char *err, size_t err_size)
{
    return proof_check_progress(in, summary, NULL, NULL, err, err_size);
}

bool proof_check_progress(FILE *in, ProofSummary *summary, ProofProgressFn progress, void *context, char *err,
                          size_t err_size)
{
    memset(summary, 0, sizeof *summary);
    Reader r = {.in = in, .err = err, .err_size = err_size, .progress = progress, .context = context, .summary = summary};
    Section s = {0};
    bool ok = false, read_error, in_claim = false;
    if (!next_line(&r, &read_error)) {
        if (!read_error)
            fail(&r, "empty file: not a proof (it starts with 'rin-proof %d')", PROOF_FORMAT_VERSION);
        goto done;
    }
    {
        int version;
        char rest;
        if (sscanf(r.line, " rin-proof %d %c", &version, &rest) != 1) {
            fail(&r, "not a proof file: it starts with 'rin-proof %d'", PROOF_FORMAT_VERSION);
            goto done;
        }
        if (version < 1 || version > PROOF_FORMAT_VERSION) {
            fail(&r, "proof format version %d; this program reads versions 1 to %d", version, PROOF_FORMAT_VERSION);
            goto done;
        }
        summary->version = version;
        s.leaf_empties = version == 1 ? PROOF_LEAF_EMPTIES_V1 : PROOF_LEAF_EMPTIES_MAX;
        s.leaf_table = proof_leaf_table_create(LEAF_TABLE_LOG2);
        if (!s.leaf_table) {
            fail(&r, "out of memory for the leaves' table");
            goto done;
        }
    }
    for (;;) {
        bool more = next_line(&r, &read_error);
        if (read_error)
            goto done;
        const char *p = more ? skip_blanks(r.line) : "";
        bool claim_line = more && strncmp(p, "claim", 5) == 0 && (p[5] == ' ' || p[5] == '\t');
        if (in_claim && (!more || claim_line)) {
            uint64_t line = r.number;
            if (!check_section(&r, &s, summary))
                goto done;
            r.number = line;
            if (summary->claims < 8) {
                summary->claim[summary->claims] = s.claim;
                posstr_format(&s.node[0].pos, summary->root[summary->claims]);
            }
            summary->claims++;
            section_reset(&s);
            r.lines = 0;
        }
        if (!more)
            break;
        if (claim_line) {
            if (!parse_claim(&r, p, &s.claim))
                goto done;
            s.claim_line = r.number;
            in_claim = true;
        } else if (!in_claim) {
            fail(&r, "a node before the first claim");
            goto done;
        } else if (!parse_node(&r, &s)) {
            goto done;
        } else if (++r.lines % PROGRESS_READ == 0) {
            report(&r, 0);
        }
    }
    if (summary->claims == 0) {
        fail(&r, "the file makes no claim");
        goto done;
    }
    ok = true;
done:
    proof_leaf_table_destroy(s.leaf_table);
    free(s.node);
    free(s.child);
    free(r.line);
    return ok;
}

void proof_write_header(FILE *out) { fprintf(out, "rin-proof %d\n", PROOF_FORMAT_VERSION); }

void proof_write_claim(FILE *out, const ProofClaim *claim)
{
    fprintf(out, "claim %s %+d\n", claim->prover == COLOR_BLACK ? "black" : "white", claim->margin);
}

void proof_write_node(FILE *out, uint64_t id, const Position *pos, ProofNodeKind kind, const int *points,
                      const uint64_t *children, int count)
{
    char text[POSSTR_MAX], vertex[COORD_TEXT_MAX];
    posstr_format(pos, text);
    fprintf(out, "%" PRIu64 " %s : ", id, text);
    if (kind == PROOF_LEAF) {
        fputs("leaf\n", out);
        return;
    }
    fputs(kind == PROOF_PLAY ? "play" : "all", out);
    for (int i = 0; i < count; i++) {
        coord_format(points[i], pos->size, vertex);
        fprintf(out, kind == PROOF_PLAY ? " %s %" PRIu64 : " %s=%" PRIu64, vertex, children[i]);
    }
    fputc('\n', out);
}

bool proof_file_node(void *writer, uint64_t id, const Position *pos, SolveProofKind kind, const int *points,
                     const uint64_t *children, int count)
{
    ProofFileWriter *w = writer;
    ProofNodeKind k = kind == SOLVE_PROOF_LEAF ? PROOF_LEAF : kind == SOLVE_PROOF_PLAY ? PROOF_PLAY : PROOF_ALL;
    proof_write_node(w->out, id, pos, k, points, children, count);
    w->written++;
    return !ferror(w->out);
}
