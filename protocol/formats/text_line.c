/* Lines of text files (text_line.h). */
#include "formats/text_line.h"

#include <sys/types.h>

bool text_line_read(FILE *in, char **line, size_t *capacity)
{
    ssize_t n = getline(line, capacity, in);
    if (n < 0)
        return false;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    return true;
}
