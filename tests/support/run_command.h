/* Running the rin binary from a test with its output captured in files of
 * a scratch directory, and reading files whole. */
#ifndef RIN_TEST_RUN_COMMAND_H
#define RIN_TEST_RUN_COMMAND_H

#include <stddef.h>

typedef struct SupportOutput {
    int status; /* the exit status, -1 when it did not exit */
    char *out;  /* stdout, NUL-terminated */
    size_t size;
    char *err;  /* stderr, NUL-terminated */
} SupportOutput;

/* A whole file, NUL-terminated (its size in *size when size is not NULL);
 * NULL when it cannot be read. */
char *support_slurp(const char *path, size_t *size);

/* Runs `sh -c "BINARY ARGS >DIR/stdout 2>DIR/stderr"` and reads both. */
SupportOutput support_run(const char *binary, const char *dir, const char *args);

/* support_run with ARGS formatted printf-style. */
SupportOutput support_runf(const char *binary, const char *dir, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

void support_output_free(SupportOutput *o);

/* Removes a scratch directory and everything in it (rm -rf); 0 when done. */
int support_remove_dir(const char *dir);

#endif
