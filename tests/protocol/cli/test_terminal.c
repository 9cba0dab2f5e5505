/* The interactive terminal, driven through a pseudo-terminal as a person
 * would: the prompt, Tab completion of command names, responses in GTP
 * form, history kept in $HOME/.rin_history across runs, Ctrl-D and quit. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
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
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

typedef struct Session {
    int master;
    pid_t pid;
    char seen[65536]; /* everything the terminal showed */
    size_t length;
} Session;

static char home[256];

/* Starts rin on a new pseudo-terminal with the given options (a NULL-ended
 * list, NULL for none); false when no terminal can be had. */
static bool session_start_with(Session *s, const char *const *options)
{
    memset(s, 0, sizeof *s);
    s->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (s->master < 0 || grantpt(s->master) != 0 || unlockpt(s->master) != 0)
        return false;
    const char *slave_name = ptsname(s->master);
    if (!slave_name)
        return false;
    char slave_path[256];
    snprintf(slave_path, sizeof slave_path, "%s", slave_name);
    s->pid = fork();
    assert_true(s->pid >= 0);
    if (s->pid == 0) {
        setsid();
        int slave = open(slave_path, O_RDWR); /* becomes the controlling terminal */
        if (slave < 0)
            _exit(126);
        dup2(slave, STDIN_FILENO);
        dup2(slave, STDOUT_FILENO);
        dup2(slave, STDERR_FILENO);
        close(slave);
        close(s->master);
        setenv("HOME", home, 1);
        setenv("TERM", "vt100", 1);
        char *argv[16] = {RIN_BINARY};
        for (int i = 0; options && options[i] && i + 2 < 16; i++)
            argv[i + 1] = (char *)options[i];
        execv(RIN_BINARY, argv);
        _exit(127);
    }
    return true;
}

static bool session_start(Session *s) { return session_start_with(s, NULL); }

/* Reads what the terminal has shown so far, waiting up to `timeout_ms` for
 * something; false when nothing came. */
static bool session_read(Session *s, int timeout_ms)
{
    struct pollfd fd = {s->master, POLLIN, 0};
    if (poll(&fd, 1, timeout_ms) <= 0)
        return false;
    ssize_t n = read(s->master, s->seen + s->length, sizeof s->seen - 1 - s->length);
    if (n <= 0)
        return false;
    /* terminal descriptions pad with NUL bytes: drop them */
    char *chunk = s->seen + s->length;
    size_t kept = 0;
    for (ssize_t i = 0; i < n; i++)
        if (chunk[i] != '\0')
            chunk[kept++] = chunk[i];
    s->length += kept;
    s->seen[s->length] = '\0';
    return true;
}

/* Reads what the terminal shows until `text` has appeared after `from`
 * (five seconds at most). Returns the offset just past it. */
static size_t session_expect(Session *s, size_t from, const char *text)
{
    for (int waited = 0;;) {
        char *found = strstr(s->seen + from, text);
        if (found)
            return (size_t)(found - s->seen) + strlen(text);
        if (!session_read(s, 100) && (waited += 100) >= 5000)
            fail_msg("'%s' did not appear; the terminal shows:\n%s", text, s->seen + from);
    }
}

static void session_type(Session *s, const char *keys)
{
    size_t length = strlen(keys);
    assert_int_equal(write(s->master, keys, length), (ssize_t)length);
}

/* Types keys once the prompt shows and line editing is on (typed ahead, a
 * Ctrl-D would reach the terminal in cooked mode and act as the tty's EOF).
 * Returns the offset past the prompt. */
static size_t session_type_at_prompt(Session *s, size_t from, const char *keys)
{
    size_t at = session_expect(s, from, "rin> ");
    /* libedit may show the prompt just before it switches the terminal to
     * raw mode: wait for the switch (up to five seconds) */
    for (int i = 0; i < 5000; i++) {
        struct termios mode;
        assert_int_equal(tcgetattr(s->master, &mode), 0);
        if (!(mode.c_lflag & ICANON))
            break;
        session_read(s, 1); /* libedit's mode switch waits for its output to be read */
    }
    session_type(s, keys);
    return at;
}

/* Waits for the end of the process (five seconds at most), reading what
 * it shows meanwhile; returns its exit status. */
