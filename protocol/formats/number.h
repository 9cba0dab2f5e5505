/* Numbers in text, checked: the whole text is the number (no spaces, no
 * trailing characters), in decimal only, and within a range given by the
 * caller. Every parser of numbers in rin reads through these; reals are
 * written back here too, in as few digits as read back the same. */
#ifndef RIN_NUMBER_H
#define RIN_NUMBER_H

#include <stddef.h>
#include <stdint.h>

typedef enum NumberStatus {
    NUMBER_OK,
    NUMBER_SYNTAX,     /* not a number of the kind asked for (NULL and "" included) */
    NUMBER_RANGE,      /* a number, outside [min, max] or beyond what the type holds */
    NUMBER_NOT_FINITE, /* inf, infinity or nan, with or without a sign (reals only) */
    NUMBER_TINY        /* a real too close to zero to represent (reals only) */
} NumberStatus;

/* On any status but NUMBER_OK, *out is left as it was. */

/* Digits with an optional '-' in front. */
NumberStatus number_parse_int(const char *text, int64_t min, int64_t max, int64_t *out);

/* Digits only. */
NumberStatus number_parse_uint(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* The same for text[0..length), a number inside a longer text. */
NumberStatus number_parse_uint_span(const char *text, size_t length, uint64_t min, uint64_t max, uint64_t *out);

/* A decimal real: an optional sign, digits with an optional point (a digit
 * on at least one side), an optional exponent. Not hexadecimal, inf or nan,
 * which strtod takes. */
NumberStatus number_parse_real(const char *text, double min, double max, double *out);

/* The shortest text ("%.*g") that number_parse_real reads back as the same
 * finite value: 17 significant digits at the most, so out_size 32 is room
 * enough. */
void number_format_real(double value, char *out, size_t out_size);

#endif
