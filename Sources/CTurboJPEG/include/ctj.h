#ifndef CTJ_H
#define CTJ_H

#include <stddef.h>
#include <stdint.h>

/// libjpeg-turbo's TurboJPEG API, loaded with dlopen("libturbojpeg.so.0") at the first call, so
/// a program that never decodes a JPEG never loads it. Only plain C types cross this header.
///
/// Every function returns 0 on success, CTJ_NO_LIBRARY when the library can't be loaded, or
/// CTJ_FAILED when the JPEG can't be read; `error` then holds a message (NUL-terminated).

#define CTJ_NO_LIBRARY (-1)
#define CTJ_FAILED (-2)

/// TurboJPEG's colour spaces (TJCS_*), as `ctj_header` reports them.
#define CTJ_CS_RGB 0
#define CTJ_CS_YCBCR 1
#define CTJ_CS_GRAY 2
#define CTJ_CS_CMYK 3
#define CTJ_CS_YCCK 4

/// Reads the size and colour space from the JPEG's headers, without decoding.
int ctj_header(const uint8_t *jpeg, size_t size, int *width, int *height, int *colorspace,
               char *error, size_t error_capacity);

/// Decodes the JPEG into `rgba` (width * height * 4 bytes, opaque), with the accurate integer
/// DCT and smooth upsampling (what `djpeg` does by default); a warning (a truncated or damaged
/// stream) is an error.
int ctj_decode_rgba(const uint8_t *jpeg, size_t size, uint8_t *rgba, int width, int height,
                    char *error, size_t error_capacity);

/// Encodes `rgba` (width * height * 4 bytes; alpha ignored, so composite first) as a baseline
/// JPEG at `quality` (1-100, 4:2:0 chroma). `*jpeg` is then owned by the caller: free it with
/// `ctj_free`.
int ctj_encode_rgba(const uint8_t *rgba, int width, int height, int quality, uint8_t **jpeg, size_t *size,
                    char *error, size_t error_capacity);

/// Frees what `ctj_encode_rgba` returned.
void ctj_free(uint8_t *jpeg);

#endif
