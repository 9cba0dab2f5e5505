/* The GTP engine: the game behind the protocol, the framing of command lines
 * and responses (GTP 2 and protocol/PROTOCOL.md), and the dispatch to the command
 * table. Everything lives in one Gtp context; there is no global state. */
#ifndef RIN_GTP_H
#define RIN_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"

/* Longest command line in bytes (without its newline). A longer line is
 * answered with one error and skipped to its newline. */
enum { GTP_LINE_MAX = 64 * 1024 };

typedef struct Gtp Gtp;

/* A new engine on the empty 16x16 board with the given options (options.h);
 * NULL when memory ran out. */
Gtp *gtp_create(const EngineOptions *options);
void gtp_destroy(Gtp *gtp);

/* Reads command lines from `in` and writes each response to `out` (flushed
 * at once) until `quit` or the end of input. Returns the exit status: 0, or
 * 1 when reading or writing failed. */
int gtp_run(Gtp *gtp, FILE *in, FILE *out);

/* Runs one command line through the framing and the dispatch. `line` holds
 * `length` bytes of any value (NUL included), without its newline. Returns
 * false when the line is empty or only a comment (GTP gives no response);
 * otherwise points *response at the whole response, "=..." or "?..." ending
 * in "\n\n", valid until the next call. */
bool gtp_execute(Gtp *gtp, const char *line, size_t length, const char **response);

/* Whether `quit` has been answered: the caller should stop reading. */
bool gtp_quit_requested(const Gtp *gtp);

/* The command names in table order, for completion: the index-th name, or
 * NULL past the last one. */
const char *gtp_command_name(size_t index);

#endif
