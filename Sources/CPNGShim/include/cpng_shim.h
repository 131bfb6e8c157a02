#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

/*
 * The image pipeline's C layer over libpng and zlib (the target links libz; CRC-32 is zlib's).
 *
 * Every libpng call that can fail runs inside a C function of this target that owns the setjmp,
 * so libpng's longjmp never crosses a Swift frame. This header exposes only plain C types: png.h
 * stays private to the .c files. The hot pixel loops (resampling, compositing, edge sums) live
 * here too, so they run without per-pixel bounds checks.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: Status codes shared by the reader and the writer. */

enum {
    CPNG_OK = 0,
    CPNG_ERR_IO = 1,        /* the operating system failed a read; errno is in cpng_reader_errno */
    CPNG_ERR_TRUNCATED = 2, /* the data ended before the image did */
    CPNG_ERR_CHECKSUM = 3,  /* a chunk's CRC does not match its contents */
    CPNG_ERR_SIGNATURE = 4, /* not a PNG signature */
    CPNG_ERR_CORRUPT = 5,   /* libpng rejected the data; the message says why */
    CPNG_ERR_NOMEM = 6,     /* an allocation failed */
    CPNG_ERR_STATE = 7      /* the reader was used after a failure or out of order */
};

/* MARK: Reading */

/** An incremental PNG reader producing RGBA8 rows. Not thread-safe; one owner at a time. */
typedef struct cpng_reader cpng_reader;

/**
 * Reads from an open file descriptor, which the caller keeps: the reader reads a duplicate of it
 * from the start, so it decodes exactly the file the caller opened (and checked), not whatever a
 * path names by now. Returns NULL and sets *errno_out on failure.
 */
cpng_reader *cpng_reader_open_descriptor(int fd, int32_t *errno_out);

/** Reads from memory; the caller keeps `data` alive and unchanged until cpng_reader_close. */
cpng_reader *cpng_reader_open_memory(const uint8_t *data, size_t size);

/**
 * Reads everything up to the image data and sets up the transformation to RGBA8 (palette
 * expanded, tRNS to alpha, 16-bit stripped to the high byte, grey replicated, opaque filler).
 * Every chunk's CRC is checked, ancillary ones included: a mismatch is CPNG_ERR_CHECKSUM.
 */
int32_t cpng_reader_read_header(cpng_reader *reader);

/** Reads the next `count` rows of a non-interlaced image, RGBA8, `stride` bytes apart. */
int32_t cpng_reader_read_rows(cpng_reader *reader, uint8_t *rows, uint32_t count, size_t stride);

/** Reads the whole image (any interlacing) as RGBA8 rows `stride` bytes apart. */
int32_t cpng_reader_read_image(cpng_reader *reader, uint8_t *pixels, size_t stride);

/** Reads the chunks after the image data through IEND, checking their CRCs. */
int32_t cpng_reader_finish(cpng_reader *reader);

/** The message of the last failure (empty if none). Valid until the reader is closed. */
const char *cpng_reader_message(const cpng_reader *reader);

/** The errno of the last CPNG_ERR_IO failure. */
int32_t cpng_reader_errno(const cpng_reader *reader);

/** Frees the reader and closes its file. Accepts NULL. */
void cpng_reader_close(cpng_reader *reader);

/* MARK: Writing */

enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8
};

/** A byte buffer allocated by the writer; free it with cpng_buffer_free. */
typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} cpng_buffer;

/** Options for cpng_encode_rgba. */
typedef struct {
    int32_t compression_level; /* zlib level 0-9 */
    int32_t filters;           /* a CPNG_FILTER_* mask; several bits let libpng choose per row */
    int32_t strategy;          /* zlib strategy: 0 default, 1 filtered, 2 huffman only, 3 RLE */
    int32_t drop_alpha;        /* 1 to write colour type 2 (RGB) and discard the alpha bytes */
} cpng_encode_options;

/**
 * Encodes RGBA8 rows to a PNG in memory. On success *out holds the file; on failure it is empty
 * and `message` (of `message_size` bytes) says why.
 */
int32_t cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         cpng_encode_options options, cpng_buffer *out, char *message,
                         size_t message_size);

/** Frees a buffer filled by cpng_encode_rgba. */
void cpng_buffer_free(cpng_buffer *buffer);

/* MARK: Checksums */

/** zlib's CRC-32 (crc32_z), as PNG chunks use: pass 0 to start, then the running value. */
uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

/* MARK: Pixel loops */

/** A separable resampler fed one source row at a time, writing RGBA8 output rows. */
typedef struct cpng_resampler cpng_resampler;

/**
 * Creates a resampler from src_w x src_h to dst_w x dst_h. Downscaling averages areas (a box
 * filter with exact fractional coverage); upscaling interpolates linearly; equal sizes copy.
 * Output row y is written at dst + y * dst_stride. `opaque` = 1 promises every alpha is 255
 * (skips premultiplication). Returns NULL on a zero size or when memory runs out.
 */
cpng_resampler *cpng_resampler_create(uint32_t src_w, uint32_t src_h, uint32_t dst_w,
                                      uint32_t dst_h, uint8_t *dst, size_t dst_stride,
                                      int32_t opaque);

/** Feeds the next source row (RGBA8). Returns the number of output rows completed so far. */
uint32_t cpng_resampler_push_row(cpng_resampler *resampler, const uint8_t *row);

/** Frees the resampler. Accepts NULL. */
void cpng_resampler_destroy(cpng_resampler *resampler);

/**
 * Adds one RGBA8 row into edge sums: sums[0..2] += colour * alpha, sums[3] += alpha,
 * sums[4..6] += colour (unweighted, for fully transparent bands), sums[7] += pixel count.
 */
void cpng_accumulate_edge(const uint8_t *row, uint32_t width, uint64_t sums[8]);

/**
 * Composites a vertical gradient under the canvas: each pixel becomes pixel OVER gradient, with
 * the gradient running from `top` (row 0) to `bottom` (last row), both 0xRRGGBB. Every output
 * pixel is opaque.
 */
void cpng_gradient_under(uint8_t *canvas, uint32_t width, uint32_t height, size_t stride,
                         uint32_t top, uint32_t bottom);

/** Returns 1 if every alpha byte of the RGBA8 image is 255. */
int32_t cpng_is_opaque(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride);

#ifdef __cplusplus
}
#endif

#endif
