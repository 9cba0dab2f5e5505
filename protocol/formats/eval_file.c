/* Loading a weights file: the whole file into memory (size-limited), then
 * the engine's checks (magic, version, layout, size, checksum, values and
 * result curve);
 * and a file's name from its contents. */
#include "formats/eval_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    uint8_t *bytes = malloc(EVAL_FILE_MAX_BYTES + 1);
    if (!bytes) {
        fclose(in);
        snprintf(err, err_size, "cannot load %s: out of memory", path);
        return false;
    }
    size_t size = fread(bytes, 1, EVAL_FILE_MAX_BYTES + 1, in);
    bool read_error = ferror(in);
    fclose(in);
    bool ok = false;
    if (read_error) {
        snprintf(err, err_size, "cannot read %s", path);
    } else if (size > EVAL_FILE_MAX_BYTES) {
        snprintf(err, err_size, "cannot load %s: larger than %d MiB", path, EVAL_FILE_MAX_BYTES >> 20);
    } else {
        EvalStatus status = eval_model_parse(bytes, size, out);
        ok = status == EVAL_OK;
        if (!ok)
            snprintf(err, err_size, "cannot load %s: %s", path, eval_status_text(status));
    }
    free(bytes);
    return ok;
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
