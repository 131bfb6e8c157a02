#define _GNU_SOURCE
#include "csv_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct csv_cancel_flag {
    atomic_int raised;
    /* The running child's pid while it is unreaped (its group can't be reused until then), or
       0; guarded by `lock` so raising never signals a group whose leader was reaped. */
    pthread_mutex_t lock;
    pid_t pid;
};

csv_cancel_flag *csv_cancel_flag_create(void) {
    csv_cancel_flag *flag = malloc(sizeof *flag);
    if (flag) {
        atomic_init(&flag->raised, 0);
        pthread_mutex_init(&flag->lock, NULL);
        flag->pid = 0;
    }
    return flag;
}

void csv_cancel_flag_raise(csv_cancel_flag *flag) {
    if (!flag) return;
    atomic_store(&flag->raised, 1);
    /* Kill the group here, on the cancelling thread: the waiting thread may never get to it when
       the process exits right after cancelling (a share that timed out and fell back). */
    pthread_mutex_lock(&flag->lock);
    if (flag->pid > 0) kill(-flag->pid, SIGKILL);
    pthread_mutex_unlock(&flag->lock);
}

void csv_cancel_flag_destroy(csv_cancel_flag *flag) {
    if (!flag) return;
    pthread_mutex_destroy(&flag->lock);
    free(flag);
}

/// Records (or with 0, forgets) the child a raise must kill; forget before reaping it.
static void watch_pid(const csv_cancel_flag *cancel, pid_t pid) {
    if (!cancel) return;
    csv_cancel_flag *flag = (csv_cancel_flag *)cancel;
    pthread_mutex_lock(&flag->lock);
    flag->pid = pid;
    pthread_mutex_unlock(&flag->lock);
}

/* The process groups of children run with kill_group_on_exit that are still unreaped, so a
   SIGINT, SIGTERM or SIGHUP that ends sharevia ends them too (they lead groups of their own,
   so a terminal's Ctrl-C never reaches them). */
#define CSV_GROUP_SLOTS 64
static atomic_int live_groups[CSV_GROUP_SLOTS];
static pthread_once_t signal_handlers_once = PTHREAD_ONCE_INIT;

static void remember_group(pid_t pid) {
    for (int i = 0; i < CSV_GROUP_SLOTS; i++) {
        int empty = 0;
        if (atomic_compare_exchange_strong(&live_groups[i], &empty, (int)pid)) return;
    }
}

static void forget_group(pid_t pid) {
    for (int i = 0; i < CSV_GROUP_SLOTS; i++) {
        int expected = (int)pid;
        if (atomic_compare_exchange_strong(&live_groups[i], &expected, 0)) return;
    }
}

void csv_kill_live_groups(void) {
    for (int i = 0; i < CSV_GROUP_SLOTS; i++) {
        int pid = atomic_load(&live_groups[i]);
        if (pid > 0) kill(-pid, SIGKILL);
    }
}

/// Kills every live group, then lets the signal do what it would have done (SA_RESETHAND
/// restored the default; the raised signal is delivered when the handler returns).
static void kill_groups_then_terminate(int signal_number) {
    int saved = errno;
    csv_kill_live_groups();
    raise(signal_number);
    errno = saved;
}

/// Installs the handler for the terminating signals whose disposition is still the default.
static void install_signal_handlers(void) {
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = kill_groups_then_terminate;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &action, NULL);
    }
}

/// True when `pid` has exited (without reaping it, so its group id stays ours).
static int has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int rc;
    do { rc = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT); } while (rc < 0 && errno == EINTR);
    return rc == 0 && info.si_pid == pid;
}

/// Follows stdout byte by byte to see when it holds one complete top-level JSON object.
typedef struct {
    size_t scanned;
    int depth;
    int in_string;
    int escaped;
    int started;
    int refused; /* the first non-blank byte was not '{' */
    int complete;
} json_watch;

