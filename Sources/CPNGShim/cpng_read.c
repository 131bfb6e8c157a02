/* Incremental PNG reading with libpng's classic API. Every function that calls into libpng owns a
 * setjmp, so libpng's longjmp lands here and never unwinds a Swift frame. */

#include "cpng_shim.h"

#include <png.h>
#include <zlib.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cpng_reader {
    png_structp png;
    png_infop info;
    FILE *file;
    char *file_buffer;
    const uint8_t *data;
    size_t size;
    size_t position;
    int32_t status;
    int32_t saved_errno;
    int at_end;
    int io_failed;
    int header_read;
    int passes;
    uint32_t height;
    uint32_t next_row;
    char message[256];
};

static int32_t classify(const cpng_reader *r, const char *msg) {
    if (r->io_failed) return CPNG_ERR_IO;
    if (r->at_end) return CPNG_ERR_TRUNCATED;
    if (strstr(msg, "CRC") != NULL) return CPNG_ERR_CHECKSUM;
    if (strstr(msg, "Not a PNG") != NULL || strstr(msg, "ASCII conversion") != NULL) return CPNG_ERR_SIGNATURE;
    if (strstr(msg, "memory") != NULL) return CPNG_ERR_NOMEM;
    return CPNG_ERR_CORRUPT;
}

static void on_error(png_structp png, png_const_charp msg) {
    cpng_reader *r = (cpng_reader *)png_get_error_ptr(png);
    const char *text = msg != NULL ? msg : "unknown libpng error";
    snprintf(r->message, sizeof r->message, "%s", text);
    r->status = classify(r, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    (void)png;
    (void)msg; /* Ancillary problems (a bad tEXt, an unknown ancillary chunk) are not fatal. */
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    cpng_reader *r = (cpng_reader *)png_get_io_ptr(png);
    if (r->file != NULL) {
        size_t got = fread(out, 1, count, r->file);
        if (got != count) {
            if (ferror(r->file)) {
                r->io_failed = 1;
                r->saved_errno = errno;
                png_error(png, "the file could not be read");
            }
            r->at_end = 1;
            png_error(png, "the file ends before the image does");
        }
        return;
    }
    if (r->size - r->position < count) {
        r->at_end = 1;
        png_error(png, "the data ends before the image does");
    }
    memcpy(out, r->data + r->position, count);
    r->position += count;
}

static cpng_reader *reader_new(void) {
    cpng_reader *r = (cpng_reader *)calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (r->png == NULL) {
        free(r);
        return NULL;
    }
    r->info = png_create_info_struct(r->png);
    if (r->info == NULL) {
        png_destroy_read_struct(&r->png, NULL, NULL);
        free(r);
        return NULL;
    }
    png_set_read_fn(r->png, r, on_read);
    /* A damaged ancillary chunk fails the read as a critical one does (libpng's default only
     * warns and drops it), so decoding agrees with inspection, which checks every CRC. */
    png_set_crc_action(r->png, PNG_CRC_DEFAULT, PNG_CRC_ERROR_QUIT);
    /* libpng refuses images over 1,000,000 pixels wide or high by default, and calls a valid
     * 1,048,576x1 file damaged. The Swift side checks its own limits (DecodeLimits: pixels and
     * memory) from the scanned header before libpng runs, with messages that name them; PNG's
     * own limit is 2^31-1. */
    png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
    return r;
}

cpng_reader *cpng_reader_open_descriptor(int fd, int32_t *errno_out) {
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0); /* dup, kept out of any child process */
    if (copy < 0) {
        if (errno_out != NULL) *errno_out = errno;
        return NULL;
    }
    FILE *file = lseek(copy, 0, SEEK_SET) == 0 ? fdopen(copy, "rb") : NULL;
    if (file == NULL) {
        if (errno_out != NULL) *errno_out = errno;
        close(copy);
        return NULL;
    }
    cpng_reader *r = reader_new();
    if (r == NULL) {
        fclose(file);
        if (errno_out != NULL) *errno_out = ENOMEM;
        return NULL;
    }
    r->file = file;
    r->file_buffer = (char *)malloc(1 << 16);
    if (r->file_buffer != NULL) setvbuf(file, r->file_buffer, _IOFBF, 1 << 16);
    return r;
}

