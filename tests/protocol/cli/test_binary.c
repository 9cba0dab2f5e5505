/* The real rin binary behind pipes, as a controller runs it: stdout holds
 * the responses and nothing else (no prompt, no banner), and the exit status
 * is 0 after quit and at the end of input. */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/clock.h"
#include "search/bench.h"
#include "version.h"

typedef struct Run {
    char out[65536], err[65536];
    size_t out_length, err_length;
    int status; /* exit status, or -1 when the process did not exit normally */
} Run;

static void drain(int fd, char *buf, size_t *length, size_t capacity, bool *open)
{
    ssize_t n = read(fd, buf + *length, capacity - 1 - *length);
    if (n > 0) {
        *length += (size_t)n;
        buf[*length] = '\0';
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        *open = false;
    }
}

/* The binary started behind three pipes; its stdin is still open. */
typedef struct Child {
    pid_t pid;
    int in, out, err; /* our ends */
} Child;

/* Starts the binary with `args` (NULL-terminated, without argv[0]) in at
 * most `memory_mib` MiB of address space (0: no limit). */
static Child start(const char *const *args, size_t memory_mib)
{
    int in[2], out[2], err[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    assert_int_equal(pipe(err), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(err[0]), close(err[1]);
        if (memory_mib > 0) {
            struct rlimit limit = {(rlim_t)memory_mib << 20, (rlim_t)memory_mib << 20};
            if (setrlimit(RLIMIT_AS, &limit) != 0)
                _exit(126);
        }
        char *argv[16] = {(char *)RIN_BINARY};
        for (int i = 0; args[i] && i < 14; i++)
            argv[i + 1] = (char *)args[i];
        execv(RIN_BINARY, argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    return (Child){pid, in[1], out[0], err[0]};
}

/* Writes `input` to the child's stdin and closes it, reads all it shows
 * and waits for its end. More than `silence_s` seconds without output is a
 * hang. */
static void finish(Run *r, Child *c, const char *input, size_t input_length, int silence_s)
{
    /* The scripts are small: they fit in the pipe. An engine that refuses
     * its command line may have exited already: the write then fails with
     * EPIPE (SIGPIPE is ignored), and what it printed is checked all the
     * same. */
    if (input_length > 0) {
        ssize_t written = write(c->in, input, input_length);
        if (written < 0)
            assert_int_equal(errno, EPIPE);
        else
            assert_int_equal(written, (ssize_t)input_length);
    }
    close(c->in);
    memset(r, 0, sizeof *r);
    bool out_open = true, err_open = true;
    while (out_open || err_open) {
        struct pollfd fds[2] = {{out_open ? c->out : -1, POLLIN, 0}, {err_open ? c->err : -1, POLLIN, 0}};
        int ready = poll(fds, 2, silence_s * 1000);
        assert_true(ready > 0); /* so long without output: the engine hangs */
        if (fds[0].revents)
            drain(c->out, r->out, &r->out_length, sizeof r->out, &out_open);
        if (fds[1].revents)
            drain(c->err, r->err, &r->err_length, sizeof r->err, &err_open);
    }
    close(c->out);
    close(c->err);
    int status;
    assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
    r->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Runs the binary with `args` and `input` on stdin (see start and finish). */
static void run_limited(Run *r, const char *const *args, const char *input, size_t input_length, size_t memory_mib,
                        int silence_s)
{
    Child c = start(args, memory_mib);
    finish(r, &c, input, input_length, silence_s);
}

static void run(Run *r, const char *const *args, const char *input, size_t input_length)
{
    run_limited(r, args, input, input_length, 0, 10);
}

#define RUN_SCRIPT(r, script) run(r, (const char *const[]){NULL}, script, sizeof(script) - 1)

static void test_quit_exits_zero(void **state)
{
    (void)state;
    Run r;
    RUN_SCRIPT(&r, "1 name\nprotocol_version\n# comment\n\nplay b c15\nplay b d4\nquit\nname\n");
    assert_string_equal(r.out,
                        "=1 Rin\n\n= 2\n\n=\n\n? illegal move: it is white's turn (first of two stones)\n\n=\n\n");
    assert_int_equal(r.status, 0);
}

static void test_end_of_input_exits_zero(void **state)
{
    (void)state;
    Run r;
    RUN_SCRIPT(&r, "boardsize 4\nplay b a1\ngogui-rules_board\n");
    assert_string_equal(r.out, "=\n\n=\n\n= . . . .\n. . . .\n. . . .\nX . . .\n\n");
    assert_int_equal(r.status, 0);
    /* no newline at the end, and no input at all */
    RUN_SCRIPT(&r, "version");
    assert_string_equal(r.out, "= " RIN_VERSION "\n\n");
    assert_int_equal(r.status, 0);
    RUN_SCRIPT(&r, "");
    assert_string_equal(r.out, "");
    assert_int_equal(r.status, 0);
}

static void test_bad_bytes_through_a_pipe(void **state)
{
    (void)state;
    Run r;
    RUN_SCRIPT(&r, "na\0me\r\n\xff\r\n2 name\r\n");
    assert_string_equal(r.out, "? syntax error: NUL byte in the command line (byte 3)\n\n"
                               "? syntax error: invalid UTF-8 in the command line (byte 1, 0xFF)\n\n"
                               "=2 Rin\n\n");
    assert_int_equal(r.status, 0);
}

static void test_genmove_and_seed(void **state)
{
    (void)state;
    Run a, b;
    const char script[] = "boardsize 5\ngenmove b\ngenmove w\ngenmove w\nquit\n";
    run(&a, (const char *const[]){"--player", "random", "--seed", "5", NULL}, script, sizeof script - 1);
    run(&b, (const char *const[]){"--player", "random", "--seed", "5", NULL}, script, sizeof script - 1);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_int_equal(strncmp(a.out, "=\n\n= ", 5), 0);
    /* the search with a node limit is reproducible too, and logs on stderr only */
    Run c, d;
    run(&c, (const char *const[]){"--nodes", "3000", NULL}, script, sizeof script - 1);
    run(&d, (const char *const[]){"--nodes", "3000", NULL}, script, sizeof script - 1);
    assert_int_equal(c.status, 0);
    assert_string_equal(c.out, d.out);
    assert_int_equal(strncmp(c.out, "=\n\n= ", 5), 0);
    assert_null(strstr(c.out, "info"));
    assert_non_null(strstr(c.err, "info depth "));
    /* and so are the Monte Carlo players with a playout limit */
    static const char *const monte_carlo[] = {"mcts", "rave"};
    for (int i = 0; i < 2; i++) {
        Run e, f;
        run(&e, (const char *const[]){"--player", monte_carlo[i], "--nodes", "2000", "--seed", "5", NULL}, script,
            sizeof script - 1);
        run(&f, (const char *const[]){"--player", monte_carlo[i], "--nodes", "2000", "--seed", "5", NULL}, script,
            sizeof script - 1);
        assert_int_equal(e.status, 0);
        assert_string_equal(e.out, f.out);
        assert_int_equal(strncmp(e.out, "=\n\n= ", 5), 0);
    }
}

/* The clock is respected: with 1 s for the one stone of a byo-yomi period
 * the search answers well within it, where its own time per stone (10 s)
 * would not. Bounds are generous: the machine may be busy. */
static void test_time_left_respected(void **state)
{
    (void)state;
    Run r;
    const char script[] = "time_settings 0 1 1\ntime_left b 1 1\ngenmove b\n"
                          "time_left w 1 1\ngenmove w\ntime_left w 1 1\ngenmove w\nquit\n";
    double start = clock_now_seconds();
    run(&r, (const char *const[]){"--stonetime", "10000", "--verbose", "0", NULL}, script, sizeof script - 1);
    double elapsed = clock_now_seconds() - start;
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "=\n\n=\n\n= ", 8), 0);
    assert_true(elapsed < 6.0); /* three stones of at most 1 s each, plus start-up */
    /* the same stones without a clock take the time per stone */
    const char slow[] = "genmove b\nquit\n";
    start = clock_now_seconds();
    run(&r, (const char *const[]){"--stonetime", "1500", "--verbose", "0", NULL}, slow, sizeof slow - 1);
    elapsed = clock_now_seconds() - start;
    assert_true(elapsed > 0.5);
}

/* bench prints the node count and the speed as its last two lines. */
static void test_bench_output(void **state)
{
    (void)state;
    Run r;
    run(&r, (const char *const[]){"bench", "2", NULL}, "", 0);
    assert_int_equal(r.status, 0);
    const char *nodes = strstr(r.out, "Nodes searched: ");
    assert_non_null(nodes);
    const char *speed = strstr(nodes, "\nNodes/second: ");
    assert_non_null(speed);
    assert_non_null(strchr(speed + 1, '\n'));
    assert_null(strchr(strchr(speed + 1, '\n') + 1, '\n'));
    /* and the same count every time */
    Run again;
    run(&again, (const char *const[]){"bench", "2", NULL}, "", 0);
    assert_int_equal(strncmp(strstr(again.out, "Nodes searched: "), nodes, (size_t)(speed - nodes)), 0);
}

/* bench --threads: every position searched to the depth however the
 * threads share the work; bad thread counts and table sizes refused. */
static void test_bench_threads(void **state)
{
    (void)state;
    Run r;
    run(&r, (const char *const[]){"bench", "4", "--threads", "2", "--hash", "8", NULL}, "", 0);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Nodes searched: "));
    int positions = 0;
    for (const char *line = strstr(r.err, "position "); line; line = strstr(line + 1, "\nposition ")) {
        const char *end = strchr(line + 1, '\n');
        const char *depth = strstr(line, ": info depth ");
        if (!depth || (end && depth > end))
            fail_msg("a position without its search's line: %s", r.err);
        assert_int_equal(atoi(depth + strlen(": info depth ")), 4);
        positions++;
    }
    assert_int_equal(positions, bench_count());
    const char *const bad[][4] = {{"bench", "--threads", "0", NULL}, {"bench", "--threads", "257", NULL},
                                  {"bench", "--hash", "0", NULL}, {"bench", "--hash", NULL, NULL}};
    for (int i = 0; i < 4; i++) {
        Run b;
        run(&b, bad[i], "", 0);
        assert_int_equal(b.status, 2);
        assert_non_null(strstr(b.err, "bench: --"));
    }
}

/* bench at its default depth counts exactly the nodes committed with the
 * search (engine/search/bench.h): the search behaves as it did when it was
 * committed. */
static void test_bench_signature(void **state)
{
    (void)state;
    Run r;
    /* a position of depth 5 may take long under the sanitizers on a busy machine */
    run_limited(&r, (const char *const[]){"bench", NULL}, "", 0, 0, 300);
    assert_int_equal(r.status, 0);
    const char *nodes = strstr(r.out, "Nodes searched: ");
    assert_non_null(nodes);
    unsigned long long count = 0;
    assert_int_equal(sscanf(nodes, "Nodes searched: %llu", &count), 1);
    if (count != BENCH_SIGNATURE)
        fail_msg("rin bench searched %llu nodes, engine/search/bench.h says %llu: a change to the search must update "
                 "BENCH_SIGNATURE", count, (unsigned long long)BENCH_SIGNATURE);
}

/* suite reads a suite file, prints one line per position and the count. */
static void test_suite_output(void **state)
{
    (void)state;
    Run r;
    run(&r, (const char *const[]){"suite", RIN_TEST_DATA_DIR "/data/tactics.epd", "--nodes", "300", NULL}, "", 0);
    assert_int_equal(r.status, 0);
    const char *solved = strstr(r.out, "solved ");
    assert_non_null(solved);
    int k = -1, m = -1;
    const char *last = strstr(r.out, "\nsolved ");
    assert_non_null(last);
    assert_int_equal(sscanf(last + 1, "solved %d/%d", &k, &m), 2);
    assert_true(m >= 30 && k >= 0 && k <= m);
    run(&r, (const char *const[]){"suite", "/nonexistent/suite.epd", NULL}, "", 0);
    assert_non_null(strstr(r.err, "cannot open"));
    assert_int_equal(r.status, 1);
    /* either evaluation; a weights file that cannot be read is refused before any search */
    run(&r, (const char *const[]){"suite", RIN_TEST_DATA_DIR "/data/tactics.epd", "--nodes", "300", "--eval-file",
                                  "classic", NULL},
        "", 0);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\nsolved "));
    assert_non_null(strstr(r.err, "rin: suite: warning: --eval-file: the pattern model"));
    run(&r, (const char *const[]){"suite", RIN_TEST_DATA_DIR "/data/tactics.epd", "--eval-file", "/nonexistent/w",
                                  NULL},
        "", 0);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "rin: suite: cannot open /nonexistent/w"));
    assert_string_equal(r.out, "");
    run(&r, (const char *const[]){"suite", RIN_TEST_DATA_DIR "/data/tactics.epd", "--eval-file", NULL}, "", 0);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--eval-file needs"));
    run(&r, (const char *const[]){"suite", NULL}, "", 0);
    assert_non_null(strstr(r.err, "suite: FILE is required"));
    assert_int_equal(r.status, 2);
}

