#ifndef CCURL_H
#define CCURL_H

/// What every libcurl user in CCurl (SMTP in csmtp.h, HTTP in chttp.h) shares. libcurl itself is
/// loaded with dlopen("libcurl.so.4") by one loader, at the first send, so a program that never
/// sends never loads libcurl or its libraries (OpenSSL, libssh2, ...).

/// 1 when libcurl.so.4 is mapped into this process (for tests that check it is not loaded).
int ccurl_library_loaded(void);

/// Sets `*flag` to 1 atomically, aborting a transfer whose progress callback polls it.
void ccurl_cancel(int *flag);

#endif
