/* The interactive terminal: libedit for editing, history and completion;
 * every line goes through the same gtp_execute as a GTP stream. Ctrl-C
 * drops the line at the prompt and stops a streamed analysis, as in a
 * shell; Ctrl-D stops a stream too, and leaves at the prompt. */
#include "cli/terminal.h"

#include <histedit.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "version.h"

enum { TERMINAL_HISTORY_SIZE = 1000, TERMINAL_COMPLETION_MAX = 128, TERMINAL_POLL_MS = 50 };

typedef struct Terminal {
    EditLine *el;
    History *history;
    FILE *screen; /* where the prompt and the completion lists go */
    bool have_history_file;
    bool line_dropped; /* Ctrl-C ended the line being edited */
    char history_file[PATH_MAX];
} Terminal;

/* Set by SIGINT outside line editing, when the terminal is in the user's
 * own mode where Ctrl-C raises the signal; a streamed analysis stops on it.
 * A flag is all a handler may safely set, and the one piece of state
 * outside Terminal. */
static volatile sig_atomic_t terminal_interrupted;

static void terminal_on_interrupt(int signo)
{
    (void)signo;
    terminal_interrupted = 1;
}

static char *terminal_prompt(EditLine *el)
{
    (void)el;
    return "rin> ";
}

/* Whether the word [start, end) of the line is a command name position:
 * the first word, or the first after a numeric id, or the argument of
 * known_command. */
static bool completes_command(const char *line, const char *start)
{
    const char *s = line;
    int index = 0;
    bool after_id = false, after_known = false;
    while (s < start) {
        while (s < start && (*s == ' ' || *s == '\t'))
            s++;
        if (s >= start)
            break;
        const char *word = s;
        while (s < start && *s != ' ' && *s != '\t')
            s++;
        size_t length = (size_t)(s - word);
        bool digits = strspn(word, "0123456789") >= length;
        if (index == 0 && digits)
            after_id = true;
        after_known = length == 13 && strncmp(word, "known_command", 13) == 0 &&
                      (index == 0 || (index == 1 && after_id));
        index++;
    }
    return index == 0 || (index == 1 && after_id) || (after_known && index == 1 + after_id);
}

/* Lists the candidates below the line being edited. */
static void show_candidates(Terminal *t, const char *prefix, size_t length)
{
    fputc('\n', t->screen);
    int column = 0;
    const char *name;
    for (size_t i = 0; (name = gtp_command_name(i)); i++) {
        if (strncmp(name, prefix, length) != 0)
            continue;
        int width = (int)strlen(name) + 2;
        if (column > 0 && column + width > 78) {
            fputc('\n', t->screen);
            column = 0;
        }
        fprintf(t->screen, "%s  ", name);
        column += width;
    }
    fputc('\n', t->screen);
    fflush(t->screen);
}

/* Tab: completes the command name under the cursor as far as it is unique,
 * and lists the candidates when it cannot go further. */
static unsigned char terminal_complete(EditLine *el, int ch)
{
    (void)ch;
    Terminal *t = NULL;
    el_get(el, EL_CLIENTDATA, &t);
    const LineInfo *info = el_line(el);
    const char *start = info->cursor;
    while (start > info->buffer && start[-1] != ' ' && start[-1] != '\t')
        start--;
    if (!completes_command(info->buffer, start))
        return CC_ERROR;
    size_t length = (size_t)(info->cursor - start);
    char prefix[TERMINAL_COMPLETION_MAX];
    if (length >= sizeof prefix)
        return CC_ERROR;
    memcpy(prefix, start, length);
    prefix[length] = '\0';

    const char *first = NULL, *name;
    size_t matches = 0, common = 0;
    for (size_t i = 0; (name = gtp_command_name(i)); i++) {
        if (strncmp(name, prefix, length) != 0)
            continue;
        if (matches++ == 0) {
            first = name;
            common = strlen(name);
        } else {
            size_t k = length;
            while (k < common && name[k] == first[k])
                k++;
            common = k;
        }
    }
    if (matches == 0)
        return CC_ERROR;
    if (common > length || matches == 1) {
        char insert[TERMINAL_COMPLETION_MAX + 1];
        size_t n = common - length;
        memcpy(insert, first + length, n);
        if (matches == 1)
            insert[n++] = ' ';
        insert[n] = '\0';
        if (el_insertstr(el, insert) == -1)
            return CC_ERROR;
        return CC_REFRESH;
    }
    show_candidates(t, prefix, length);
    return CC_REDISPLAY;
}

/* Ctrl-C at the prompt (a key there, not a signal: see terminal_run): the
 * line shows ^C at its end and is dropped, and a new prompt comes. */
static unsigned char terminal_drop_line(EditLine *el, int ch)
{
    (void)ch;
    Terminal *t = NULL;
    el_get(el, EL_CLIENTDATA, &t);
    const LineInfo *info = el_line(el);
    el_cursor(el, (int)(info->lastchar - info->cursor));
    el_insertstr(el, "^C");
    t->line_dropped = true;
    el_push(el, "\n"); /* ends the line once ^C is shown */
    return CC_REFRESH;
}

/* Waits while a streamed analysis runs, until its limits end it, a line
 * is typed (it then ends before the prompt comes back and is read there),
 * Return alone, Ctrl-D or Ctrl-C. */
