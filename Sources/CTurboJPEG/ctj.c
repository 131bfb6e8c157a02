#include "ctj.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef void *tjhandle;
static tjhandle (*tj_init_decompress)(void);
static int (*tj_decompress_header3)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *);
static int (*tj_decompress2)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int, int);
static char *(*tj_get_error_str2)(tjhandle);
static int (*tj_destroy)(tjhandle);
static tjhandle (*tj_init_compress)(void);
static int (*tj_compress2)(tjhandle, const unsigned char *, int, int, int, int, unsigned char **, unsigned long *, int,
                           int, int);
static void (*tj_free)(unsigned char *);
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

enum { TJSAMP_420_SUBSAMPLING = 2, TJPF_RGBA_FORMAT = 7, TJFLAG_ACCURATEDCT_FLAG = 4096, TJFLAG_STOPONWARNING_FLAG = 8192 };

static void load(void) {
    void *library = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libturbojpeg.so.0 can't be loaded (%s); install it: apt-get install libturbojpeg0", dlerror());
        return;
    }
    tj_init_decompress = (tjhandle(*)(void))dlsym(library, "tjInitDecompress");
    tj_decompress_header3 = (int (*)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *))dlsym(
        library, "tjDecompressHeader3");
    tj_decompress2 = (int (*)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int,
                              int))dlsym(library, "tjDecompress2");
    tj_get_error_str2 = (char *(*)(tjhandle))dlsym(library, "tjGetErrorStr2");
    tj_destroy = (int (*)(tjhandle))dlsym(library, "tjDestroy");
    if (!tj_init_decompress || !tj_decompress_header3 || !tj_decompress2 || !tj_get_error_str2 || !tj_destroy) {
        snprintf(load_error, sizeof load_error, "libturbojpeg.so.0 lacks the TurboJPEG 2 functions; update libturbojpeg0");
        tj_init_decompress = NULL;
        return;
    }
    // Encoding is optional: a library without it still decodes.
    tj_init_compress = (tjhandle(*)(void))dlsym(library, "tjInitCompress");
    tj_compress2 = (int (*)(tjhandle, const unsigned char *, int, int, int, int, unsigned char **, unsigned long *, int,
                            int, int))dlsym(library, "tjCompress2");
    tj_free = (void (*)(unsigned char *))dlsym(library, "tjFree");
}

static int fail(char *error, size_t capacity, const char *message) {
    snprintf(error, capacity, "%s", message);
    return CTJ_FAILED;
}

static int ready(char *error, size_t capacity) {
    pthread_once(&load_once, load);
    if (!tj_init_decompress) {
        snprintf(error, capacity, "%s", load_error);
        return CTJ_NO_LIBRARY;
    }
    return 0;
}

int ctj_header(const uint8_t *jpeg, size_t size, int *width, int *height, int *colorspace, char *error,
               size_t error_capacity) {
    int status = ready(error, error_capacity);
    if (status != 0) return status;
    tjhandle handle = tj_init_decompress();
    if (!handle) return fail(error, error_capacity, "TurboJPEG could not start a decompressor");
    int subsampling = 0;
    int result = tj_decompress_header3(handle, jpeg, (unsigned long)size, width, height, &subsampling, colorspace);
    if (result != 0) fail(error, error_capacity, tj_get_error_str2(handle));
    tj_destroy(handle);
    return result == 0 ? 0 : CTJ_FAILED;
}

int ctj_decode_rgba(const uint8_t *jpeg, size_t size, uint8_t *rgba, int width, int height, char *error,
                    size_t error_capacity) {
    int status = ready(error, error_capacity);
    if (status != 0) return status;
    tjhandle handle = tj_init_decompress();
    if (!handle) return fail(error, error_capacity, "TurboJPEG could not start a decompressor");
    int result = tj_decompress2(handle, jpeg, (unsigned long)size, rgba, width, width * 4, height, TJPF_RGBA_FORMAT,
                                TJFLAG_ACCURATEDCT_FLAG | TJFLAG_STOPONWARNING_FLAG);
    if (result != 0) fail(error, error_capacity, tj_get_error_str2(handle));
    tj_destroy(handle);
    return result == 0 ? 0 : CTJ_FAILED;
}

int ctj_encode_rgba(const uint8_t *rgba, int width, int height, int quality, uint8_t **jpeg, size_t *size,
                    char *error, size_t error_capacity) {
    int status = ready(error, error_capacity);
    if (status != 0) return status;
    if (!tj_init_compress || !tj_compress2 || !tj_free) {
        snprintf(error, error_capacity, "libturbojpeg.so.0 lacks tjCompress2; update libturbojpeg0");
        return CTJ_NO_LIBRARY;
    }
    tjhandle handle = tj_init_compress();
    if (!handle) return fail(error, error_capacity, "TurboJPEG could not start a compressor");
    unsigned char *output = NULL;
    unsigned long length = 0;
    int result = tj_compress2(handle, rgba, width, width * 4, height, TJPF_RGBA_FORMAT, &output, &length,
                              TJSAMP_420_SUBSAMPLING, quality, TJFLAG_ACCURATEDCT_FLAG);
    if (result != 0) {
        fail(error, error_capacity, tj_get_error_str2(handle));
        if (output) tj_free(output);
        output = NULL;
        length = 0;
    }
    tj_destroy(handle);
    *jpeg = output;
    *size = (size_t)length;
    return result == 0 ? 0 : CTJ_FAILED;
}

void ctj_free(uint8_t *jpeg) {
    if (jpeg && tj_free) tj_free(jpeg);
}
