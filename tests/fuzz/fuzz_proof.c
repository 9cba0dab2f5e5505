/* libFuzzer target: the proof checker. Any text is either a proof that
 * holds or refused with a message; nothing crashes, leaks or reads out of
 * bounds, and the memory it takes stays within the input's size. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "formats/proof_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    ProofSummary summary;
    char err[PROOF_ERROR_MAX] = "";
    if (!proof_check(in, &summary, err, sizeof err) && err[0] == '\0')
        abort(); /* every refusal says why */
    fclose(in);
    return 0;
}
