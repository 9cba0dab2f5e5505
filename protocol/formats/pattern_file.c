/* Loading a pattern weights file: the whole file into memory
 * (size-limited), then the engine's checks (ntuple_weights_parse), then the
 * 16-bit tables the search reads. */
#include "formats/pattern_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/ntuple_weights.h"
#include "formats/eval_file.h"
#include "formats/file_bytes.h"

bool pattern_file_load(const char *path, NtupleModel **out, char *err, size_t err_size)
{
    uint8_t *bytes;
    size_t size;
    if (!file_bytes_read(path, PATTERN_FILE_MAX_BYTES, &bytes, &size, err, err_size))
        return false;
    NtupleModel *model = NULL;
    NtupleWeightsStatus status = ntuple_weights_parse(bytes, size, &model);
    free(bytes);
    if (status == NTUPLE_WEIGHTS_OK && !ntuple_model_pack(model)) {
        ntuple_model_destroy(model);
        status = NTUPLE_WEIGHTS_ERR_MEMORY;
    }
    if (status != NTUPLE_WEIGHTS_OK) {
        snprintf(err, err_size, "cannot load %s: %s", path, ntuple_weights_status_text(status));
        return false;
    }
    *out = model;
    return true;
}

bool pattern_file_resolve(const char *value, NtupleModel **out, char *err, size_t err_size)
{
    if (strcmp(value, PATTERN_FILE_NONE) == 0) {
        *out = NULL;
        return true;
    }
    if (strcmp(value, PATTERN_FILE_BUILTIN) == 0) {
        NtupleModel *model = ntuple_model_default();
        if (!model) {
            snprintf(err, err_size, "out of memory for the built-in pattern weights");
            return false;
        }
        *out = model;
        return true;
    }
    return pattern_file_load(value, out, err, err_size);
}

const char *pattern_file_eval_note(const char *eval_file, const char *pattern_file)
{
    if (strcmp(pattern_file, PATTERN_FILE_NONE) == 0 || strcmp(eval_file, EVAL_FILE_BUILTIN) == 0)
        return NULL;
    return "the pattern model (pattern-file) evaluates positions; the eval-file's weights give only their result "
           "curve (from a margin to a win, draw or loss); pattern-file none evaluates with them";
}