static int session_end(Session *s)
{
    for (int i = 0; i < 500; i++) {
        int status;
        if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
            close(s->master);
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        /* after the hangup reads fail at once: sleep instead */
        if (!session_read(s, 10))
            nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    kill(s->pid, SIGKILL);
    waitpid(s->pid, NULL, 0);
    close(s->master);
    fail_msg("rin did not exit; the terminal shows:\n%s", s->seen);
    return -1;
}

static char *read_history(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/.rin_history", home);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

static void test_completion_history_and_exit(void **state)
{
    (void)state;
    Session s;
    if (!session_start(&s))
        skip();
    /* Tab completes a unique prefix and adds a space: "pla" alone would be
     * an unknown command */
    size_t at = session_type_at_prompt(&s, 0, "pla\tb c15\r");
    at = session_expect(&s, at, "=\r\n\r\n");
    /* errors come back in GTP form too */
    at = session_type_at_prompt(&s, at, "play b d4\r");
    at = session_expect(&s, at, "? illegal move: it is white's turn (first of two stones)\r\n\r\n");
    /* a shared prefix lists the candidates */
    at = session_type_at_prompt(&s, at, "gogui-rules_\t");
    at = session_expect(&s, at, "gogui-rules_side_to_move");
    session_type(&s, "\x15"); /* Ctrl-U: drop the line */
    session_type(&s, "rin-pos\t\r");
    at = session_expect(&s, at, "= 16/2x13/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 1\r\n\r\n");
    /* after an id, and as the argument of known_command, names complete too */
    at = session_type_at_prompt(&s, at, "7 known_command rin-per\t\r");
    at = session_expect(&s, at, "=7 true\r\n\r\n");
    at = session_type_at_prompt(&s, at, "\x04"); /* Ctrl-D on an empty line */
    assert_int_equal(session_end(&s), 0);

    const char *history = read_history();
    assert_non_null(history);
    assert_non_null(strstr(history, "play\\040b\\040c15"));
    assert_non_null(strstr(history, "rin-position"));
    assert_non_null(strstr(history, "known_command\\040rin-perft"));

    /* the next run recalls the history: two steps up is rin-position */
    assert_true(session_start(&s));
    at = session_type_at_prompt(&s, 0, "\x1b[A\x1b[A\r");
    at = session_expect(&s, at, "= 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b 1\r\n\r\n");
    at = session_type_at_prompt(&s, at, "quit\r");
    at = session_expect(&s, at, "=\r\n\r\n");
    assert_int_equal(session_end(&s), 0);
}

/* A person's first word: help names the commands, one a line, and says
 * where to read more. */
static void test_help(void **state)
{
    (void)state;
    Session s;
    if (!session_start(&s))
        skip();
    size_t at = session_expect(&s, 0, "help lists them");
    at = session_type_at_prompt(&s, at, "help\r");
    at = session_expect(&s, at, "= protocol_version ");
    at = session_expect(&s, at, "\r\nboardsize ");
    at = session_expect(&s, at, "\r\ngenmove ");
    at = session_expect(&s, at, "the engine chooses a stone for COLOR and plays it\r\n");
    at = session_expect(&s, at, "\r\nMore: help COMMAND shows one command with its arguments;\r\n"
                                "protocol/PROTOCOL.md describes them all.\r\n\r\n");
    at = session_type_at_prompt(&s, at, "help genmove\r");
    at = session_expect(&s, at, "= genmove COLOR: the engine chooses a stone for COLOR and plays it\r\n\r\n");
    session_type_at_prompt(&s, at, "quit\r");
    assert_int_equal(session_end(&s), 0);
}

/* On a terminal genmove shows its answer and nothing else unless
 * --verbose 1 asks for the search's info lines (on stderr, which is the
 * terminal here). */
static void test_quiet_unless_verbose(void **state)
{
    (void)state;
    Session s;
    if (!session_start_with(&s, (const char *const[]){"--movetime", "50", NULL}))
        skip();
    size_t at = session_type_at_prompt(&s, 0, "genmove b\r");
    at = session_expect(&s, at, "\r\n\r\n");
    session_type_at_prompt(&s, at, "quit\r");
    assert_int_equal(session_end(&s), 0);
    assert_null(strstr(s.seen, "info "));

    assert_true(session_start_with(&s, (const char *const[]){"--movetime", "50", "--verbose", "1", NULL}));
    at = session_type_at_prompt(&s, 0, "genmove b\r");
    at = session_expect(&s, at, "info depth ");
    at = session_expect(&s, at, "\r\n\r\n");
    session_type_at_prompt(&s, at, "quit\r");
    assert_int_equal(session_end(&s), 0);

    /* and rin-option turns them on during a session */
    assert_true(session_start_with(&s, (const char *const[]){"--movetime", "50", NULL}));
    at = session_type_at_prompt(&s, 0, "rin-option verbose 1\r");
    at = session_type_at_prompt(&s, at, "genmove b\r");
    at = session_expect(&s, at, "info depth ");
    session_type_at_prompt(&s, at, "quit\r");
    assert_int_equal(session_end(&s), 0);
}

static void test_unwritable_home_is_not_fatal(void **state)
{
    (void)state;
    char saved[256];
    snprintf(saved, sizeof saved, "%s", home);
    snprintf(home, sizeof home, "/nonexistent/rin-test-home");
    Session s;
    bool started = session_start(&s);
    snprintf(home, sizeof home, "%s", saved);
    if (!started)
        skip();
    size_t at = session_type_at_prompt(&s, 0, "name\r");
    at = session_expect(&s, at, "= Rin\r\n\r\n");
    session_type_at_prompt(&s, at, "quit\r");
    assert_int_equal(session_end(&s), 0);
}

/* Binary self-play games would garble a terminal: refused, with the way out. */
static void test_selfplay_refuses_binary_to_a_terminal(void **state)
{
    (void)state;
    Session s;
    if (!session_start_with(&s, (const char *const[]){"selfplay", "--games", "1", "--sizes", "4", NULL}))
        skip();
    session_expect(&s, 0, "binary games are not written to a terminal");
    assert_int_equal(session_end(&s), 2);
}

static int make_home(void **state)
{
    (void)state;
    snprintf(home, sizeof home, "/tmp/rin-terminal-test-XXXXXX");
    return mkdtemp(home) ? 0 : -1;
}

static int remove_home(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/.rin_history", home);
    unlink(path);
    rmdir(home);
    return 0;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_completion_history_and_exit),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_quiet_unless_verbose),
        cmocka_unit_test(test_unwritable_home_is_not_fatal),
        cmocka_unit_test(test_selfplay_refuses_binary_to_a_terminal),
    };
    return cmocka_run_group_tests(tests, make_home, remove_home);
}