static void test_command_line(void **state)
{
    (void)state;
    Run r;
    run(&r, (const char *const[]){"--version", NULL}, "", 0);
    assert_string_equal(r.out, RIN_NAME " " RIN_VERSION "\n");
    assert_int_equal(r.status, 0);
    run(&r, (const char *const[]){"--help", NULL}, "", 0);
    assert_non_null(strstr(r.out, "Usage: rin"));
    assert_non_null(strstr(r.out, "rin selfplay [--games N]"));
    assert_non_null(strstr(r.out, "rin games [--text] FILE..."));
    assert_non_null(strstr(r.out, "--size N          board size the engine starts on"));
    assert_int_equal(r.status, 0);
    /* --eval-file while a pattern model evaluates: a warning, and the engine runs */
    run(&r, (const char *const[]){"--eval-file", "classic", NULL}, "name\n", 5);
    assert_string_equal(r.out, "= Rin\n\n");
    assert_non_null(strstr(r.err, "rin: warning: --eval-file: the pattern model (pattern-file) evaluates positions"));
    assert_int_equal(r.status, 0);
    run(&r, (const char *const[]){"--eval-file", "classic", "--pattern-file", "none", NULL}, "name\n", 5);
    assert_null(strstr(r.err, "warning"));
    /* the default weights, named: nothing changes, nothing to warn about */
    run(&r, (const char *const[]){"--eval-file", "builtin", NULL}, "name\n", 5);
    assert_string_equal(r.out, "= Rin\n\n");
    assert_null(strstr(r.err, "warning"));
    run(&r, (const char *const[]){"--pattern-file", "none", NULL}, "name\n", 5);
    assert_null(strstr(r.err, "warning"));
    run(&r, (const char *const[]){"--bogus", NULL}, "name\n", 5);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "unknown option '--bogus'"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--player", "nobody", NULL}, "name\n", 5);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "unknown player 'nobody'"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--threads", "0", NULL}, "name\n", 5);
    assert_non_null(strstr(r.err, "threads '0' is out of range (1 to 256)"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--depth", "x", NULL}, "name\n", 5);
    assert_non_null(strstr(r.err, "depth must be a whole number"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--hash", NULL}, "name\n", 5);
    assert_non_null(strstr(r.err, "--hash needs a value"));
    assert_int_equal(r.status, 2);
    /* the board a ruler answers GoGui with: --size, 4 to 16 */
    run(&r, (const char *const[]){"--size", "12", NULL}, "gogui-rules_board_size\n", 23);
    assert_string_equal(r.out, "= 12\n\n");
    assert_int_equal(r.status, 0);
    run(&r, (const char *const[]){"--size", "17", NULL}, "name\n", 5);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "size '17' is out of range (4 to 16)"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--size", "twelve", NULL}, "name\n", 5);
    assert_non_null(strstr(r.err, "size must be a whole number from 4 to 16, got 'twelve'"));
    assert_int_equal(r.status, 2);
    run(&r, (const char *const[]){"--size", NULL}, "name\n", 5);
    assert_non_null(strstr(r.err, "--size needs a value"));
    assert_int_equal(r.status, 2);
    /* every subcommand answers --help on stdout and succeeds */
    static const char *const subcommands[] = {"playouts", "perft", "bench", "suite", "train", "selfplay", "play"};
    for (size_t i = 0; i < sizeof subcommands / sizeof *subcommands; i++) {
        run(&r, (const char *const[]){subcommands[i], "--help", NULL}, "", 0);
        assert_non_null(strstr(r.out, "Usage: rin"));
        assert_int_equal(r.status, 0);
        run(&r, (const char *const[]){subcommands[i], "-h", NULL}, "", 0);
        assert_int_equal(r.status, 0);
    }
    run(&r, (const char *const[]){"bench", "0", NULL}, "", 0);
    assert_non_null(strstr(r.err, "bench: DEPTH must be a number from 1 to 64"));
    assert_int_equal(r.status, 2);
}

/* An engine that refuses its command line exits without reading its input:
 * input that comes after its end is lost (EPIPE), and the refusal is what
 * counts. Under load this happened by chance to the runs above. */
static void test_input_after_a_refusal(void **state)
{
    (void)state;
    Child c = start((const char *const[]){"--bogus", NULL}, 0);
    siginfo_t info;
    assert_int_equal(waitid(P_PID, (id_t)c.pid, &info, WEXITED | WNOWAIT), 0); /* ended, not yet reaped */
    Run r;
    finish(&r, &c, "name\n", 5, 10);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "unknown option '--bogus'"));
    assert_int_equal(r.status, 2);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RIN_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RIN_SANITIZED 1
#endif
#endif

/* A hash table that does not fit in memory: the engine falls back to a
 * smaller one, says so on stderr, shows the size in use, and plays. */
static void test_hash_falls_back_when_memory_runs_out(void **state)
{
    (void)state;
#ifdef RIN_SANITIZED
    skip(); /* the sanitizers reserve terabytes of address space: no limit fits */
#else
    Run r;
    static const char script[] = "rin-option hash\nboardsize 8\ngenmove b\nrin-option hash 8192\n"
                                 "rin-option hash\nrin-option hash 4\nrin-option hash\nquit\n";
    run_limited(&r, (const char *const[]){"--hash", "4096", "--nodes", "200", "--verbose", "0", NULL}, script,
                sizeof script - 1, 1024, 60); /* clearing 256 MiB twice: slow on a busy machine */
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "rin: warning: no memory for a 4096 MiB hash table; using "));
    assert_non_null(strstr(r.err, "rin: warning: no memory for a 8192 MiB hash table; using "));
    int first = 0, second = 0;
    char move[8];
    assert_int_equal(sscanf(r.out, "= %d\n\n=\n\n= %7s\n\n=\n\n= %d\n\n=\n\n= 4\n\n=\n\n", &first, move, &second), 3);
    assert_true(first >= 1 && first < 1024);
    assert_true(second >= 1 && second < 1024);
#endif
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quit_exits_zero),
        cmocka_unit_test(test_end_of_input_exits_zero),
        cmocka_unit_test(test_bad_bytes_through_a_pipe),
        cmocka_unit_test(test_genmove_and_seed),
        cmocka_unit_test(test_time_left_respected),
        cmocka_unit_test(test_bench_output),
        cmocka_unit_test(test_bench_signature),
        cmocka_unit_test(test_bench_threads),
        cmocka_unit_test(test_suite_output),
        cmocka_unit_test(test_command_line),
        cmocka_unit_test(test_input_after_a_refusal),
        cmocka_unit_test(test_hash_falls_back_when_memory_runs_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
