/* Hot pixel loops: a streaming separable resampler, edge sums, gradient compositing. */

#include "cpng_shim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* MARK: Weight tables */

/* For each output index: the first source index and `taps` weights (zero-padded). */
typedef struct {
    uint32_t *start;
    float *weights;
    uint32_t taps;
    uint32_t count;
} weight_table;

static void table_free(weight_table *t) {
    free(t->start);
    free(t->weights);
    t->start = NULL;
    t->weights = NULL;
}

/* Area averaging when shrinking (each output pixel is the exact mean of the source area it
 * covers), linear interpolation when enlarging, identity when equal. Weights sum to 1. */
static int table_build(weight_table *t, uint32_t src, uint32_t dst) {
    t->count = dst;
    double scale = (double)src / (double)dst; /* source pixels per output pixel */
    uint32_t taps = dst < src ? (uint32_t)ceil(scale) + 1 : 2;
    t->taps = taps;
    t->start = (uint32_t *)calloc(dst, sizeof(uint32_t));
    t->weights = (float *)calloc((size_t)dst * taps, sizeof(float));
    if (t->start == NULL || t->weights == NULL) {
        table_free(t);
        return 0;
    }
    for (uint32_t i = 0; i < dst; i++) {
        float *w = t->weights + (size_t)i * taps;
        if (dst < src) {
            double lo = i * scale, hi = (i + 1) * scale;
            uint32_t first = (uint32_t)floor(lo);
            if (first >= src) first = src - 1;
            t->start[i] = first;
            double total = 0;
            for (uint32_t k = 0; k < taps && first + k < src; k++) {
                double a = first + k, b = a + 1;
                double overlap = (b < hi ? b : hi) - (a > lo ? a : lo);
                if (overlap < 0) overlap = 0;
                w[k] = (float)overlap;
                total += overlap;
            }
            for (uint32_t k = 0; k < taps; k++) w[k] = (float)(w[k] / total);
        } else if (dst == src) {
            t->start[i] = i;
            w[0] = 1.0f;
        } else {
            double center = (i + 0.5) * scale - 0.5;
            if (center < 0) center = 0;
            uint32_t first = (uint32_t)floor(center);
            if (first >= src - 1) {
                t->start[i] = src - 1;
                w[0] = 1.0f;
            } else {
                double frac = center - first;
                t->start[i] = first;
                w[0] = (float)(1.0 - frac);
                w[1] = (float)frac;
            }
        }
    }
    return 1;
}

/* The last source index output i reads, plus one. */
static uint32_t table_end(const weight_table *t, uint32_t i, uint32_t src) {
    uint32_t end = t->start[i];
    const float *w = t->weights + (size_t)i * t->taps;
    for (uint32_t k = 0; k < t->taps; k++) {
        if (w[k] != 0.0f) end = t->start[i] + k + 1;
    }
    if (end > src) end = src;
    if (end == 0) end = 1;
    return end;
}

/* MARK: Resampler */

struct cpng_resampler {
    uint32_t src_w, src_h, dst_w, dst_h;
    uint8_t *dst;
    size_t dst_stride;
    int opaque;
    int identity;
    weight_table h, v;
    uint32_t *v_end; /* per output row: source rows needed, exclusive end */
    float *ring;     /* ring_rows horizontally resampled rows, dst_w * 4 floats each */
    uint32_t ring_rows;
    uint32_t next_src;
    uint32_t next_dst;
};

cpng_resampler *cpng_resampler_create(uint32_t src_w, uint32_t src_h, uint32_t dst_w,
                                      uint32_t dst_h, uint8_t *dst, size_t dst_stride,
                                      int32_t opaque) {
    if (src_w == 0 || src_h == 0 || dst_w == 0 || dst_h == 0 || dst == NULL) return NULL;
    cpng_resampler *r = (cpng_resampler *)calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->src_w = src_w;
    r->src_h = src_h;
    r->dst_w = dst_w;
    r->dst_h = dst_h;
    r->dst = dst;
    r->dst_stride = dst_stride;
    r->opaque = opaque != 0;
    r->identity = src_w == dst_w && src_h == dst_h;
    if (r->identity) return r;
    if (!table_build(&r->h, src_w, dst_w) || !table_build(&r->v, src_h, dst_h)) {
        cpng_resampler_destroy(r);
        return NULL;
    }
    r->v_end = (uint32_t *)malloc(sizeof(uint32_t) * dst_h);
    r->ring_rows = r->v.taps + 1;
    r->ring = (float *)malloc(sizeof(float) * 4 * (size_t)dst_w * r->ring_rows);
    if (r->v_end == NULL || r->ring == NULL) {
        cpng_resampler_destroy(r);
        return NULL;
    }
    for (uint32_t i = 0; i < dst_h; i++) r->v_end[i] = table_end(&r->v, i, src_h);
    return r;
}

void cpng_resampler_destroy(cpng_resampler *r) {
    if (r == NULL) return;
    table_free(&r->h);
    table_free(&r->v);
    free(r->v_end);
    free(r->ring);
    free(r);
}

