/* PNG encoding to memory with libpng's classic API; the setjmp stays in this function. */

#include "cpng_shim.h"

#include <png.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    cpng_buffer *out;
    char *message;
    size_t message_size;
} write_context;

static void on_write_error(png_structp png, png_const_charp msg) {
    write_context *ctx = (write_context *)png_get_error_ptr(png);
    if (ctx->message != NULL && ctx->message_size > 0) {
        snprintf(ctx->message, ctx->message_size, "%s", msg != NULL ? msg : "unknown libpng error");
    }
    png_longjmp(png, 1);
}

static void on_write_warning(png_structp png, png_const_charp msg) {
    (void)png;
    (void)msg;
}

static void on_write(png_structp png, png_bytep bytes, size_t count) {
    write_context *ctx = (write_context *)png_get_io_ptr(png);
    cpng_buffer *out = ctx->out;
    if (out->capacity - out->count < count) {
        size_t capacity = out->capacity < 65536 ? 65536 : out->capacity;
        while (capacity - out->count < count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(out->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding");
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->count, bytes, count);
    out->count += count;
}

static void on_flush(png_structp png) { (void)png; }

int32_t cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         cpng_encode_options options, cpng_buffer *out, char *message,
                         size_t message_size) {
    out->bytes = NULL;
    out->count = 0;
    out->capacity = 0;
    if (message != NULL && message_size > 0) message[0] = 0;
    write_context ctx = {out, message, message_size};

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_write_error, on_write_warning);
    if (png == NULL) return CPNG_ERR_NOMEM;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return CPNG_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        cpng_buffer_free(out);
        return CPNG_ERR_CORRUPT;
    }

    png_set_write_fn(png, &ctx, on_write, on_flush);
    /* As for reading: past libpng's default 1,000,000-pixel side, up to PNG's own limit. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_compression_level(png, options.compression_level);
    png_set_compression_strategy(png, options.strategy);
    png_set_compression_buffer_size(png, 1 << 17);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    png_set_IHDR(png, info, width, height, 8,
                 options.drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    if (options.drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return CPNG_OK;
}

void cpng_buffer_free(cpng_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
    buffer->capacity = 0;
}
