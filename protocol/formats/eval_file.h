/* Evaluation weights files on disk (the format is in engine/evalmodel.h). */
#ifndef RIN_EVAL_FILE_H
#define RIN_EVAL_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/evalmodel.h"

enum { EVAL_FILE_MAX_BYTES = 64 << 20 };

/* The option values that name the learned weights compiled in (the
 * default) and the classic evaluation, whose weights are set by hand in
 * engine/eval/evaluate.c. Any other value is a weights file. */
#define EVAL_FILE_BUILTIN "builtin"
#define EVAL_FILE_CLASSIC "classic"

/* Reads and checks the weights file at path. On failure returns false with
 * a message naming the file and what is wrong in err; *out is untouched. */
bool eval_file_load(const char *path, EvalModel **out, char *err, size_t err_size);

/* The weights an eval-file option value names: EVAL_FILE_CLASSIC (the
 * classic evaluation: *out = NULL), EVAL_FILE_BUILTIN (the learned weights
 * compiled in) or a file. As eval_file_load on failure. */
bool eval_file_resolve(const char *value, EvalModel **out, char *err, size_t err_size);

#endif
