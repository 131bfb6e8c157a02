/* Starting the selection owner without fork() alone: the program re-executes itself in a hidden
   owner mode.

   A fork()ed copy of a process that may have threads (sharevia's Swift tasks, libdispatch, the
   process monitor) may only call async-signal-safe functions until it execs: another thread may
   have held a lock (malloc's, the dynamic loader's, libxcb's) at the moment of the fork, and the
   copy would wait on it for ever. So the owner is `/proc/self/exe` spawned afresh, single-threaded,
   with `SHAREVIA_X11_OWNER=1` in its environment. The constructor below runs before any other code
   of the program (before Swift's `main`), sees the variable, reads the items from its stdin (a
   memfd the caller filled) and becomes the owner, never returning. Any program that links this
   target (the sharevia executable, the test runner, an integrator's app) gets the mode, so the
   built-in client works wherever it is linked. Started by posix_spawn, not swift-subprocess:
   the owner must outlive the call that starts it (it serves until other programs take the
   selections), and swift-subprocess's `run` returns only once its child has exited. */
#define _GNU_SOURCE
#include "x11_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/// The variable that puts a starting program in owner mode, and its value.
#define CXS_OWNER_VARIABLE "SHAREVIA_X11_OWNER"
#define CXS_OWNER_ENTRY CXS_OWNER_VARIABLE "=1"
/// The first bytes of the items file (format 1: native byte order, the same binary reads it).
static const char owner_magic[8] = "SVCLIP1";
/// A string length that stands for NULL.
#define NO_STRING UINT64_MAX
/// The owner's descriptors.
#define ITEMS_FD 0
#define REPORT_FD 3

/* MARK: The caller's side: writing the items and spawning */

