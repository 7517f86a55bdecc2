/*
 * shim.h: the few libedit calls LineEditor needs, as plain (non-variadic) C functions.
 *
 * el_set, el_get and history() are C-variadic, which Swift cannot call; each form used is wrapped here
 * in a static inline function with a fixed signature. The signal-pipe helpers live here too, so that the
 * only code that ever runs inside a signal handler is this C (an async-signal-safe write(2)).
 *
 * Include <histedit.h> (libedit's native API), never <readline/readline.h>: GNU readline's header is also
 * installed on Debian and would be picked up instead.
 */
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <histedit.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Declared here because glibc declares them only under _GNU_SOURCE / _XOPEN_SOURCE. */
extern int wcwidth(wchar_t c);
extern int pipe2(int fds[2], int flags);

/* A pipe whose ends are close-on-exec and non-blocking. */
static inline int clibedit_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

/* Columns taken by one wide character in the current locale; -1 for non-printable. */
static inline int clibedit_wcwidth(wchar_t c) {
    return wcwidth(c);
}

/* ---- editor ---- */

typedef unsigned char (*clibedit_function_t)(EditLine *, int);
typedef char *(*clibedit_prompt_t)(EditLine *);

static inline int clibedit_set_editor(EditLine *e, const char *name) {
    return el_set(e, EL_EDITOR, name);
}

/* Chooses the terminfo entry ("xterm-256color"); NULL means $TERM. */
static inline int clibedit_set_terminal(EditLine *e, const char *name) {
    return el_set(e, EL_TERMINAL, name);
}

static inline int clibedit_set_signal_handling(EditLine *e, int on) {
    return el_set(e, EL_SIGNAL, on);
}

/* The prompt function may wrap non-printing sequences between two `ignore` characters. */
static inline int clibedit_set_prompt(EditLine *e, clibedit_prompt_t prompt, char ignore) {
    return el_set(e, EL_PROMPT_ESC, prompt, ignore);
}

static inline int clibedit_set_history(EditLine *e, History *h) {
    return el_set(e, EL_HIST, history, h);
}

static inline int clibedit_set_getc(EditLine *e, el_rfunc_t f) {
    return el_set(e, EL_GETCFN, f);
}

static inline int clibedit_set_client_data(EditLine *e, void *data) {
    return el_set(e, EL_CLIENTDATA, data);
}

static inline void *clibedit_client_data(EditLine *e) {
    void *data = NULL;
    if (el_get(e, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

static inline int clibedit_add_function(EditLine *e, const char *name, const char *help,
                                        clibedit_function_t f) {
    return el_set(e, EL_ADDFN, name, help, f);
}

static inline int clibedit_bind(EditLine *e, const char *key, const char *function) {
    return el_set(e, EL_BIND, key, function, (const char *)NULL);
}

/* Changes one tty mode flag while editing (mode "-d"), e.g. "-isig". */
static inline int clibedit_set_edit_tty_flag(EditLine *e, const char *flag) {
    return el_set(e, EL_SETTY, "-d", flag, (const char *)NULL);
}

/* Redraws the prompt and the line from the current cursor position, which must be a clean line. */
static inline int clibedit_refresh(EditLine *e) {
    return el_set(e, EL_REFRESH);
}

static inline int clibedit_columns(EditLine *e) {
    int columns = 0;
    if (el_get(e, EL_GETTC, "co", &columns, (void *)NULL) != 0 || columns <= 0) return 80;
    return columns;
}

/* ---- history ---- */

static inline int clibedit_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

static inline int clibedit_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int clibedit_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

static inline int clibedit_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

static inline int clibedit_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

static inline int clibedit_history_clear(History *h) {
    HistEvent ev;
    return history(h, &ev, H_CLEAR);
}

/* Oldest-first walk: call with `first` = 1, then 0, until it returns NULL. */
static inline const char *clibedit_history_walk(History *h, int first) {
    HistEvent ev;
    if (history(h, &ev, first ? H_LAST : H_PREV) != 0) return NULL;
    return ev.str;
}

/* ---- signal pipe ---- */

/*
 * The handler writes the signal number as one byte to a pipe and does nothing else.
 * Both the descriptor and the saved actions live in function-local statics, so every call site must be in one
 * Swift file (each Swift file gets its own copy of these static inline functions in a debug build).
 */
static inline volatile sig_atomic_t *clibedit_signal_fd(void) {
    static volatile sig_atomic_t fd = -1;
    return &fd;
}

static inline struct sigaction *clibedit_saved_actions(void) {
    static struct sigaction saved[NSIG];
    return saved;
}

static void clibedit_signal_handler(int signo) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signo;
    int fd = (int)*clibedit_signal_fd();
    if (fd >= 0) {
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/* Routes `signo` to the pipe `fd`; the previous action is kept for clibedit_restore_signal. */
static inline int clibedit_route_signal(int signo, int fd) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clibedit_signal_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    *clibedit_signal_fd() = fd;
    return sigaction(signo, &action, &clibedit_saved_actions()[signo]);
}

/* Stops writing to the pipe (call after every signal is restored, before closing the pipe). */
static inline int clibedit_route_signal_fd_reset(void) {
    *clibedit_signal_fd() = -1;
    return 0;
}

static inline int clibedit_restore_signal(int signo) {
    return sigaction(signo, &clibedit_saved_actions()[signo], NULL);
}

/* Puts the default action back and raises the signal again (used after the terminal is restored). */
static inline void clibedit_reraise_default(int signo) {
    signal(signo, SIG_DFL);
    raise(signo);
}

#endif