static void json_watch_scan(json_watch *w, const char *data, size_t len) {
    for (; w->scanned < len && !w->complete && !w->refused; w->scanned++) {
        char c = data[w->scanned];
        if (!w->started) {
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
            if (c != '{') { w->refused = 1; break; }
            w->started = 1;
            w->depth = 1;
            continue;
        }
        if (w->in_string) {
            if (w->escaped) w->escaped = 0;
            else if (c == '\\') w->escaped = 1;
            else if (c == '"') w->in_string = 0;
            continue;
        }
        if (c == '"') w->in_string = 1;
        else if (c == '{' || c == '[') w->depth++;
        else if (c == '}' || c == ']') {
            if (--w->depth == 0) w->complete = 1;
        }
    }
}

static int is_raised(const csv_cancel_flag *flag) {
    return flag && atomic_load(&((csv_cancel_flag *)flag)->raised);
}

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/// A descriptor that becomes readable when `pid` exits, or -1 when the kernel has no pidfd.
static int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    /* pidfd_open always sets close-on-exec. */
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

typedef struct {
    char *data;
    size_t len;
    size_t cap;
    size_t max;
    int out_of_memory;
} buffer;

static void buffer_append(buffer *b, const char *bytes, size_t n) {
    if (b->len >= b->max) return;
    if (n > b->max - b->len) n = b->max - b->len;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + n) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) { b->out_of_memory = 1; return; }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

/// Reads what is available without blocking; returns 1 at EOF or error.
static int drain(int fd, buffer *b) {
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0) { buffer_append(b, chunk, (size_t)n); continue; }
        if (n == 0) return 1;
        if (errno == EINTR) continue;
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : 1;
    }
}

