#define _GNU_SOURCE
#include "cthreads.h"

#include <fcntl.h>
#include <pthread.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t notify_fd = -1;

// Async-signal-safe: one write of the signal number, errno kept.
static void on_interrupt(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (notify_fd >= 0) (void)write(notify_fd, &byte, 1);
    errno = saved;
}

static int watch(int signal_number) {
    struct sigaction previous;
    if (sigaction(signal_number, NULL, &previous) != 0) return -1;
    // A signal the parent set to be ignored (a background job's SIGINT) stays ignored.
    if (previous.sa_handler == SIG_IGN) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}

int cinterrupts_install(void) {
    int ends[2];
    /* The write end never blocks: a handler must not stop in write() on a full pipe. */
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    fcntl(ends[1], F_SETFL, O_NONBLOCK);
    notify_fd = ends[1];
    if (watch(SIGINT) != 0 || watch(SIGTERM) != 0) {
        /* Half installed: put both back, so the signals end the process as before. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        return -1;
    }
    // A parent that spawned us from a thread with these signals blocked (a libdispatch worker)
    // passed its mask on; a handler that is never called would make sharevia unstoppable.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return ends[0];
}

void cinterrupts_die(int signal_number) {
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}
