/* Every file rin writes is written this way: under a temporary name
 * (FILE.partial), flushed to the disk, then renamed over FILE, so that a
 * failed or interrupted write leaves no half file and the file it replaces
 * whole. */
#ifndef RIN_ATOMIC_FILE_H
#define RIN_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { ATOMIC_FILE_PATH_MAX = 4096 };

typedef struct AtomicFile {
    FILE *out;  /* the temporary file, to write to */
    char path[ATOMIC_FILE_PATH_MAX], temporary[ATOMIC_FILE_PATH_MAX + 16];
} AtomicFile;

/* Opens path's temporary file for writing. False with a message in err. */
bool atomic_file_open(AtomicFile *file, const char *path, char *err, size_t err_size);

/* When ok (the caller's writes went well) and the file was written whole:
 * flushes it to the disk and renames it over path. Otherwise, or when that
 * fails, removes the temporary file. False with a message in err (left
 * as it was when ok was false: the caller says why). *bytes (may be NULL) receives
 * the file's size. */
bool atomic_file_commit(AtomicFile *file, bool ok, long *bytes, char *err, size_t err_size);

/* The whole file at once. */
bool atomic_file_write(const char *path, const void *bytes, size_t size, char *err, size_t err_size);

#endif
