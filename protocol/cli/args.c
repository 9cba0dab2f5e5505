/* The subcommands' option tables (args.h). */
#include "cli/args.h"

#include <stdarg.h>
#include <string.h>

#include "formats/number.h"

static const ArgsOption *find(const ArgsCommand *c, const char *name)
{
    for (size_t i = 0; i < c->option_count; i++)
        if (strcmp(c->options[i].name, name) == 0)
            return &c->options[i];
    return NULL;
}

/* Sets one option from its value; false with the message in err. */
static bool set(const ArgsOption *o, void *options, const char *value, char *err, size_t err_size)
{
    char *field = (char *)options + o->offset;
    uint64_t u;
    int64_t i;
    double d;
    switch (o->kind) {
    case ARGS_ON:
    case ARGS_OFF:
        *(bool *)field = o->kind == ARGS_ON;
        return true;
    case ARGS_ONE:
        *(int *)field = 1;
        return true;
    case ARGS_UINT:
        if (number_parse_uint(value, (uint64_t)o->min, o->max >= ARGS_UINT64_MAX ? UINT64_MAX : (uint64_t)o->max, &u) !=
            NUMBER_OK)
            break;
        *(uint64_t *)field = u;
        return true;
    case ARGS_INT:
        if (number_parse_int(value, (int64_t)o->min, (int64_t)o->max, &i) != NUMBER_OK)
            break;
        *(int *)field = (int)i;
        return true;
    case ARGS_INT64:
        if (number_parse_int(value, (int64_t)o->min, (int64_t)o->max, &i) != NUMBER_OK)
            break;
        *(int64_t *)field = i;
        return true;
    case ARGS_REAL:
        if (number_parse_real(value, o->min, o->max, &d) != NUMBER_OK)
            break;
        *(double *)field = d;
        return true;
    case ARGS_TEXT:
        if (!value || !*value)
            break;
        *(const char **)field = value;
        return true;
    case ARGS_CALL:
        err[0] = '\0';
        if (o->call(field, value, err, err_size))
            return true;
        if (err[0])
            return false;
        break;
    }
    snprintf(err, err_size, "%s", o->error);
    return false;
}

ArgsResult args_read(const ArgsCommand *c, int argc, char **argv, void *options, char **operands, int *operand_count,
                     char *err, size_t err_size)
{
    if (operand_count)
        *operand_count = 0;
    for (int k = 0; k < argc; k++) {
        const char *arg = argv[k];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
            return ARGS_HELP;
        const ArgsOption *o = find(c, arg);
        if (!o) {
            if ((arg[0] == '-' && arg[1] != '\0') || !operands) {
                snprintf(err, err_size, "unexpected argument '%.60s'", arg);
                return ARGS_ERROR;
            }
            operands[(*operand_count)++] = argv[k];
            continue;
        }
        const char *value = NULL;
        if (o->value)
            value = k + 1 < argc ? argv[++k] : NULL;
        if (!set(o, options, value, err, err_size))
            return ARGS_ERROR;
    }
    return ARGS_OK;
}

ArgsResult args_parse(const ArgsCommand *c, int argc, char **argv, void *options, char **operands,
                      int *operand_count)
{
    char err[ARGS_ERROR_MAX];
    ArgsResult result = args_read(c, argc, argv, options, operands, operand_count, err, sizeof err);
    if (result == ARGS_HELP)
        args_usage(c, stdout);
    else if (result == ARGS_ERROR)
        args_usage_error(c, "%s", err);
    return result;
}

void args_usage(const ArgsCommand *c, FILE *out)
{
    fputs(c->synopsis, out);
    if (c->about)
        fprintf(out, "\n%s", c->about);
    fputs("\n", out);
    for (size_t i = 0; i < c->option_count; i++) {
        const ArgsOption *o = &c->options[i];
        int width = fprintf(out, "  %s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        const char *help = o->help;
        bool first = true;
        while (*help) {
            size_t n = strcspn(help, "\n");
            if (!first || width >= ARGS_HELP_COLUMN) {
                fputc('\n', out);
                width = 0;
            }
            fprintf(out, "%*s%.*s", ARGS_HELP_COLUMN - width, "", (int)n, help);
            width = ARGS_HELP_COLUMN;
            first = false;
            help += n + (help[n] == '\n');
        }
        fputc('\n', out);
    }
    if (c->after)
        fprintf(out, "\n%s", c->after);
    fprintf(out, "\n  -h, --help%*sshow this help and exit\n", ARGS_HELP_COLUMN - 12, "");
}

int args_usage_error(const ArgsCommand *c, const char *format, ...)
{
    fprintf(stderr, "rin: %s: ", c->name);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n(rin %s --help shows the options)\n", c->name);
    return 2;
}

int args_fail(const char *command, const char *format, ...)
{
    fprintf(stderr, "rin: %s: ", command);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    return 1;
}
