/* libFuzzer target: the position-string parser. Any text either parses to a
 * position that formats back to a string parsing to the same position, or
 * is refused with a message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/posstr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    Position pos, again;
    char err[128], formatted[POSSTR_MAX];
    if (posstr_parse(text, &pos, err, sizeof err)) {
        posstr_format(&pos, formatted);
        if (!posstr_parse(formatted, &again, err, sizeof err) || !pos_same(&pos, &again) ||
            again.ply != pos.ply)
            abort(); /* the writer's output must read back as the same position */
    } else if (err[0] == '\0') {
        abort(); /* every refusal says why */
    }
    free(text);
    return 0;
}