cpng_reader *cpng_reader_open_memory(const uint8_t *data, size_t size) {
    cpng_reader *r = reader_new();
    if (r == NULL) return NULL;
    r->data = data;
    r->size = size;
    return r;
}

static void set_rgba8_transform(png_structp png, png_infop info, int color_type, int bit_depth) {
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(png);
    /* The high byte, as Pillow and most decoders take it (not libpng's simplified API, which
     * converts through linear light). */
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
}

int32_t cpng_reader_read_header(cpng_reader *r) {
    if (r->status != CPNG_OK) return r->status;
    if (r->header_read) {
        snprintf(r->message, sizeof r->message, "the header was already read");
        return r->status = CPNG_ERR_STATE;
    }
    if (setjmp(png_jmpbuf(r->png))) return r->status != CPNG_OK ? r->status : CPNG_ERR_CORRUPT;

    png_read_info(r->png, r->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(r->png, r->info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    set_rgba8_transform(r->png, r->info, color_type, bit_depth);
    r->passes = png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    if (png_get_rowbytes(r->png, r->info) != (size_t)width * 4) {
        snprintf(r->message, sizeof r->message, "libpng did not produce 4 bytes a pixel");
        return r->status = CPNG_ERR_STATE;
    }
    r->height = height;
    r->header_read = 1;
    return CPNG_OK;
}

int32_t cpng_reader_read_rows(cpng_reader *r, uint8_t *rows, uint32_t count, size_t stride) {
    if (r->status != CPNG_OK) return r->status;
    if (!r->header_read || r->passes != 1 || count > r->height - r->next_row) {
        snprintf(r->message, sizeof r->message, "rows requested out of order or past the end");
        return r->status = CPNG_ERR_STATE;
    }
    if (setjmp(png_jmpbuf(r->png))) return r->status != CPNG_OK ? r->status : CPNG_ERR_CORRUPT;
    for (uint32_t i = 0; i < count; i++) {
        png_read_row(r->png, rows + (size_t)i * stride, NULL);
        r->next_row++;
    }
    return CPNG_OK;
}

int32_t cpng_reader_read_image(cpng_reader *r, uint8_t *pixels, size_t stride) {
    if (r->status != CPNG_OK) return r->status;
    if (!r->header_read || r->next_row != 0) {
        snprintf(r->message, sizeof r->message, "the image was already partly read");
        return r->status = CPNG_ERR_STATE;
    }
    if (setjmp(png_jmpbuf(r->png))) return r->status != CPNG_OK ? r->status : CPNG_ERR_CORRUPT;
    for (int pass = 0; pass < r->passes; pass++) {
        for (uint32_t y = 0; y < r->height; y++) png_read_row(r->png, pixels + (size_t)y * stride, NULL);
    }
    r->next_row = r->height;
    return CPNG_OK;
}

int32_t cpng_reader_finish(cpng_reader *r) {
    if (r->status != CPNG_OK) return r->status;
    if (!r->header_read || r->next_row != r->height) {
        snprintf(r->message, sizeof r->message, "finish called before every row was read");
        return r->status = CPNG_ERR_STATE;
    }
    if (setjmp(png_jmpbuf(r->png))) return r->status != CPNG_OK ? r->status : CPNG_ERR_CORRUPT;
    png_read_end(r->png, NULL);
    return CPNG_OK;
}

const char *cpng_reader_message(const cpng_reader *r) { return r->message; }

int32_t cpng_reader_errno(const cpng_reader *r) { return r->saved_errno; }

void cpng_reader_close(cpng_reader *r) {
    if (r == NULL) return;
    png_destroy_read_struct(&r->png, &r->info, NULL);
    if (r->file != NULL) fclose(r->file);
    free(r->file_buffer);
    free(r);
}

/* MARK: Checksums */

uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    if (count == 0) return crc; /* zlib answers 0 for a NULL buffer, whatever crc is */
    return (uint32_t)crc32_z(crc, bytes, count);
}
