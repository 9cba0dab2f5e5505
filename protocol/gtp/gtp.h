/* The GTP engine: the game behind the protocol, the framing of command lines
 * and responses (GTP 2 and protocol/PROTOCOL.md), and the dispatch to the command
 * table. Everything lives in one Gtp context; there is no global state. */
#ifndef RIN_GTP_H
#define RIN_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtp/options.h"

/* Longest command line in bytes (without its newline). A longer line is
 * answered with one error and skipped to its newline. */
enum { GTP_LINE_MAX = 64 * 1024 };

typedef struct Gtp Gtp;

/* A new engine on the empty board of options->size with the given options (options.h);
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
 * in "\n\n", valid until the next call; only a streamed rin-analyze
 * answers "=[id]\n", and gtp_start_background writes the rest. A
 * background search is stopped first. */
bool gtp_execute(Gtp *gtp, const char *line, size_t length, const char **response);

/* Starts what the last response left to do in the background: the lines of
 * a streamed rin-analyze (written to `out`, flushed, then an empty line
 * that ends the response) or pondering. Call it after writing the
 * response. */
void gtp_start_background(Gtp *gtp, FILE *out);

/* Stops the background search at once because a command is coming (a
 * stream is ended with its empty line first). Nothing without one. */
void gtp_stop_background(Gtp *gtp);

/* Whether a streamed analysis is running and has not yet ended by its
 * limits. */
bool gtp_streaming(Gtp *gtp);

/* With `on`, a streamed rin-analyze writes a batch only when it differs
 * from the last one it wrote, instead of every interval: for a person at a
 * terminal, whose screen the same lines would fill while an iteration
 * runs. A GUI keeps the fixed cadence (the default). */
void gtp_stream_changes_only(Gtp *gtp, bool on);

/* Whether `quit` has been answered: the caller should stop reading. */
bool gtp_quit_requested(const Gtp *gtp);

/* The command names in table order, for completion: the index-th name, or
 * NULL past the last one. */
const char *gtp_command_name(size_t index);

#endif
