#define _GNU_SOURCE
#include "cthreads.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

typedef struct {
    void (*body)(void *);
    void *context;
    cpu_set_t allowed;  // the process's CPUs, restored once the thread runs
    int restore;
} thread_start;

static void *run(void *raw) {
    thread_start *given = raw;
    if (given->restore) pthread_setaffinity_np(pthread_self(), sizeof given->allowed, &given->allowed);
    given->body(given->context);
    free(given);
    return NULL;
}

int cthreads_start_elsewhere(void (*body)(void *context), void *context, pthread_t *thread) {
    thread_start *given = malloc(sizeof *given);
    if (given == NULL) return ENOMEM;
    given->body = body;
    given->context = context;
    given->restore = 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    int here = sched_getcpu();
    if (here >= 0 && sched_getaffinity(0, sizeof given->allowed, &given->allowed) == 0
        && CPU_ISSET(here, &given->allowed) && CPU_COUNT(&given->allowed) > 1) {
        cpu_set_t elsewhere = given->allowed;
        CPU_CLR(here, &elsewhere);
        if (pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0) given->restore = 1;
    }
    int result = pthread_create(thread, &attributes, run, given);
    pthread_attr_destroy(&attributes);
    if (result != 0) free(given);
    return result;
}