static int write_all(int fd, const void *bytes, size_t length) {
    const char *p = bytes;
    while (length > 0) {
        ssize_t n = write(fd, p, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n;
        length -= (size_t)n;
    }
    return 0;
}

static int write_u64(int fd, uint64_t value) { return write_all(fd, &value, sizeof value); }

static int write_string(int fd, const char *string) {
    if (!string) return write_u64(fd, NO_STRING);
    size_t length = strlen(string);
    return write_u64(fd, length) != 0 || write_all(fd, string, length) != 0 ? -1 : 0;
}

/// A memfd holding the items, positioned at its start; -1 with errno set.
static int items_file(const char *display, const cxs_item *items, size_t count, long timeout_ms) {
    int fd = memfd_create("sharevia-clip-items", MFD_CLOEXEC);
    if (fd < 0) return -1;
    int failed = write_all(fd, owner_magic, sizeof owner_magic) != 0 || write_u64(fd, (uint64_t)(int64_t)timeout_ms) ||
                 write_string(fd, display) != 0 || write_u64(fd, count) != 0;
    for (size_t i = 0; i < count && !failed; i++) {
        failed = write_string(fd, items[i].selection) != 0 || write_u64(fd, items[i].target_count) != 0;
        for (size_t j = 0; j < items[i].target_count && !failed; j++) failed = write_string(fd, items[i].targets[j]);
        failed = failed || write_u64(fd, items[i].length) != 0 || write_all(fd, items[i].data, items[i].length) != 0;
    }
    if (failed || lseek(fd, 0, SEEK_SET) != 0) {
        int saved = errno ? errno : EIO;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// This process's environment without any owner-mode entry, plus that entry; NULL when out of memory.
static char **owner_environment(void) {
    size_t count = 0;
    while (environ && environ[count]) count++;
    char **copy = malloc((count + 2) * sizeof *copy);
    if (!copy) return NULL;
    size_t kept = 0;
    static const char prefix[] = CXS_OWNER_VARIABLE "=";
    for (size_t i = 0; i < count; i++)
        if (strncmp(environ[i], prefix, sizeof prefix - 1) != 0) copy[kept++] = environ[i];
    copy[kept++] = (char *)CXS_OWNER_ENTRY;
    copy[kept] = NULL;
    return copy;
}

int cxs_owner_spawn(int report_fd, const char *display, const cxs_item *items, size_t count, long timeout_ms,
                    pid_t *pid) {
    int items_fd = items_file(display, items, count, timeout_ms);
    if (items_fd < 0) return errno;
    /* Above 3, so that dup2 onto 0 and 3 never meets a descriptor it must keep. */
    int report = fcntl(report_fd, F_DUPFD_CLOEXEC, 10);
    char **envp = owner_environment();
    if (report < 0 || !envp) {
        int saved = report < 0 ? errno : ENOMEM;
        if (report >= 0) close(report);
        close(items_fd);
        free(envp);
        return saved;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, items_fd, ITEMS_FD);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, report, REPORT_FD);
    posix_spawn_file_actions_addclosefrom_np(&actions, REPORT_FD + 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    /* A session of its own, as a daemon: no terminal's signals reach it. */
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);
    char *argv[] = {"sharevia-clip", NULL};
    int rc = posix_spawn(pid, "/proc/self/exe", &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    free(envp);
    close(report);
    close(items_fd);
    return rc;
}

/* MARK: The owner's side: the hidden mode */

/// Reads the items file into memory; the items point into `*buffer`. 0, or -1 when malformed.
static int read_items(const char **display, cxs_item **items, size_t *count, long *timeout_ms, char **buffer) {
    struct stat info;
    if (fstat(ITEMS_FD, &info) != 0 || info.st_size < (off_t)sizeof owner_magic) return -1;
    size_t size = (size_t)info.st_size;
    /* One spare byte after each string holds its NUL: strings are copied into a second area. */
    char *bytes = malloc(size * 2 + 1);
    if (!bytes) return -1;
    *buffer = bytes;
    size_t have = 0;
    while (have < size) {
        ssize_t n = read(ITEMS_FD, bytes + have, size - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        have += (size_t)n;
    }
    char *strings = bytes + size;
    size_t at = sizeof owner_magic;
    if (memcmp(bytes, owner_magic, sizeof owner_magic) != 0) return -1;
#define TAKE_U64(name)                                                                                                 \
    uint64_t name;                                                                                                     \
    if (size - at < sizeof name) return -1;                                                                            \
    memcpy(&name, bytes + at, sizeof name);                                                                            \
    at += sizeof name
#define TAKE_STRING(target)                                                                                            \
    do {                                                                                                               \
        TAKE_U64(length_);                                                                                             \
        if (length_ == NO_STRING) {                                                                                    \
            (target) = NULL;                                                                                           \
            break;                                                                                                     \
        }                                                                                                              \
        if (length_ > size - at) return -1;                                                                            \
        memcpy(strings, bytes + at, length_);                                                                          \
        strings[length_] = 0;                                                                                          \
        (target) = strings;                                                                                            \
        strings += length_ + 1;                                                                                        \
        at += length_;                                                                                                 \
    } while (0)
    TAKE_U64(timeout);
    *timeout_ms = (long)(int64_t)timeout;
    TAKE_STRING(*display);
    TAKE_U64(item_count);
    if (item_count == 0 || item_count > size) return -1;
    cxs_item *list = calloc(item_count, sizeof *list);
    if (!list) return -1;
    *items = list;
    for (size_t i = 0; i < item_count; i++) {
        TAKE_STRING(list[i].selection);
        TAKE_U64(target_count);
        if (target_count == 0 || target_count > size) return -1;
        const char **targets = calloc(target_count, sizeof *targets);
        if (!targets) return -1;
        for (size_t j = 0; j < target_count; j++) TAKE_STRING(targets[j]);
        list[i].targets = targets;
        list[i].target_count = target_count;
        TAKE_U64(length);
        if (length > size - at) return -1;
        list[i].data = bytes + at;
        list[i].length = length;
        at += length;
    }
#undef TAKE_STRING
#undef TAKE_U64
    *count = item_count;
    return 0;
}

/// Runs before the program's own code: in owner mode, becomes the owner and never returns;
/// otherwise costs one getenv.
__attribute__((constructor)) static void cxs_owner_mode(void) {
    const char *mode = getenv(CXS_OWNER_VARIABLE);
    if (!mode || strcmp(mode, "1") != 0) return;
    const char *display = NULL;
    cxs_item *items = NULL;
    size_t count = 0;
    long timeout_ms = -1;
    char *buffer = NULL;
    if (read_items(&display, &items, &count, &timeout_ms, &buffer) != 0) {
        cxs_owner_report_failure(REPORT_FD, CXS_SYSTEM_ERROR, EINVAL, "the selection owner got unreadable items");
        _exit(1);
    }
    char problem[CXS_MESSAGE_SIZE];
    if (cxs_load(NULL, problem, sizeof problem) != 0) {
        cxs_owner_report_failure(REPORT_FD, CXS_LIBRARY_MISSING, 0, problem);
        _exit(1);
    }
    cxs_owner_main(REPORT_FD, display, items, count, timeout_ms);
}
