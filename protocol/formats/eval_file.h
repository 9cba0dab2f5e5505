/* Evaluation weights files on disk (the format is in engine/eval/evalmodel.h). */
#ifndef RIN_EVAL_FILE_H
#define RIN_EVAL_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/evalmodel.h"

enum { EVAL_FILE_MAX_BYTES = 64 << 20, EVAL_FILE_HASH_DIGITS = 12, EVAL_FILE_NAME_MAX = 32 };

/* The option values that name the learned weights compiled in (the
 * default) and the classic evaluation, whose weights are set by hand in
 * engine/eval/evaluate.c. Any other value is a weights file. */
#define EVAL_FILE_BUILTIN "builtin"
#define EVAL_FILE_CLASSIC "classic"

/* The name of a weights file with these contents, as Stockfish names its
 * networks: "rin-", the first EVAL_FILE_HASH_DIGITS hex digits of their
 * SHA-256, ".rinw". The built-in weights carry such a name, so that a
 * retrained file cannot keep the old one (ctest weights_name checks it). */
void eval_file_name(const uint8_t *bytes, size_t size, char name[EVAL_FILE_NAME_MAX]);

/* Reads and checks the weights file at path. On failure returns false with
 * a message naming the file and what is wrong in err; *out is untouched. */
bool eval_file_load(const char *path, EvalModel **out, char *err, size_t err_size);

/* The weights an eval-file option value names: EVAL_FILE_CLASSIC (the
 * classic evaluation: *out = NULL), EVAL_FILE_BUILTIN (the learned weights
 * compiled in) or a file. As eval_file_load on failure. */
bool eval_file_resolve(const char *value, EvalModel **out, char *err, size_t err_size);

#endif
