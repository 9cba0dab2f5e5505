/* The subcommands' arguments: one table per command of its options (name,
 * value, what it sets, the message for a bad value, the help text), from
 * which the arguments are parsed and the usage text is written, as
 * gtp/options.c is for the engine's options. One usage-error style for
 * every command: "rin: COMMAND: message" and a pointer to --help, status 2. */
#ifndef RIN_ARGS_H
#define RIN_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What an option sets, at `offset` in the command's options struct:
 * ARGS_ON and ARGS_OFF a bool to true or false, ARGS_ONE an int to 1,
 * ARGS_UINT a uint64_t, ARGS_INT an int, ARGS_INT64 an int64_t, ARGS_REAL a
 * double, each within
 * [min, max], ARGS_TEXT a const char * (the argument itself); ARGS_CALL
 * calls `call` with the field's address and the value (NULL for a
 * switch). */
typedef enum ArgsKind { ARGS_ON, ARGS_OFF, ARGS_ONE, ARGS_UINT, ARGS_INT, ARGS_INT64, ARGS_REAL, ARGS_TEXT, ARGS_CALL } ArgsKind;

typedef struct ArgsOption {
    const char *name;    /* "--nodes" */
    const char *value;   /* "N" in the usage text; NULL: a switch */
    ArgsKind kind;
    size_t offset;
    double min, max;
    /* ARGS_CALL: false refuses the value (with `error`, or the message it
     * wrote into err when it wrote one) */
    bool (*call)(void *field, const char *value, char *err, size_t err_size);
    const char *error;   /* "--nodes needs a number above 0" */
    const char *help;    /* its lines in the usage text, '\n' between them */
} ArgsOption;

typedef struct ArgsCommand {
    const char *name;        /* "solve" */
    const char *synopsis;    /* the usage text's first lines, from "Usage:" */
    const char *about;       /* what the command does, before the options (may be NULL) */
    const ArgsOption *options;
    size_t option_count;
    const char *after;       /* text after the options (may be NULL) */
} ArgsCommand;

enum { ARGS_HELP_COLUMN = 22, ARGS_ERROR_MAX = 512 };

/* An ARGS_UINT option's max for "up to UINT64_MAX" (a double cannot hold it). */
#define ARGS_UINT64_MAX 1.9e19

typedef enum ArgsResult {
    ARGS_OK,    /* parsed */
    ARGS_HELP,  /* -h or --help: the usage text is on stdout (exit 0) */
    ARGS_ERROR  /* a usage error, said on stderr (exit 2) */
} ArgsResult;

/* Reads argv by the command's table into `options`; the arguments that
 * are not options (operands) go to operands[] (*operand_count of them;
 * operands NULL: none are accepted). An argument "-" is an operand.
 * ARGS_ERROR with the message in err; nothing printed. */
ArgsResult args_read(const ArgsCommand *command, int argc, char **argv, void *options, char **operands,
                     int *operand_count, char *err, size_t err_size);

/* args_read, with the usage text printed for ARGS_HELP and the usage
 * error for ARGS_ERROR. */
ArgsResult args_parse(const ArgsCommand *command, int argc, char **argv, void *options, char **operands,
                      int *operand_count);

/* The usage text. */
void args_usage(const ArgsCommand *command, FILE *out);

/* The one usage error: "rin: COMMAND: message" on stderr, then where the
 * options are told; returns 2, the exit status of a usage error. */
int args_usage_error(const ArgsCommand *command, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* The one error prefix of the commands' other failures: "rin: COMMAND: "
 * then the message, on stderr; returns 1. */
int args_fail(const char *command, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
