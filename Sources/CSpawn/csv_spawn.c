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
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The process groups of children run with kill_group_on_exit that are still unreaped, so a
   SIGINT, SIGTERM or SIGHUP that ends sharevia ends them too (they lead groups of their own,
   so a terminal's Ctrl-C never reaches them). */
#define CSV_GROUP_SLOTS 64
static atomic_int live_groups[CSV_GROUP_SLOTS];
static pthread_once_t signal_handlers_once = PTHREAD_ONCE_INIT;

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

void csv_live_group_add(pid_t pid) {
    pthread_once(&signal_handlers_once, install_signal_handlers);
    for (int i = 0; i < CSV_GROUP_SLOTS; i++) {
        int empty = 0;
        if (atomic_compare_exchange_strong(&live_groups[i], &empty, (int)pid)) return;
    }
}

void csv_live_group_remove(pid_t pid) {
    for (int i = 0; i < CSV_GROUP_SLOTS; i++) {
        int expected = (int)pid;
        if (atomic_compare_exchange_strong(&live_groups[i], &expected, 0)) return;
    }
}

int csv_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
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
