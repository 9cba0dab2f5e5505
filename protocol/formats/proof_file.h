/* Proof files (format rin-proof 2, protocol/PROTOCOL.md "Proof files"): a
 * claim that one side gets at least a margin from a position, and the tree
 * that proves it, one node per line built on position strings. Writing
 * them, and checking them with the rules alone: every node is replayed
 * from its position string, the prover's stones must be legal and lead to
 * the positions their children name, the defender's every legal stone must
 * be answered, and every leaf must reach the margin under the checker's own
 * search (proof_leaf.h). Nothing of the solver that wrote the file is
 * trusted. */
#ifndef RIN_PROOF_FILE_H
#define RIN_PROOF_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "formats/posstr.h"
#include "rules/position.h"
#include "solve/proof.h"

enum {
    PROOF_FORMAT_VERSION = 2,
    PROOF_LEAF_EMPTIES_V1 = 6,   /* the most empty points of a leaf in format 1 (still read) */
    PROOF_LEAF_EMPTIES_MAX = 16, /* the most empty points of a leaf in format 2: the checker searches them */
    PROOF_LEAF_EMPTIES = 12,     /* where the writers stop by default */
    PROOF_ERROR_MAX = 512
};

/* One claim: `prover` ends with at least `margin` more stones than the
 * other side (a negative margin: loses by at most -margin) from the root. */
typedef struct ProofClaim {
    Color prover;
    int margin;
} ProofClaim;

/* The kinds of node lines. */
typedef enum ProofNodeKind {
    PROOF_LEAF, /* the checker settles it (at most PROOF_LEAF_EMPTIES_MAX empty points) */
    PROOF_PLAY, /* the prover to move: one stone, one child */
    PROOF_ALL   /* the defender to move: every legal stone, a child each */
} ProofNodeKind;

/* What a check found, per claim and in all. */
typedef struct ProofSummary {
    int claims;
    ProofClaim claim[8];          /* the first eight claims */
    char root[8][POSSTR_MAX];     /* their roots' position strings */
    int version;                  /* the file's format */
    uint64_t nodes, leaves, edges;
    uint64_t leaf_nodes;          /* positions the checker's search visited below the leaves */
    int deepest_leaf_empties;     /* the most empty points of a leaf */
} ProofSummary;

/* Checks a whole proof file. True when every claim in it is proven; false
 * with a message naming the line, the node and the reason in `err`
 * (err_size bytes, at least PROOF_ERROR_MAX recommended). `summary` is
 * filled either way with what was read. */
bool proof_check(FILE *in, ProofSummary *summary, char *err, size_t err_size);

/* The same, calling `progress` (with `context`) every few thousand nodes of
 * a long file: the claim under way (counted from 1), its nodes checked so
 * far (0 while they are still being read) and read, and the summary so far
 * of the whole file (nodes, leaves and the leaves' searches checked). */
typedef void (*ProofProgressFn)(void *context, int claim, uint64_t checked, uint64_t read,
                                const ProofSummary *so_far);
bool proof_check_progress(FILE *in, ProofSummary *summary, ProofProgressFn progress, void *context, char *err,
                          size_t err_size);

/* Writing: the header line once, then per claim its line and its nodes,
 * node 0 first (the root); ids are numbered from 0 in each claim. */
void proof_write_header(FILE *out);
void proof_write_claim(FILE *out, const ProofClaim *claim);
/* A node line. For PROOF_PLAY, points[0] and children[0]; for PROOF_ALL,
 * `count` stones and their children; for PROOF_LEAF, neither. */
void proof_write_node(FILE *out, uint64_t id, const Position *pos, ProofNodeKind kind, const int *points,
                      const uint64_t *children, int count);

/* A proof file being written by the solver (solve/proof.h, solve/merge.h):
 * proof_file_node is their node callback, with a ProofFileWriter (or a
 * struct that starts with one) as its context; it writes each node as a
 * line and counts them, and refuses one once the file has an error. */
typedef struct ProofFileWriter {
    FILE *out;
    uint64_t written;
} ProofFileWriter;

bool proof_file_node(void *writer, uint64_t id, const Position *pos, SolveProofKind kind, const int *points,
                     const uint64_t *children, int count);

#endif
