/* Network weights files on disk (the format is in engine/eval/nnue_weights.h):
 * the evaluation network the search evaluates with when one is loaded. */
#ifndef RIN_NET_FILE_H
#define RIN_NET_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/nnue.h"

enum { NET_FILE_MAX_BYTES = 64 << 20 };

/* The option values that name the built-in network (the default) and no
 * network (the pattern model or the eval-file's weights evaluate); any
 * other value is a network weights file. */
#define NET_FILE_BUILTIN "builtin"
#define NET_FILE_NONE "none"

/* The network a net-file option value names: NET_FILE_BUILTIN, NET_FILE_NONE
 * (*out = NULL) or a file, read and checked (nnue_weights_parse). On failure returns
 * false with a message naming the file and what is wrong in err; *out is
 * untouched. */
bool net_file_resolve(const char *value, NnueModel **out, char *err, size_t err_size);

#endif
