/* Loading a weights file: the whole file into memory (size-limited), then
 * the engine's checks (magic, version, layout, size, checksum, values and
 * result curve);
 * and a file's name from its contents. */
#include "formats/eval_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/file_bytes.h"
#include "formats/sha256.h"


void eval_file_name(const uint8_t *bytes, size_t size, char name[EVAL_FILE_NAME_MAX])
{
    uint8_t digest[SHA256_BYTES];
    sha256(bytes, size, digest);
    char hex[2 * SHA256_BYTES + 1];
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    snprintf(name, EVAL_FILE_NAME_MAX, "rin-%.*s.rinw", (int)EVAL_FILE_HASH_DIGITS, hex);
}

bool eval_file_load(const char *path, EvalModel **out, char *err, size_t err_size)
{
    uint8_t *bytes;
    size_t size;
    if (!file_bytes_read(path, EVAL_FILE_MAX_BYTES, &bytes, &size, err, err_size))
        return false;
    EvalStatus status = eval_model_parse(bytes, size, out);
    free(bytes);
    if (status != EVAL_OK)
        snprintf(err, err_size, "cannot load %s: %s", path, eval_status_text(status));
    return status == EVAL_OK;
}

bool eval_file_resolve(const char *value, EvalModel **out, char *err, size_t err_size)
{
    if (strcmp(value, EVAL_FILE_CLASSIC) == 0) {
        *out = NULL;
        return true;
    }
    if (strcmp(value, EVAL_FILE_BUILTIN) == 0) {
        EvalModel *model = eval_model_default();
        if (!model) {
            snprintf(err, err_size, "out of memory for the built-in weights");
            return false;
        }
        *out = model;
        return true;
    }
    return eval_file_load(value, out, err, err_size);
}