static void horizontal(const cpng_resampler *r, const uint8_t *row, float *out) {
    const uint32_t taps = r->h.taps;
    for (uint32_t x = 0; x < r->dst_w; x++) {
        const uint8_t *p = row + (size_t)r->h.start[x] * 4;
        const float *w = r->h.weights + (size_t)x * taps;
        uint32_t n = taps;
        if (r->h.start[x] + n > r->src_w) n = r->src_w - r->h.start[x];
        float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        if (r->opaque) {
            for (uint32_t k = 0; k < n; k++, p += 4) {
                c0 += w[k] * p[0];
                c1 += w[k] * p[1];
                c2 += w[k] * p[2];
            }
            c3 = 255.0f;
        } else {
            for (uint32_t k = 0; k < n; k++, p += 4) {
                float wa = w[k] * p[3];
                c0 += wa * p[0];
                c1 += wa * p[1];
                c2 += wa * p[2];
                c3 += wa;
            }
        }
        out[4 * x] = c0;
        out[4 * x + 1] = c1;
        out[4 * x + 2] = c2;
        out[4 * x + 3] = c3;
    }
}

static inline uint8_t to_byte(float v) {
    if (v <= 0.0f) return 0;
    if (v >= 255.0f) return 255;
    return (uint8_t)(v + 0.5f);
}

static void emit_row(cpng_resampler *r, uint32_t y) {
    const uint32_t first = r->v.start[y];
    const float *weights = r->v.weights + (size_t)y * r->v.taps;
    const uint32_t n = r->v_end[y] - first; /* at most taps, which the ring holds */
    const size_t width4 = (size_t)r->dst_w * 4;
    uint8_t *out = r->dst + (size_t)y * r->dst_stride;
    for (size_t i = 0; i < width4; i += 4) {
        float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (uint32_t k = 0; k < n; k++) {
            const float *s = r->ring + (size_t)((first + k) % r->ring_rows) * width4 + i;
            c0 += weights[k] * s[0];
            c1 += weights[k] * s[1];
            c2 += weights[k] * s[2];
            c3 += weights[k] * s[3];
        }
        if (r->opaque) {
            out[i] = to_byte(c0);
            out[i + 1] = to_byte(c1);
            out[i + 2] = to_byte(c2);
            out[i + 3] = 255;
        } else if (c3 < 0.5f / 255.0f) {
            out[i] = out[i + 1] = out[i + 2] = out[i + 3] = 0;
        } else {
            float inv = 1.0f / c3;
            out[i] = to_byte(c0 * inv);
            out[i + 1] = to_byte(c1 * inv);
            out[i + 2] = to_byte(c2 * inv);
            out[i + 3] = to_byte(c3);
        }
    }
}

uint32_t cpng_resampler_push_row(cpng_resampler *r, const uint8_t *row) {
    if (r->next_src >= r->src_h) return r->next_dst;
    if (r->identity) {
        memcpy(r->dst + (size_t)r->next_src * r->dst_stride, row, (size_t)r->src_w * 4);
        r->next_src++;
        r->next_dst = r->next_src;
        return r->next_dst;
    }
    uint32_t y = r->next_src++;
    /* Skip source rows no output row reads (cannot happen when shrinking; cheap to check). */
    if (r->next_dst < r->dst_h && y >= r->v.start[r->next_dst]) {
        horizontal(r, row, r->ring + (size_t)(y % r->ring_rows) * (size_t)r->dst_w * 4);
    }
    while (r->next_dst < r->dst_h && r->v_end[r->next_dst] <= r->next_src) {
        emit_row(r, r->next_dst);
        r->next_dst++;
    }
    return r->next_dst;
}

/* MARK: Edges, gradient, opacity */

void cpng_accumulate_edge(const uint8_t *row, uint32_t width, uint64_t sums[8]) {
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, u0 = 0, u1 = 0, u2 = 0;
    for (uint32_t x = 0; x < width; x++, row += 4) {
        uint32_t a = row[3];
        s0 += (uint32_t)row[0] * a;
        s1 += (uint32_t)row[1] * a;
        s2 += (uint32_t)row[2] * a;
        s3 += a;
        u0 += row[0];
        u1 += row[1];
        u2 += row[2];
    }
    sums[0] += s0;
    sums[1] += s1;
    sums[2] += s2;
    sums[3] += s3;
    sums[4] += u0;
    sums[5] += u1;
    sums[6] += u2;
    sums[7] += width;
}

void cpng_gradient_under(uint8_t *canvas, uint32_t width, uint32_t height, size_t stride,
                         uint32_t top, uint32_t bottom) {
    const int t[3] = {(int)((top >> 16) & 0xFF), (int)((top >> 8) & 0xFF), (int)(top & 0xFF)};
    const int b[3] = {(int)((bottom >> 16) & 0xFF), (int)((bottom >> 8) & 0xFF), (int)(bottom & 0xFF)};
    const uint32_t span = height > 1 ? height - 1 : 1;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t g[3];
        for (int c = 0; c < 3; c++) {
            /* Rounded integer interpolation: exact endpoints, no floating-point drift. */
            int64_t num = (int64_t)t[c] * (span - y) + (int64_t)b[c] * y;
            g[c] = (uint8_t)((num * 2 + span) / (2 * (int64_t)span));
        }
        uint8_t *p = canvas + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            uint32_t a = p[3];
            if (a == 255) continue;
            if (a == 0) {
                p[0] = g[0];
                p[1] = g[1];
                p[2] = g[2];
            } else {
                uint32_t ia = 255 - a;
                p[0] = (uint8_t)((p[0] * a + g[0] * ia + 127) / 255);
                p[1] = (uint8_t)((p[1] * a + g[1] * ia + 127) / 255);
                p[2] = (uint8_t)((p[2] * a + g[2] * ia + 127) / 255);
            }
            p[3] = 255;
        }
    }
}

int32_t cpng_is_opaque(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = pixels + (size_t)y * stride + 3;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            if (*p != 255) return 0;
        }
    }
    return 1;
}
