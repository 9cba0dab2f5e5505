/* Reading a whole file: a buffer that doubles as the file turns out longer,
 * up to the limit and one byte beyond it (which tells a file at the limit
 * from a longer one). */
#include "formats/file_bytes.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FILE_BYTES_FIRST = 1 << 16 };

bool file_bytes_read(const char *path, size_t max_bytes, uint8_t **bytes, size_t *size, char *err,
                     size_t err_size)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    uint8_t *buffer = NULL;
    size_t have = 0, capacity = 0;
    bool ok = true;
    for (;;) {
        if (have == capacity) {
            size_t grown = capacity ? 2 * capacity : FILE_BYTES_FIRST;
            if (grown > max_bytes + 1)
                grown = max_bytes + 1;
            uint8_t *larger = grown > capacity ? realloc(buffer, grown) : NULL;
            if (!larger) {
                snprintf(err, err_size, "cannot load %s: out of memory", path);
                ok = false;
                break;
            }
            buffer = larger;
            capacity = grown;
        }
        size_t got = fread(buffer + have, 1, capacity - have, in);
        have += got;
        if (have > max_bytes) {
            if (max_bytes >= 1 << 20)
                snprintf(err, err_size, "cannot load %s: larger than %zu MiB", path, max_bytes >> 20);
            else
                snprintf(err, err_size, "cannot load %s: larger than %zu bytes", path, max_bytes);
            ok = false;
            break;
        }
        if (got == 0 || have < capacity) {
            if (ferror(in)) {
                snprintf(err, err_size, "cannot read %s", path);
                ok = false;
            }
            if (feof(in) || !ok)
                break;
        }
    }
    fclose(in);
    if (!ok) {
        free(buffer);
        return false;
    }
    *bytes = buffer;
    *size = have;
    return true;
}
