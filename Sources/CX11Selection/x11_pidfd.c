/* Signalling a process through a pidfd, so a reused pid is never hit. */
#define _GNU_SOURCE
#include "x11_selection.h"

#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

int cxs_pidfd_open(pid_t pid) {
    if (pid <= 0) {
        errno = EINVAL;
        return -1;
    }
    /* pidfd_open's fds are always close-on-exec. */
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int cxs_pidfd_send_signal(int pidfd, int sig) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, 0);
}
