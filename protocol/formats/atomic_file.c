/* Writing through a temporary file (atomic_file.h). */
#include "formats/atomic_file.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "formats/error_text.h"

bool atomic_file_open(AtomicFile *f, const char *path, char *err, size_t err_size)
{
    f->out = NULL;
    if ((size_t)snprintf(f->path, sizeof f->path, "%s", path) >= sizeof f->path)
        return error_text(err, err_size, "the file name %s is too long", path);
    snprintf(f->temporary, sizeof f->temporary, "%s.partial", path);
    f->out = fopen(f->temporary, "wb");
    if (!f->out)
        return error_text(err, err_size, "cannot write %s: %s", f->temporary, strerror(errno));
    return true;
}

bool atomic_file_commit(AtomicFile *f, bool ok, long *bytes, char *err, size_t err_size)
{
    if (ok && (fflush(f->out) != 0 || ferror(f->out)))
        ok = error_text(err, err_size, "cannot write %s: %s", f->temporary, strerror(errno));
    long size = ok ? ftell(f->out) : 0;
    if (ok && fsync(fileno(f->out)) != 0)
        ok = error_text(err, err_size, "cannot write %s to the disk: %s", f->temporary, strerror(errno));
    if (fclose(f->out) != 0 && ok)
        ok = error_text(err, err_size, "cannot write %s: %s", f->temporary, strerror(errno));
    f->out = NULL;
    if (ok && rename(f->temporary, f->path) != 0)
        ok = error_text(err, err_size, "cannot rename %s to %s: %s", f->temporary, f->path, strerror(errno));
    if (!ok) {
        remove(f->temporary);
        return false;
    }
    if (bytes)
        *bytes = size;
    return true;
}

bool atomic_file_write(const char *path, const void *bytes, size_t size, char *err, size_t err_size)
{
    AtomicFile f;
    if (!atomic_file_open(&f, path, err, err_size))
        return false;
    bool ok = fwrite(bytes, 1, size, f.out) == size;
    int error = errno;
    if (atomic_file_commit(&f, ok, NULL, err, err_size))
        return true;
    if (!ok)
        error_text(err, err_size, "cannot write %s: %s", f.temporary, strerror(error));
    return false;
}