static void wait_for_stream(Terminal *t, Gtp *gtp)
{
    if (!gtp_streaming(gtp))
        return;
    terminal_interrupted = 0;
    while (gtp_streaming(gtp) && !terminal_interrupted) {
        struct pollfd input = {STDIN_FILENO, POLLIN, 0};
        if (poll(&input, 1, TERMINAL_POLL_MS) > 0) {
            /* The terminal is in its own line mode here: what is pending
             * is whole lines. Readable with nothing to read is the end of
             * input it makes of Ctrl-D: read it here, or it reaches the
             * line editor, which then took the next Return for a ^M.
             * Return alone only stops the stream: read here, it does not
             * give the prompt an empty line to show a second prompt for
             * (any other single byte goes back to the line editor). */
            int pending = 0;
            if (ioctl(STDIN_FILENO, FIONREAD, &pending) == 0 && pending <= 1) {
                char byte[2] = {0, 0};
                if (read(STDIN_FILENO, byte, 1) == 1 && byte[0] != '\n' && byte[0] != '\r')
                    el_push(t->el, byte);
            }
            break;
        }
    }
    gtp_stop_background(gtp);
}

static void history_open(Terminal *t)
{
    HistEvent event;
    t->history = history_init();
    if (!t->history)
        return;
    history(t->history, &event, H_SETSIZE, TERMINAL_HISTORY_SIZE);
    history(t->history, &event, H_SETUNIQUE, 1);
    const char *home = getenv("HOME");
    if (home && *home) {
        int n = snprintf(t->history_file, sizeof t->history_file, "%s/.rin_history", home);
        t->have_history_file = n > 0 && (size_t)n < sizeof t->history_file;
    }
    if (t->have_history_file)
        history(t->history, &event, H_LOAD, t->history_file); /* a missing file is normal */
}

/* Adds a line to the history and saves the file (best effort: a failure to
 * save is not worth interrupting the user for). */
static void history_add(Terminal *t, const char *line)
{
    if (!t->history)
        return;
    HistEvent event;
    history(t->history, &event, H_ENTER, line);
    if (t->have_history_file)
        history(t->history, &event, H_SAVE, t->history_file);
}

/* Whether the line has anything but white space. */
static bool has_text(const char *line, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\n' && line[i] != '\r')
            return true;
    return false;
}

int terminal_run(Gtp *gtp)
{
    setlocale(LC_CTYPE, ""); /* lets libedit edit UTF-8 text */
    Terminal t = {.screen = isatty(STDOUT_FILENO) || !isatty(STDERR_FILENO) ? stdout : stderr};
    t.el = el_init("rin", stdin, t.screen, stderr);
    if (!t.el) {
        fprintf(stderr, "rin: cannot start line editing; reading GTP without it\n");
        return gtp_run(gtp, stdin, stdout);
    }
    el_set(t.el, EL_CLIENTDATA, &t);
    el_set(t.el, EL_PROMPT, terminal_prompt);
    el_set(t.el, EL_EDITOR, "emacs");
    el_set(t.el, EL_SIGNAL, 1);
    /* The wide call: the narrow one copies both strings and never frees them. */
    el_wset(t.el, EL_ADDFN, L"rin-complete", L"complete a command name", terminal_complete);
    el_set(t.el, EL_BIND, "^I", "rin-complete", NULL);
    /* While a line is edited Ctrl-C is a key that drops it: as a signal it
     * ended rin, game and all (libedit cannot go on editing after one) */
    el_set(t.el, EL_SETTY, "-d", "-intr", NULL);
    el_wset(t.el, EL_ADDFN, L"rin-drop-line", L"drop the line (Ctrl-C)", terminal_drop_line);
    el_set(t.el, EL_BIND, "^C", "rin-drop-line", NULL);
    history_open(&t);
    if (t.history)
        el_set(t.el, EL_HIST, history, t.history);
    el_source(t.el, NULL); /* the user's ~/.editrc, if any */

    /* Outside line editing Ctrl-C raises SIGINT: it stops a stream, and
     * a command that answers in one piece finishes (rin goes on) */
    struct sigaction on_interrupt = {.sa_handler = terminal_on_interrupt, .sa_flags = SA_RESTART}, previous;
    sigemptyset(&on_interrupt.sa_mask);
    bool caught = sigaction(SIGINT, &on_interrupt, &previous) == 0;

    gtp_stream_changes_only(gtp, true); /* the same batch again would only fill the screen */
    fprintf(t.screen, "%s %s: GTP commands (help lists them, Tab completes), quit or Ctrl-D to leave\n",
            RIN_NAME, RIN_VERSION);
    for (;;) {
        wait_for_stream(&t, gtp);
        int count = 0;
        t.line_dropped = false;
        const char *line = el_gets(t.el, &count);
        gtp_stop_background(gtp);
        if (!line || count <= 0) {
            fputc('\n', t.screen);
            break;
        }
        if (t.line_dropped)
            continue;
        size_t length = (size_t)count;
        if (has_text(line, length))
            history_add(&t, line);
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
            length--;
        const char *response;
        if (gtp_execute(gtp, line, length, &response)) {
            fputs(response, stdout);
            fflush(stdout);
        }
        if (gtp_quit_requested(gtp))
            break;
        gtp_start_background(gtp, stdout);
    }
    gtp_stop_background(gtp);
    if (caught)
        sigaction(SIGINT, &previous, NULL);
    if (t.history)
        history_end(t.history);
    el_end(t.el);
    return 0;
}
