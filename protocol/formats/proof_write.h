/* Writing the proof of a solved value: the claims of both sides that
 * Black's final margin is exactly the value, each proved by the solver
 * (solve/proof.h) into a proof file (proof_file.h), written through a
 * temporary file so that a failed run leaves no partial proof. */
#ifndef RIN_PROOF_WRITE_H
#define RIN_PROOF_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/proof_file.h"
#include "solve/proof.h"
#include "solve/solve.h"

/* Called at the solver's progress reports, with the claim under way and
 * its nodes written so far. */
typedef void (*ProofWriteProgressFn)(const ProofClaim *claim, uint64_t written, const SolveProgress *progress,
                                     void *context);

typedef struct ProofWriteStats {
    SolveProofStats proof; /* over both claims */
    long bytes;            /* of the file */
} ProofWriteStats;

/* The proof that Black's final margin from pos is black_margin, with the
 * solver's options and leaves of at most leaf_empties empty points, into
 * path. progress may be NULL. False with a message in err. */
bool proof_file_write_margin(const char *path, const Position *pos, int black_margin, const SolveOptions *options,
                             int leaf_empties, ProofWriteProgressFn progress, void *context, ProofWriteStats *stats,
                             char *err, size_t err_size);

#endif