/// Spawn attributes shared by both kinds of child: default signal dispositions for the
/// signals a server or a shell may have ignored, an empty mask, and a new process group.
static void init_attributes(posix_spawnattr_t *attr) {
    posix_spawnattr_init(attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(attr, &defaults);
    posix_spawnattr_setsigmask(attr, &none);
    posix_spawnattr_setpgroup(attr, 0);
    posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
}

/// Writes as much of stdin as the pipe takes; closes it when all is written or the child quit.
static void feed_stdin(int *fd, const void *data, size_t len, size_t *written) {
    /* A child that exits before reading all of stdin must not kill us with SIGPIPE: block it
       on this thread and consume any pending one, without touching the process-wide
       disposition. */
    sigset_t pipe_set, old_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
    while (*written < len) {
        ssize_t n = write(*fd, (const char *)data + *written, len - *written);
        if (n > 0) { *written += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        *written = len; /* EPIPE: the child stopped reading */
    }
    struct timespec zero = {0, 0};
    while (sigtimedwait(&pipe_set, NULL, &zero) > 0) {}
    pthread_sigmask(SIG_SETMASK, &old_set, NULL);
    if (*written >= len) { close(*fd); *fd = -1; }
}

/// waitpid without WNOHANG, retried when a signal interrupts it.
static pid_t wait_blocking(pid_t pid, int *status) {
    pid_t done;
    do { done = waitpid(pid, status, 0); } while (done < 0 && errno == EINTR);
    return done;
}

int csv_run(const char *path, char *const argv[], char *const envp[],
            const void *stdin_data, size_t stdin_len, const char *stdin_path,
            long timeout_ms, size_t max_output, const csv_cancel_flag *cancel,
            csv_result *result) {
    return csv_run_with_options(path, argv, envp, stdin_data, stdin_len, stdin_path, timeout_ms, max_output,
                                cancel, NULL, result);
}

int csv_run_with_options(const char *path, char *const argv[], char *const envp[],
                         const void *stdin_data, size_t stdin_len, const char *stdin_path,
                         long timeout_ms, size_t max_output, const csv_cancel_flag *cancel,
                         const csv_run_options *options, csv_result *result) {
    csv_run_options defaults = {0, 0, 0};
    if (!options) options = &defaults;
    memset(result, 0, sizeof *result);
    result->exit_status = -1;

    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    int in_file = -1;
    /* Open the stdin file here, not in the child: a failed open in the child would surface as
       posix_spawn's error, indistinguishable from a missing program. */
    if (!stdin_data && stdin_path) {
        do { in_file = open(stdin_path, O_RDONLY | O_CLOEXEC); } while (in_file < 0 && errno == EINTR);
        if (in_file < 0) {
            result->stdin_errno = errno;
            return -1;
        }
    }
    if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0 ||
        (stdin_data && pipe2(in_pipe, O_CLOEXEC) != 0)) {
        result->spawn_errno = errno;
        goto fail_close;
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (stdin_data) posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
    else if (in_file >= 0) posix_spawn_file_actions_adddup2(&actions, in_file, 0);
    else posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);

    posix_spawnattr_t attr;
    init_attributes(&attr);

    pid_t pid;
    int rc = posix_spawn(&pid, path, &actions, &attr, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        result->spawn_errno = rc;
        goto fail_close;
    }

    close(out_pipe[1]); out_pipe[1] = -1;
    close(err_pipe[1]); err_pipe[1] = -1;
    if (in_file >= 0) { close(in_file); in_file = -1; }
    if (stdin_data) { close(in_pipe[0]); in_pipe[0] = -1; }
    fcntl(out_pipe[0], F_SETFL, O_NONBLOCK);
    fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);
    if (stdin_data) fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);

    watch_pid(cancel, pid);
    if (options->kill_group_on_exit) {
        pthread_once(&signal_handlers_once, install_signal_handlers);
        remember_group(pid);
    }
    int pidfd = open_pidfd(pid);
    buffer out = {0}, err = {0};
    out.max = err.max = max_output;
    size_t written = 0;
    int out_open = 1, err_open = 1, status = 0, reaped = 0;
    long deadline = now_ms() + timeout_ms;
    json_watch answer = {0};
    long answered_at = -1;

    if (stdin_data && stdin_len == 0) { close(in_pipe[1]); in_pipe[1] = -1; }

    while (!reaped) {
        struct pollfd fds[4];
        int count = 0;
        if (out_open) fds[count++] = (struct pollfd){ .fd = out_pipe[0], .events = POLLIN };
        if (err_open) fds[count++] = (struct pollfd){ .fd = err_pipe[0], .events = POLLIN };
        if (in_pipe[1] >= 0) fds[count++] = (struct pollfd){ .fd = in_pipe[1], .events = POLLOUT };
        if (pidfd >= 0) fds[count++] = (struct pollfd){ .fd = pidfd, .events = POLLIN };
        long now = now_ms();
        long left = deadline - now;
        int cancelled = is_raised(cancel);
        int lingered = answered_at >= 0 && now - answered_at >= options->grace_ms;
        if (left <= 0 || cancelled || lingered) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            watch_pid(cancel, 0);
            if (options->kill_group_on_exit) forget_group(pid);
            wait_blocking(pid, &status);
            if (cancelled) result->cancelled = 1;
            else if (lingered) result->answered_then_lingered = 1;
            else result->timed_out = 1;
            reaped = 1;
            break;
        }
        /* With a pidfd the child's exit wakes poll, so only the cancel flag needs a tick;
           without one, look every 5 ms. */
        long slice = pidfd < 0 ? 5 : (cancel ? 20 : left);
        if (answered_at >= 0 && options->grace_ms - (now - answered_at) < slice)
            slice = options->grace_ms - (now - answered_at);
        if (slice < 0) slice = 0;
        poll(fds, count, (int)(left < slice ? left : slice));

        if (out_open && drain(out_pipe[0], &out)) out_open = 0;
        if (err_open && drain(err_pipe[0], &err)) err_open = 0;
        if (in_pipe[1] >= 0) feed_stdin(&in_pipe[1], stdin_data, stdin_len, &written);
        if (options->stop_after_json_object && answered_at < 0) {
            json_watch_scan(&answer, out.data, out.len);
            if (answer.complete) answered_at = now_ms();
        }
        if (has_exited(pid)) {
            /* Whatever the child left in its group (a daemon, a forgotten `sleep`) goes with it,
               while the unreaped leader still holds the group id. */
            if (options->kill_group_on_exit) {
                kill(-pid, SIGKILL);
                forget_group(pid);
            }
            watch_pid(cancel, 0);
            wait_blocking(pid, &status);
            /* Raising the flag kills the group at once, so the child may be found dead here
               before the top of the loop sees the flag: that is still a cancellation. */
            if (is_raised(cancel)) result->cancelled = 1;
            reaped = 1;
        }
    }
    /* The direct child has exited: take what is already in the pipes, don't wait for EOF. */
    if (out_open) drain(out_pipe[0], &out);
    if (err_open) drain(err_pipe[0], &err);
    if (pidfd >= 0) close(pidfd);

    if (!result->timed_out && !result->cancelled && !result->answered_then_lingered) {
        if (WIFEXITED(status)) result->exit_status = WEXITSTATUS(status);
        else if (WIFSIGNALED(status)) result->term_signal = WTERMSIG(status);
    } else if (!result->answered_then_lingered && WIFSIGNALED(status)) {
        result->term_signal = WTERMSIG(status);
    }
    result->out = out.data; result->out_len = out.len;
    result->err = err.data; result->err_len = err.len;
    result->out_of_memory = out.out_of_memory || err.out_of_memory;
    if (in_pipe[1] >= 0) close(in_pipe[1]);
    close(out_pipe[0]);
    close(err_pipe[0]);
    return 0;

