/* Loading a network weights file: the whole file into memory
 * (size-limited), then the engine's checks (nnue_weights_parse). */
#include "formats/net_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/nnue_weights.h"
#include "formats/file_bytes.h"

bool net_file_resolve(const char *value, NnueModel **out, char *err, size_t err_size)
{
    if (strcmp(value, NET_FILE_NONE) == 0) {
        *out = NULL;
        return true;
    }
    if (strcmp(value, NET_FILE_BUILTIN) == 0) {
        NnueModel *model = nnue_model_default();
        if (!model) {
            snprintf(err, err_size, "out of memory for the built-in network");
            return false;
        }
        *out = model;
        return true;
    }
    uint8_t *bytes;
    size_t size;
    if (!file_bytes_read(value, NET_FILE_MAX_BYTES, &bytes, &size, err, err_size))
        return false;
    NnueModel *model = NULL;
    NnueWeightsStatus status = nnue_weights_parse(bytes, size, &model);
    free(bytes);
    if (status != NNUE_WEIGHTS_OK) {
        snprintf(err, err_size, "cannot load %s: %s", value, nnue_weights_status_text(status));
        return false;
    }
    *out = model;
    return true;
}
