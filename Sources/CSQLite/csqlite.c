#include "csqlite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

// SQLite's own declarations, the few this file uses (sqlite3.h, version 3.37 or later).
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef void (*sqlite3_destructor_type)(void *);
#define SQLITE_TRANSIENT ((sqlite3_destructor_type)-1)
#define SQLITE_OPEN_READONLY 0x00000001
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_NOMUTEX 0x00008000
#define SQLITE_OPEN_NOFOLLOW 0x01000000
#define SQLITE_OPEN_EXRESCODE 0x02000000
#define SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE 1006
#define SQLITE_DBCONFIG_DEFENSIVE 1010
#define SQLITE_DBCONFIG_TRUSTED_SCHEMA 1017
#define SQLITE_LIMIT_LENGTH 0
#define SQLITE_LIMIT_SQL_LENGTH 1

static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    int (*db_config)(sqlite3 *, int, ...);
    int (*busy_timeout)(sqlite3 *, int);
    void (*progress_handler)(sqlite3 *, int, int (*)(void *), void *);
    int (*limit)(sqlite3 *, int, int);
    const char *(*errmsg)(sqlite3 *);
    const char *(*errstr)(int);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*step)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*finalize)(sqlite3_stmt *);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*bind_int64)(sqlite3_stmt *, int, int64_t);
    int (*bind_double)(sqlite3_stmt *, int, double);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, sqlite3_destructor_type);
    int (*bind_blob)(sqlite3_stmt *, int, const void *, int, sqlite3_destructor_type);
    int (*column_count)(sqlite3_stmt *);
    int (*column_type)(sqlite3_stmt *, int);
    int64_t (*column_int64)(sqlite3_stmt *, int);
    double (*column_double)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    const void *(*column_blob)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    int (*libversion_number)(void);
} api;
static int loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define LOAD(field, name)                                                                                              \
    do {                                                                                                               \
        *(void **)(&api.field) = dlsym(library, name);                                                                 \
        if (!api.field) {                                                                                              \
            snprintf(load_error, sizeof load_error, "libsqlite3.so.0 lacks %s; update libsqlite3-0", name);            \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)

static void load(void) {
    void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libsqlite3.so.0 can't be loaded (%s); install it: apt-get install libsqlite3-0", dlerror());
        return;
    }
    LOAD(open_v2, "sqlite3_open_v2");
    LOAD(close_v2, "sqlite3_close_v2");
    LOAD(db_config, "sqlite3_db_config");
    LOAD(busy_timeout, "sqlite3_busy_timeout");
    LOAD(progress_handler, "sqlite3_progress_handler");
    LOAD(limit, "sqlite3_limit");
    LOAD(errmsg, "sqlite3_errmsg");
    LOAD(errstr, "sqlite3_errstr");
    LOAD(exec, "sqlite3_exec");
    LOAD(prepare_v2, "sqlite3_prepare_v2");
    LOAD(step, "sqlite3_step");
    LOAD(reset, "sqlite3_reset");
    LOAD(finalize, "sqlite3_finalize");
    LOAD(bind_null, "sqlite3_bind_null");
    LOAD(bind_int64, "sqlite3_bind_int64");
    LOAD(bind_double, "sqlite3_bind_double");
    LOAD(bind_text, "sqlite3_bind_text");
    LOAD(bind_blob, "sqlite3_bind_blob");
    LOAD(column_count, "sqlite3_column_count");
    LOAD(column_type, "sqlite3_column_type");
    LOAD(column_int64, "sqlite3_column_int64");
    LOAD(column_double, "sqlite3_column_double");
    LOAD(column_text, "sqlite3_column_text");
    LOAD(column_blob, "sqlite3_column_blob");
    LOAD(column_bytes, "sqlite3_column_bytes");
    LOAD(libversion_number, "sqlite3_libversion_number");
    // SQLITE_OPEN_EXRESCODE and SQLITE_OPEN_NOFOLLOW need 3.37.
    if (api.libversion_number() < 3037000) {
        snprintf(load_error, sizeof load_error, "libsqlite3.so.0 is version %d; sharevia needs 3.37 or later",
                 api.libversion_number());
        return;
    }
    loaded = 1;
}

struct csqlite_db {
    sqlite3 *handle;
    struct timespec deadline;
    int has_deadline;
};

static int past_deadline(void *context) {
    struct csqlite_db *db = context;
    if (!db->has_deadline) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec != db->deadline.tv_sec) return now.tv_sec > db->deadline.tv_sec;
    return now.tv_nsec >= db->deadline.tv_nsec;
}