fail_close:
    if (in_file >= 0) close(in_file);
    for (int i = 0; i < 2; i++) {
        if (in_pipe[i] >= 0) close(in_pipe[i]);
        if (out_pipe[i] >= 0) close(out_pipe[i]);
        if (err_pipe[i] >= 0) close(err_pipe[i]);
    }
    return -1;
}

void csv_result_free(csv_result *result) {
    free(result->out);
    free(result->err);
    result->out = result->err = NULL;
    result->out_len = result->err_len = 0;
}

int csv_spawn_detached(const char *path, char *const argv[], char *const envp[],
                       const char *output_path, pid_t *pid) {
    const char *target = output_path ? output_path : "/dev/null";
    int flags = output_path ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, target, flags, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    posix_spawnattr_t attr;
    init_attributes(&attr);
    int rc = posix_spawn(pid, path, &actions, &attr, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return rc;
}

int csv_wait_exit(pid_t pid, long timeout_ms, int *status) {
    long deadline = now_ms() + timeout_ms;
    /* Look once before paying for a pidfd: `isRunning` asks with a timeout of 0. */
    pid_t first;
    do { first = waitpid(pid, status, WNOHANG); } while (first < 0 && errno == EINTR);
    if (first == pid) return 1;
    if (first < 0) return -1;
    if (timeout_ms <= 0) return 0;
    int pidfd = open_pidfd(pid);
    for (;;) {
        pid_t done = waitpid(pid, status, WNOHANG);
        if (done == pid) { if (pidfd >= 0) close(pidfd); return 1; }
        if (done < 0 && errno != EINTR) { int saved = errno; if (pidfd >= 0) close(pidfd); errno = saved; return -1; }
        long left = deadline - now_ms();
        if (left <= 0) { if (pidfd >= 0) close(pidfd); return 0; }
        if (pidfd >= 0) {
            struct pollfd fd = { .fd = pidfd, .events = POLLIN };
            poll(&fd, 1, (int)left);
        } else {
            struct timespec pause = {0, 5 * 1000000L};
            nanosleep(&pause, NULL);
        }
    }
}
