/* rin verify FILE...: replays each proof file with the rules and prints
 * its claims, proven, with the tree's size; a proof that does not hold is
 * refused with the line, the node's position and the reason. */
#include "cli/verify_command.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/args.h"
#include "formats/proof_file.h"
#include "base/clock.h"

static const ArgsCommand verify_args = {
    "verify", "Usage: rin verify FILE...\n",
    "Checks proof files (formats rin-proof 1 and 2, as `rin solve --proof` writes\n"
    "them; \"-\" reads stdin) with the rules alone: every stone of the prover is\n"
    "legal and leads to the position its child holds, every legal stone of the\n"
    "defender is answered, and every leaf (at most 16 empty points; 6 in format 1)\n"
    "reaches the claimed margin under this checker's own search of every\n"
    "continuation. Prints what each file proves; a proof that does not hold is\n"
    "refused with the line, the node's position and the reason. A long check\n"
    "writes a progress line to stderr every 5 seconds.\n",
    NULL, 0,
    "Exit status: 0 every file holds, 1 a file is refused or unreadable, 2 bad\n"
    "arguments.\n"};

const ArgsCommand *verify_command_args(void) { return &verify_args; }

static const char *color_name(Color c) { return c == COLOR_BLACK ? "black" : "white"; }

/* What the claims say together of one root: the margin for Black at least
 * `low`, at most `high`. */
static void print_value(const ProofSummary *s)
{
    int claims = s->claims < 8 ? s->claims : 8;
    for (int i = 0; i < claims; i++) {
        int low = -BB_POINTS - 1, high = BB_POINTS + 1;
        for (int j = 0; j < claims; j++) {
            if (strcmp(s->root[i], s->root[j]) != 0)
                continue;
            if (s->claim[j].prover == COLOR_BLACK && s->claim[j].margin > low)
                low = s->claim[j].margin;
            if (s->claim[j].prover == COLOR_WHITE && -s->claim[j].margin < high)
                high = -s->claim[j].margin;
        }
        bool first = true; /* print each root once */
        for (int j = 0; j < i; j++)
            first = first && strcmp(s->root[i], s->root[j]) != 0;
        if (!first)
            continue;
        if (low == high)
            printf("  value: %s, Black's margin exactly %+d\n",
                   low > 0 ? "Black wins" : low < 0 ? "White wins" : "a draw", low);
        else if (low > 0)
            printf("  value: Black wins (margin %+d or more)\n", low);
        else if (high < 0)
            printf("  value: White wins (Black's margin %+d or less)\n", high);
        else if (low == 0)
            printf("  value: Black at least draws\n");
        else if (high == 0)
            printf("  value: White at least draws\n");
    }
}

/* Progress lines on stderr, one every 5 seconds of a long check. */
typedef struct Progress {
    const char *name;
    int64_t start_ms, next_ms;
} Progress;

static void print_progress(void *context, int claim, uint64_t checked, uint64_t read, const ProofSummary *so_far)
{
    Progress *p = context;
    int64_t now = clock_now_ms();
    if (now < p->next_ms)
        return;
    p->next_ms = now + 5000;
    double seconds = (double)(now - p->start_ms) / 1000.0;
    if (checked)
        fprintf(stderr,
                "verify: %s: %.0f s, claim %d: %" PRIu64 " of %" PRIu64 " nodes checked; in all %" PRIu64
                " leaves, %" PRIu64 " positions searched below them\n",
                p->name, seconds, claim, checked, read, so_far->leaves, so_far->leaf_nodes);
    else
        fprintf(stderr, "verify: %s: %.0f s, claim %d: %" PRIu64 " nodes read\n", p->name, seconds, claim, read);
}

static bool verify_file(FILE *in, const char *name)
{
    ProofSummary summary;
    char err[PROOF_ERROR_MAX];
    clock_t start = clock();
    int64_t now = clock_now_ms();
    Progress progress = {name, now, now + 5000};
    bool ok = proof_check_progress(in, &summary, print_progress, &progress, err, sizeof err);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (!ok) {
        fflush(stdout);
        fprintf(stderr, "rin: verify: %s: refused: %s\n", name, err);
        return false;
    }
    printf("%s: verified %d claim%s\n", name, summary.claims, summary.claims == 1 ? "" : "s");
    for (int i = 0; i < summary.claims && i < 8; i++)
        printf("  claim %d: %s gets %+d or more from %s\n", i + 1, color_name(summary.claim[i].prover),
               summary.claim[i].margin, summary.root[i]);
    print_value(&summary);
    printf("  nodes %" PRIu64 ", leaves %" PRIu64 " (at most %d empty points, %" PRIu64
           " positions searched below them), stones %" PRIu64 ", %.2f s\n",
           summary.nodes, summary.leaves, summary.deepest_leaf_empties, summary.leaf_nodes, summary.edges, seconds);
    return true;
}

int verify_command(int argc, char **argv)
{
    char **paths = argv; /* args_parse gathers the files at the front */
    int files;
    ArgsResult parsed = args_parse(&verify_args, argc, argv, NULL, paths, &files);
    if (parsed == ARGS_OK && files == 0) {
        args_usage_error(&verify_args, "no file given");
        parsed = ARGS_ERROR;
    }
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    int status = 0;
    for (int i = 0; i < files; i++) {
        bool from_stdin = strcmp(paths[i], "-") == 0;
        const char *name = from_stdin ? "<stdin>" : paths[i];
        FILE *in = from_stdin ? stdin : fopen(paths[i], "r");
        if (!in) {
            status = args_fail("verify", "cannot open %s: %s", paths[i], strerror(errno));
            continue;
        }
        if (!verify_file(in, name))
            status = 1;
        if (!from_stdin)
            fclose(in);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        status = args_fail("verify", "cannot write the output: %s", strerror(errno));
    return status;
}
