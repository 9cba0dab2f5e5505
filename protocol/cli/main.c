/* The rin command: a GTP engine by default, plus benchmark, analysis and
 * data subcommands (playouts, perft, bench, suite, selfplay, games, train,
 * train-patterns, judge, solve, verify), and a game for people (play). */
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/bench_command.h"
#include "cli/games_command.h"
#include "cli/judge_command.h"
#include "cli/pattern_train_command.h"
#include "cli/play.h"
#include "cli/selfplay.h"
#include "cli/solve_command.h"
#include "cli/terminal.h"
#include "cli/train_command.h"
#include "cli/verify_command.h"
#include "formats/eval_file.h"
#include "formats/pattern_file.h"
#include "gtp/gtp.h"
#include "gtp/options.h"
#include "version.h"

/* The subcommands, by name, with their tables (their synopses) and what
 * each does, for the usage text. */
static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const ArgsCommand *(*args)(void);
    const char *summary;
} subcommands[] = {
    {"playouts", playouts_command, playouts_command_args, "random games per second"},
    {"perft", perft_command, perft_command_args, "count stone sequences of DEPTH plies"},
    {"bench", bench_command, bench_command_args, "the search's node-count signature and speed"},
    {"train", train_command_run, train_command_args, "fit the evaluation's weights to selfplay data"},
    {"train-patterns", pattern_train_command_run, pattern_train_command_args,
     "fit the pattern model to selfplay data"},
    {"selfplay", selfplay_command, selfplay_command_args, "self-play games as training data"},
    {"games", games_command, games_command_args, "summarise binary self-play files, or print them as text"},
    {"judge", judge_command, judge_command_args, "score an evaluation on held-out positions"},
    {"verify", verify_command, verify_command_args, "check proof files with the rules alone"},
    {"suite", suite_command, suite_command_args, "how many positions of a tactical suite a search solves"},
    {"solve", solve_command, solve_command_args, "the exact value of a small board under perfect play"},
    {"play", play_command, play_command_args, "play against the engine on the terminal"},
};

static const char usage_tail[] =
    "  -h, --help        show this help and exit\n"
    "  -V, --version     show the version and exit\n"
    "\n"
    "Without a clock from the controller (time_settings) the engine thinks\n"
    "stonetime ms per stone. movetime, depth and nodes are fixed limits.\n"
    "On a terminal (the rin> prompt) verbose is 0 unless --verbose 1 is given.\n";

static void print_usage(FILE *out)
{
    fputs("Usage: rin [OPTIONS]            GTP engine on stdin/stdout (a prompt on a terminal)\n", out);
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
        const char *synopsis = subcommands[i].args()->synopsis + strlen("Usage: ");
        fprintf(out, "       %.*s\n%32s%s (rin %s --help)\n", (int)strcspn(synopsis, "\n"), synopsis, "",
                subcommands[i].summary, subcommands[i].name);
    }
    fputs("\nOptions (also set over GTP with rin-option NAME VALUE):\n", out);
    EngineOptions defaults;
    options_defaults(&defaults);
    for (size_t i = 0; options_spec(i); i++) {
        const OptionSpec *spec = options_spec(i);
        char value[OPTIONS_VALUE_MAX], flag[48];
        options_format(&defaults, spec, value);
        snprintf(flag, sizeof flag, "--%s %s", spec->name, spec->kind == OPTION_PLAYER ? "NAME" : spec->kind == OPTION_PATH ? "FILE" : "N");
        fprintf(out, "  %-17s %s (default %s)\n", flag, spec->help, value);
    }
    fputs(usage_tail, out);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rin: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n\n");
    print_usage(stderr);
    return 2;
}

/* An --eval-file given while a pattern model evaluates: a warning saying
 * what the weights still do. */
static void warn_eval_file(const char *who, bool given, const char *eval_file, const char *pattern_file)
{
    const char *note = pattern_file_eval_note(eval_file, pattern_file);
    if (given && note)
        fprintf(stderr, "%s: warning: --eval-file: %s\n", who, note);
}


int main(int argc, char **argv)
{
    for (size_t i = 0; argc >= 2 && i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 2, argv + 2);

    EngineOptions options;
    options_defaults(&options);
    bool terminal = isatty(STDIN_FILENO);
    if (terminal)
        options.verbose = 0; /* a person at a terminal sees info lines only when asking with --verbose 1 */
    bool eval_file_given = false;
    for (int i = 1; i < argc; i += 2) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            print_usage(stdout);
            return 0;
        }
        if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
            printf("%s %s\n", RIN_NAME, RIN_VERSION);
            return 0;
        }
        if (strncmp(arg, "--", 2) != 0 || !options_find(arg + 2))
            return usage_error("unknown option '%s'", arg);
        if (i + 1 >= argc)
            return usage_error("%s needs a value", arg);
        char err[OPTIONS_PATH_MAX + 160];
        if (!options_set(&options, arg + 2, argv[i + 1], err, sizeof err))
            return usage_error("%s", err);
        eval_file_given |= strcmp(arg, "--eval-file") == 0;
    }
    warn_eval_file("rin", eval_file_given, options.eval_file, options.pattern_file);

    EvalModel *model = NULL;
    char err[OPTIONS_PATH_MAX + 160];
    if (!eval_file_resolve(options.eval_file, &model, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        return 2;
    }
    eval_model_destroy(model);
    NtupleModel *patterns = NULL;
    if (!pattern_file_resolve(options.pattern_file, &patterns, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        return 2;
    }
    ntuple_model_destroy(patterns);
    Gtp *gtp = gtp_create(&options);
    if (!gtp) {
        fprintf(stderr, "rin: out of memory (try a smaller --hash)\n");
        return 1;
    }
    int status = terminal ? terminal_run(gtp) : gtp_run(gtp, stdin, stdout);
    gtp_destroy(gtp);
    return status;
}