int csqlite_open(const char *path, int readonly, int create, csqlite_db **db, char *message, int message_size) {
    *db = NULL;
    pthread_once(&load_once, load);
    if (!loaded) {
        snprintf(message, message_size, "%s", load_error);
        return CSQLITE_NO_LIBRARY;
    }
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_EXRESCODE;
    flags |= readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    sqlite3 *handle = NULL;
    int code = api.open_v2(path, &handle, flags, NULL);
    if (code != CSQLITE_OK) {
        snprintf(message, message_size, "%s", handle ? api.errmsg(handle) : api.errstr(code));
        if (handle) api.close_v2(handle);
        return code;
    }
    struct csqlite_db *wrapper = calloc(1, sizeof *wrapper);
    if (!wrapper) {
        api.close_v2(handle);
        snprintf(message, message_size, "out of memory");
        return CSQLITE_NOMEM;
    }
    wrapper->handle = handle;
    api.db_config(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
    api.db_config(handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
    api.db_config(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
    api.progress_handler(handle, 1000, past_deadline, wrapper);
    *db = wrapper;
    return CSQLITE_OK;
}

void csqlite_close(csqlite_db *db) {
    if (!db) return;
    api.close_v2(db->handle);
    free(db);
}

int csqlite_checkpoint_on_close(csqlite_db *db, int on) {
    return api.db_config(db->handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)NULL);
}

int csqlite_busy_timeout(csqlite_db *db, int milliseconds) { return api.busy_timeout(db->handle, milliseconds); }

void csqlite_set_deadline(csqlite_db *db, long milliseconds) {
    if (milliseconds <= 0) {
        db->has_deadline = 0;
        return;
    }
    clock_gettime(CLOCK_MONOTONIC, &db->deadline);
    db->deadline.tv_sec += milliseconds / 1000;
    db->deadline.tv_nsec += (milliseconds % 1000) * 1000000L;
    if (db->deadline.tv_nsec >= 1000000000L) {
        db->deadline.tv_sec += 1;
        db->deadline.tv_nsec -= 1000000000L;
    }
    db->has_deadline = 1;
}

void csqlite_set_limits(csqlite_db *db, int max_length, int max_sql_length) {
    api.limit(db->handle, SQLITE_LIMIT_LENGTH, max_length);
    api.limit(db->handle, SQLITE_LIMIT_SQL_LENGTH, max_sql_length);
}

const char *csqlite_errmsg(csqlite_db *db) { return api.errmsg(db->handle); }

int csqlite_exec(csqlite_db *db, const char *sql) { return api.exec(db->handle, sql, NULL, NULL, NULL); }

int csqlite_prepare(csqlite_db *db, const char *sql, csqlite_stmt **stmt) {
    return api.prepare_v2(db->handle, sql, -1, (sqlite3_stmt **)stmt, NULL);
}

int csqlite_step(csqlite_stmt *stmt) { return api.step((sqlite3_stmt *)stmt); }
int csqlite_reset(csqlite_stmt *stmt) { return api.reset((sqlite3_stmt *)stmt); }
void csqlite_finalize(csqlite_stmt *stmt) { api.finalize((sqlite3_stmt *)stmt); }

int csqlite_bind_null(csqlite_stmt *stmt, int index) { return api.bind_null((sqlite3_stmt *)stmt, index); }
int csqlite_bind_int64(csqlite_stmt *stmt, int index, int64_t value) {
    return api.bind_int64((sqlite3_stmt *)stmt, index, value);
}
int csqlite_bind_double(csqlite_stmt *stmt, int index, double value) {
    return api.bind_double((sqlite3_stmt *)stmt, index, value);
}
int csqlite_bind_text(csqlite_stmt *stmt, int index, const char *text, int length) {
    return api.bind_text((sqlite3_stmt *)stmt, index, text, length, SQLITE_TRANSIENT);
}
int csqlite_bind_blob(csqlite_stmt *stmt, int index, const void *bytes, int length) {
    return api.bind_blob((sqlite3_stmt *)stmt, index, bytes, length, SQLITE_TRANSIENT);
}

int csqlite_column_count(csqlite_stmt *stmt) { return api.column_count((sqlite3_stmt *)stmt); }
int csqlite_column_type(csqlite_stmt *stmt, int column) { return api.column_type((sqlite3_stmt *)stmt, column); }
int64_t csqlite_column_int64(csqlite_stmt *stmt, int column) {
    return api.column_int64((sqlite3_stmt *)stmt, column);
}
double csqlite_column_double(csqlite_stmt *stmt, int column) {
    return api.column_double((sqlite3_stmt *)stmt, column);
}
const unsigned char *csqlite_column_text(csqlite_stmt *stmt, int column) {
    return api.column_text((sqlite3_stmt *)stmt, column);
}
const void *csqlite_column_blob(csqlite_stmt *stmt, int column) {
    return api.column_blob((sqlite3_stmt *)stmt, column);
}
int csqlite_column_bytes(csqlite_stmt *stmt, int column) { return api.column_bytes((sqlite3_stmt *)stmt, column); }

const char *csqlite_errstr(int code) {
    pthread_once(&load_once, load);
    return loaded ? api.errstr(code) : load_error;
}

int csqlite_library_loaded(void) {
    void *handle = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}
