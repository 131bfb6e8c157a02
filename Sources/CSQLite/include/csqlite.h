#ifndef CSQLITE_H
#define CSQLITE_H

#include <stdint.h>

/// SQLite through Debian's libsqlite3, loaded with dlopen("libsqlite3.so.0") at the first database
/// opened, so a program that never opens one (`sharevia --to file`) never loads it. The few
/// prototypes used are declared in csqlite.c, so no -dev package is needed to build. Only plain C
/// types cross this header; `sqlite3` and `sqlite3_stmt` stay opaque.

/// An open database connection.
typedef struct csqlite_db csqlite_db;
/// A prepared statement.
typedef struct csqlite_stmt csqlite_stmt;

/// SQLite's result codes this package tells apart (the primary code: `code & 0xff`).
#define CSQLITE_OK 0
#define CSQLITE_ERROR 1
#define CSQLITE_PERM 3
#define CSQLITE_BUSY 5
#define CSQLITE_LOCKED 6
#define CSQLITE_NOMEM 7
#define CSQLITE_READONLY 8
#define CSQLITE_INTERRUPT 9
#define CSQLITE_IOERR 10
#define CSQLITE_CORRUPT 11
#define CSQLITE_FULL 13
#define CSQLITE_CANTOPEN 14
#define CSQLITE_TOOBIG 18
#define CSQLITE_CONSTRAINT 19
#define CSQLITE_NOTADB 26
#define CSQLITE_ROW 100
#define CSQLITE_DONE 101
/// libsqlite3.so.0 (or a function of it) can't be loaded; the message says why.
#define CSQLITE_NO_LIBRARY (-1)

/// Column types.
#define CSQLITE_INTEGER 1
#define CSQLITE_FLOAT 2
#define CSQLITE_TEXT 3
#define CSQLITE_BLOB 4
#define CSQLITE_NULL 5

/// Opens (`create`: and creates) the database at `path` read-write, or read-only when `readonly`,
/// with extended result codes, no URI names, no symlink at the path, defensive mode on, the schema
/// untrusted (no functions with side effects from views or triggers), and no checkpoint on close
/// (see csqlite_checkpoint_on_close). On failure returns the code, writes why into `message` and
/// leaves `*db` NULL.
int csqlite_open(const char *path, int readonly, int create, csqlite_db **db, char *message, int message_size);

/// Closes the connection (statements must be finalized first).
void csqlite_close(csqlite_db *db);

/// Turns SQLite's checkpoint when the last connection closes back on (1) or off (0).
int csqlite_checkpoint_on_close(csqlite_db *db, int on);

/// Waits up to `milliseconds` for another connection's lock before answering CSQLITE_BUSY.
int csqlite_busy_timeout(csqlite_db *db, int milliseconds);

/// Interrupts any statement still running `milliseconds` after this call (0: no deadline); it then
/// fails with CSQLITE_INTERRUPT. Bounds the time a query over a damaged or hostile file can take.
void csqlite_set_deadline(csqlite_db *db, long milliseconds);

/// Caps the length of one string or blob (bytes) and of one SQL statement.
void csqlite_set_limits(csqlite_db *db, int max_length, int max_sql_length);

/// The connection's last error message (valid until the next call on it).
const char *csqlite_errmsg(csqlite_db *db);

/// Runs SQL without parameters or results (PRAGMAs, BEGIN, schema statements).
int csqlite_exec(csqlite_db *db, const char *sql);

/// Prepares one statement of `sql`.
int csqlite_prepare(csqlite_db *db, const char *sql, csqlite_stmt **stmt);
int csqlite_step(csqlite_stmt *stmt);
int csqlite_reset(csqlite_stmt *stmt);
void csqlite_finalize(csqlite_stmt *stmt);

/// Binds parameter `index` (from 1). Text and blobs are copied.
int csqlite_bind_null(csqlite_stmt *stmt, int index);
int csqlite_bind_int64(csqlite_stmt *stmt, int index, int64_t value);
int csqlite_bind_double(csqlite_stmt *stmt, int index, double value);
int csqlite_bind_text(csqlite_stmt *stmt, int index, const char *text, int length);
int csqlite_bind_blob(csqlite_stmt *stmt, int index, const void *bytes, int length);

int csqlite_column_count(csqlite_stmt *stmt);
int csqlite_column_type(csqlite_stmt *stmt, int column);
int64_t csqlite_column_int64(csqlite_stmt *stmt, int column);
double csqlite_column_double(csqlite_stmt *stmt, int column);
/// The text or blob's bytes (call before csqlite_column_bytes, as SQLite asks), and its length.
const unsigned char *csqlite_column_text(csqlite_stmt *stmt, int column);
const void *csqlite_column_blob(csqlite_stmt *stmt, int column);
int csqlite_column_bytes(csqlite_stmt *stmt, int column);

/// The words for a result code, such as "database is locked".
const char *csqlite_errstr(int code);

/// 1 when libsqlite3.so.0 is mapped into this process (for tests that check it is not loaded).
int csqlite_library_loaded(void);

#endif
