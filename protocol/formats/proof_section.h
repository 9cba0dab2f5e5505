/* A claim's section of one proof file copied into another: the proof of a
 * job of a split solve joined to the merged proof at a mirror image of its
 * position (engine/solve/merge.h), its positions and stones mirrored and
 * its ids numbered on from the merged proof's. */
#ifndef RIN_PROOF_SECTION_H
#define RIN_PROOF_SECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "formats/proof_file.h"
#include "rules/symmetry.h"

/* Copies the nodes of `prover`'s claim in the proof file at path to out,
 * each position and stone under symmetry s of sym: its root takes the id
 * root_id, its other nodes ids from *next_id on; *next_id then moves past
 * them. False with a message in err. */
bool proof_section_copy(FILE *out, const char *path, Color prover, const SymmetryTable *sym, int s, uint64_t root_id,
                        uint64_t *next_id, char *err, size_t err_size);

#endif
