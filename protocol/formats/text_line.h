/* Reading text files line by line, whatever their length. */
#ifndef RIN_TEXT_LINE_H
#define RIN_TEXT_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The next line into *line (grown as needed, *capacity its size; free it
 * when done), without its newline or carriage return; false at the end of
 * the file. */
bool text_line_read(FILE *in, char **line, size_t *capacity);

#endif
