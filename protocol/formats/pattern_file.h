/* Pattern weights files on disk (the format is in engine/eval/ntuple_weights.h):
 * the weights of the n-tuple pattern model that the search evaluates with
 * when one is loaded. */
#ifndef RIN_PATTERN_FILE_H
#define RIN_PATTERN_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/ntuple.h"

enum { PATTERN_FILE_MAX_BYTES = 256 << 20 };

/* The option values that name the built-in pattern model (the default) and
 * no pattern model (the search evaluates with its eval-file weights); any
 * other value is a pattern weights file. */
#define PATTERN_FILE_BUILTIN "builtin"
#define PATTERN_FILE_NONE "none"

/* Reads and checks the pattern weights file at path, and packs the model's
 * tables for the search (ntuple_model_pack). On failure returns false with
 * a message naming the file and what is wrong in err; *out is untouched. */
bool pattern_file_load(const char *path, NtupleModel **out, char *err, size_t err_size);

/* The model a pattern-file option value names: PATTERN_FILE_BUILTIN
 * (ntuple_model_default), PATTERN_FILE_NONE (*out = NULL) or a file, as
 * pattern_file_load. */
bool pattern_file_resolve(const char *value, NtupleModel **out, char *err, size_t err_size);

/* What eval_file does while pattern_file (option values) names a pattern
 * model: one sentence for a warning, or NULL when there is nothing to warn
 * about: with PATTERN_FILE_NONE (the eval-file's weights then evaluate) and
 * with EVAL_FILE_BUILTIN, the default, which changes nothing asked for. */
const char *pattern_file_eval_note(const char *eval_file, const char *pattern_file);

#endif
