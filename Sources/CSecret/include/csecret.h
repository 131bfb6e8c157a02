#ifndef CSECRET_H
#define CSECRET_H

/// The freedesktop Secret Service (GNOME Keyring, KWallet, KeePassXC) through libsecret, loaded
/// with dlopen("libsecret-1.so.0") at the first token read or written, so a program that never
/// touches a token never loads libsecret, GLib or D-Bus code. Only plain C types cross this
/// header; GLib's and libsecret's types stay inside csecret.c.
///
/// Items carry the schema `sharevia.AccountToken` and three attributes: `service` (always
/// "sharevia"), `network` and `account`, so `secret-tool lookup service sharevia network N
/// account A` finds one.

/// The call succeeded (for a lookup: the item exists; for a clear: whether or not it existed).
#define CSECRET_OK 0
/// A lookup found no item.
#define CSECRET_NOT_FOUND 1
/// libsecret-1.so.0 (or a function of it) can't be loaded; `message` says why.
#define CSECRET_NO_LIBRARY (-1)
/// The D-Bus session bus can't be reached; `message` says why.
#define CSECRET_NO_BUS (-2)
/// The Secret Service answered with an error, or none is on the bus; `message` quotes it.
#define CSECRET_FAILED (-3)
/// No answer within the timeout; the call was cancelled (and, if it did not stop, abandoned
/// on its thread).
#define CSECRET_TIMEOUT (-4)

/// What a call reports besides its status.
typedef struct {
    /// For CSECRET_OK of a lookup: the token, allocated; release it with csecret_free_token
    /// (which wipes it). NULL otherwise.
    char *token;
    /// For CSECRET_OK of a clear: 1 when an item was removed, 0 when there was none.
    int removed;
    /// Why the call failed, NUL-terminated; empty on success. Never contains the token.
    char message[512];
} csecret_result;

/// Stores `token` (UTF-8, NUL-terminated) for the network and account in the default
/// collection, replacing an item with the same attributes. Waits at most `timeout_ms`.
int csecret_store(const char *network, const char *account, const char *label, const char *token, long timeout_ms,
                  csecret_result *result);

/// Looks up the token for the network and account. Waits at most `timeout_ms`.
int csecret_lookup(const char *network, const char *account, long timeout_ms, csecret_result *result);

/// Removes the token for the network and account. Waits at most `timeout_ms`.
int csecret_clear(const char *network, const char *account, long timeout_ms, csecret_result *result);

/// Wipes and frees a token csecret_lookup returned.
void csecret_free_token(char *token);

/// 1 when libsecret-1.so.0 is mapped into this process (for tests that check it is not loaded).
int csecret_library_loaded(void);

#endif
