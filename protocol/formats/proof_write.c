/* Proofs of solved values written to files (proof_write.h). */
#include "formats/proof_write.h"

#include <stdio.h>

#include "formats/atomic_file.h"
#include "formats/error_text.h"

/* A proof being written: its file and nodes written, the claim under way,
 * and who hears of the progress. */
typedef struct Writing {
    ProofFileWriter file;
    const ProofClaim *claim;
    ProofWriteProgressFn progress;
    void *context;
} Writing;

static void report(const SolveProgress *p, void *context)
{
    const Writing *w = context;
    w->progress(w->claim, w->file.written, p, w->context);
}

bool proof_file_write_margin(const char *path, const Position *pos, int black_margin, const SolveOptions *options,
                             int leaf_empties, ProofWriteProgressFn progress, void *context, ProofWriteStats *stats,
                             char *err, size_t err_size)
{
    AtomicFile file;
    if (!atomic_file_open(&file, path, err, err_size))
        return false;
    ProofClaim claims[2] = {{COLOR_BLACK, black_margin}, {COLOR_WHITE, -black_margin}};
    Writing writing = {{file.out, 0}, &claims[0], progress, context};
    SolveOptions proof_options = *options;
    proof_options.progress = progress ? report : NULL;
    proof_options.progress_context = &writing;
    SolveDfpn dfpn;
    if (solve_start(&dfpn, pos->size, &proof_options) != SOLVE_OK) {
        atomic_file_commit(&file, false, NULL, err, err_size);
        return error_text(err, err_size, "out of memory for the proof's table");
    }
    proof_write_header(file.out);
    fprintf(file.out, "# Black's final margin under perfect play is %+d: Black gets %+d or more, White %+d or more\n",
            black_margin, black_margin, -black_margin);
    *stats = (ProofWriteStats){{0}, 0};
    bool ok = true;
    for (int i = 0; i < 2 && ok; i++) {
        proof_write_claim(file.out, &claims[i]);
        writing.claim = &claims[i];
        writing.file.written = 0;
        SolveProofStats s;
        SolveProofStatus status = solve_proof(&dfpn, pos, claims[i].prover, claims[i].margin, leaf_empties,
                                              proof_file_node, &writing.file, &s);
        if (status != SOLVE_PROOF_OK)
            ok = error_text(err, err_size, "the proof of %s's claim failed: %s",
                            claims[i].prover == COLOR_BLACK ? "Black" : "White", solve_proof_status_text(status));
        stats->proof.nodes += s.nodes;
        stats->proof.leaves += s.leaves;
        stats->proof.edges += s.edges;
        stats->proof.transpositions += s.transpositions;
    }
    solve_dfpn_free(&dfpn);
    return atomic_file_commit(&file, ok, &stats->bytes, err, err_size);
}
