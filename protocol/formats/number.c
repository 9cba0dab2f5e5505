/* Checked decimal numbers: the one place where rin turns text into numbers. */
#include "formats/number.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The digits text[0..length) as a value; NUMBER_RANGE past UINT64_MAX. */
static NumberStatus digits_value(const char *text, size_t length, uint64_t *value)
{
    if (length == 0)
        return NUMBER_SYNTAX;
    for (size_t i = 0; i < length; i++)
        if (!is_digit(text[i]))
            return NUMBER_SYNTAX;
    uint64_t v = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned digit = (unsigned)(text[i] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return NUMBER_RANGE;
        v = v * 10 + digit;
    }
    *value = v;
    return NUMBER_OK;
}

NumberStatus number_parse_uint_span(const char *text, size_t length, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!text)
        return NUMBER_SYNTAX;
    uint64_t v;
    NumberStatus status = digits_value(text, length, &v);
    if (status != NUMBER_OK)
        return status;
    if (v < min || v > max)
        return NUMBER_RANGE;
    *out = v;
    return NUMBER_OK;
}

NumberStatus number_parse_uint(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    return number_parse_uint_span(text, text ? strlen(text) : 0, min, max, out);
}

NumberStatus number_parse_int(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!text)
        return NUMBER_SYNTAX;
    bool negative = *text == '-';
    const char *digits = text + negative;
    uint64_t magnitude;
    NumberStatus status = digits_value(digits, strlen(digits), &magnitude);
    if (status != NUMBER_OK)
        return status;
    /* INT64_MIN's magnitude is one more than INT64_MAX's */
    if (magnitude > (uint64_t)INT64_MAX + negative)
        return NUMBER_RANGE;
    int64_t v = !negative ? (int64_t)magnitude : magnitude == 0 ? 0 : -(int64_t)(magnitude - 1) - 1;
    if (v < min || v > max)
        return NUMBER_RANGE;
    *out = v;
    return NUMBER_OK;
}

/* Whether s is a decimal real as number_parse_real reads it. */
static bool is_decimal_text(const char *s)
{
    if (*s == '+' || *s == '-')
        s++;
    int digits = 0;
    while (is_digit(*s))
        s++, digits++;
    if (*s == '.') {
        s++;
        while (is_digit(*s))
            s++, digits++;
    }
    if (digits == 0)
        return false;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!is_digit(*s))
            return false;
        while (is_digit(*s))
            s++;
    }
    return *s == '\0';
}

NumberStatus number_parse_real(const char *text, double min, double max, double *out)
{
    if (!text)
        return NUMBER_SYNTAX;
    const char *word = text + (*text == '+' || *text == '-');
    if (strcasecmp(word, "nan") == 0 || strcasecmp(word, "inf") == 0 || strcasecmp(word, "infinity") == 0)
        return NUMBER_NOT_FINITE;
    if (!is_decimal_text(text))
        return NUMBER_SYNTAX;
    errno = 0;
    double value = strtod(text, NULL);
    if (errno == ERANGE && fabs(value) < 1.0)
        return NUMBER_TINY;
    if (errno == ERANGE || !isfinite(value) || value < min || value > max)
        return NUMBER_RANGE;
    *out = value;
    return NUMBER_OK;
}

void number_format_real(double value, char *out, size_t out_size)
{
    if (!out || out_size == 0)
        return;
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(out, out_size, "%.*g", precision, value);
        if (strtod(out, NULL) == value)
            return;
    }
}
