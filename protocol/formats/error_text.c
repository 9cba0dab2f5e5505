/* The one formatter behind the parsers' error messages. */
#include "formats/error_text.h"

#include <stdarg.h>
#include <stdio.h>

bool error_text(char *err, size_t err_size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err_size > 0)
        vsnprintf(err, err_size, fmt, ap);
    va_end(ap);
    return false;
}
