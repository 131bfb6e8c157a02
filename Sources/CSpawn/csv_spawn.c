#define _GNU_SOURCE
#include "csv_spawn.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>

/* The process groups of children run with killsProcessGroupOnExit that are still unreaped, so a
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
