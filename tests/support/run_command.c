/* Running the rin binary from a test and reading what it wrote. */
#include "run_command.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

char *support_slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t capacity = 1 << 16, used = 0;
    char *bytes = malloc(capacity + 1);
    size_t n;
    while (bytes && (n = fread(bytes + used, 1, capacity - used, f)) > 0) {
        used += n;
        if (used == capacity) {
            capacity *= 2;
            char *grown = realloc(bytes, capacity + 1);
            if (!grown)
                free(bytes);
            bytes = grown;
        }
    }
    fclose(f);
    if (!bytes)
        return NULL;
    bytes[used] = '\0';
    if (size)
        *size = used;
    return bytes;
}

SupportOutput support_run(const char *binary, const char *dir, const char *args)
{
    char command[4096], out_path[512], err_path[512];
    snprintf(out_path, sizeof out_path, "%s/stdout", dir);
    snprintf(err_path, sizeof err_path, "%s/stderr", dir);
    snprintf(command, sizeof command, "%s %s >%s 2>%s", binary, args, out_path, err_path);
    int status = system(command);
    SupportOutput o = {.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1};
    o.out = support_slurp(out_path, &o.size);
    o.err = support_slurp(err_path, NULL);
    return o;
}

void support_output_free(SupportOutput *o)
{
    free(o->out);
    free(o->err);
}

SupportOutput support_runf(const char *binary, const char *dir, const char *format, ...)
{
    char args[2048];
    va_list list;
    va_start(list, format);
    vsnprintf(args, sizeof args, format, list);
    va_end(list);
    return support_run(binary, dir, args);
}

int support_remove_dir(const char *dir)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    return system(command);
}
