#include "ccard.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Cairo, Pango and GLib are reached only through these pointers, found with dlsym; their types
// are opaque here, so no development headers are needed to build.
typedef struct {
    int x, y, width, height;
} rectangle;

static void *(*cairo_image_surface_create_for_data_)(unsigned char *, int, int, int, int);
static void (*cairo_surface_mark_dirty_)(void *);
static void *(*cairo_create_)(void *);
static void (*cairo_destroy_)(void *);
static void (*cairo_surface_destroy_)(void *);
static void (*cairo_surface_flush_)(void *);
static int (*cairo_surface_status_)(void *);
static void *(*cairo_pattern_create_linear_)(double, double, double, double);
static void (*cairo_pattern_add_color_stop_rgba_)(void *, double, double, double, double, double);
static void (*cairo_pattern_destroy_)(void *);
static void (*cairo_set_source_)(void *, void *);
static void (*cairo_set_source_rgba_)(void *, double, double, double, double);
static void (*cairo_rectangle_)(void *, double, double, double, double);
static void (*cairo_fill_)(void *);
static void (*cairo_stroke_)(void *);
static void (*cairo_new_path_)(void *);
static void (*cairo_new_sub_path_)(void *);
static void (*cairo_close_path_)(void *);
static void (*cairo_arc_)(void *, double, double, double, double, double);
static void (*cairo_set_line_width_)(void *, double);
static void (*cairo_set_line_cap_)(void *, int);
static void (*cairo_move_to_)(void *, double, double);
static void (*cairo_line_to_)(void *, double, double);
static void (*cairo_set_line_join_)(void *, int);
static void *(*cairo_font_options_create_)(void);
static void (*cairo_font_options_destroy_)(void *);
static void (*cairo_font_options_set_antialias_)(void *, int);
static void (*cairo_font_options_set_hint_style_)(void *, int);
static void (*cairo_font_options_set_hint_metrics_)(void *, int);

static void *(*pango_cairo_create_context_)(void *);
static void (*pango_cairo_context_set_font_options_)(void *, const void *);
static void (*pango_cairo_show_layout_)(void *, void *);

static void *(*pango_layout_new_)(void *);
static void (*pango_layout_set_text_)(void *, const char *, int);
static void (*pango_layout_set_font_description_)(void *, const void *);
static void (*pango_layout_set_width_)(void *, int);
static void (*pango_layout_set_height_)(void *, int);
static void (*pango_layout_set_wrap_)(void *, int);
static void (*pango_layout_set_ellipsize_)(void *, int);
static void (*pango_layout_set_alignment_)(void *, int);
static void (*pango_layout_set_auto_dir_)(void *, int);
static void (*pango_layout_set_attributes_)(void *, void *);
static void (*pango_layout_get_pixel_extents_)(void *, rectangle *, rectangle *);
static int (*pango_layout_get_unknown_glyphs_count_)(void *);
static int (*pango_layout_get_baseline_)(void *);
static int (*pango_layout_is_ellipsized_)(void *);
static void (*pango_context_set_base_dir_)(void *, int);
static void (*pango_context_set_language_)(void *, void *);
static void *(*pango_language_from_string_)(const char *);
static void *(*pango_font_description_from_string_)(const char *);
static void (*pango_font_description_set_absolute_size_)(void *, double);
static void (*pango_font_description_set_weight_)(void *, int);
static void (*pango_font_description_free_)(void *);
static void *(*pango_attr_list_new_)(void);
static void (*pango_attr_list_insert_)(void *, void *);
static void (*pango_attr_list_unref_)(void *);
static void *(*pango_attr_language_new_)(void *);
static void *(*pango_attr_line_height_new_absolute_)(int);
static void (*g_object_unref_)(void *);

static int loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define PANGO_SCALE 1024

static void *open_library(const char *name, const char *package) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library && !load_error[0]) {
        snprintf(load_error, sizeof load_error, "%s can't be loaded (%s); install it: apt-get install %s", name,
                 dlerror(), package);
    }
    return library;
}

#define FIND(library, name)                                                                                    \
    do {                                                                                                       \
        *(void **)(&name##_) = dlsym(library, #name);                                                          \
        if (!name##_) {                                                                                        \
            snprintf(load_error, sizeof load_error, "%s is missing from the installed Cairo/Pango libraries; " \
                     "update them: apt-get install --only-upgrade libcairo2 libpango-1.0-0 libpangocairo-1.0-0", #name); \
            return;                                                                                            \
        }                                                                                                      \
    } while (0)

static void load(void) {
    void *cairo = open_library("libcairo.so.2", "libcairo2");
    void *gobject = open_library("libgobject-2.0.so.0", "libglib2.0-0");
    void *pango = open_library("libpango-1.0.so.0", "libpango-1.0-0");
    void *pangocairo = open_library("libpangocairo-1.0.so.0", "libpangocairo-1.0-0");
    if (!cairo || !gobject || !pango || !pangocairo) return;
    FIND(cairo, cairo_image_surface_create_for_data);
    FIND(cairo, cairo_surface_mark_dirty);
    FIND(cairo, cairo_create);
    FIND(cairo, cairo_destroy);
    FIND(cairo, cairo_surface_destroy);
    FIND(cairo, cairo_surface_flush);
    FIND(cairo, cairo_surface_status);
    FIND(cairo, cairo_pattern_create_linear);
    FIND(cairo, cairo_pattern_add_color_stop_rgba);
    FIND(cairo, cairo_pattern_destroy);
    FIND(cairo, cairo_set_source);
    FIND(cairo, cairo_set_source_rgba);
    FIND(cairo, cairo_rectangle);
    FIND(cairo, cairo_fill);
    FIND(cairo, cairo_stroke);
    FIND(cairo, cairo_new_path);
    FIND(cairo, cairo_new_sub_path);
    FIND(cairo, cairo_close_path);
    FIND(cairo, cairo_arc);
    FIND(cairo, cairo_set_line_width);
    FIND(cairo, cairo_set_line_cap);
    FIND(cairo, cairo_move_to);
    FIND(cairo, cairo_line_to);
    FIND(cairo, cairo_set_line_join);
    FIND(cairo, cairo_font_options_create);
    FIND(cairo, cairo_font_options_destroy);
    FIND(cairo, cairo_font_options_set_antialias);
    FIND(cairo, cairo_font_options_set_hint_style);
    FIND(cairo, cairo_font_options_set_hint_metrics);
    FIND(pangocairo, pango_cairo_create_context);
    FIND(pangocairo, pango_cairo_context_set_font_options);
    FIND(pangocairo, pango_cairo_show_layout);
    FIND(pango, pango_layout_new);
    FIND(pango, pango_layout_set_text);
    FIND(pango, pango_layout_set_font_description);
    FIND(pango, pango_layout_set_width);
    FIND(pango, pango_layout_set_height);
    FIND(pango, pango_layout_set_wrap);
    FIND(pango, pango_layout_set_ellipsize);
    FIND(pango, pango_layout_set_alignment);
    FIND(pango, pango_layout_set_auto_dir);
    FIND(pango, pango_layout_set_attributes);
    FIND(pango, pango_layout_get_pixel_extents);
    FIND(pango, pango_layout_get_unknown_glyphs_count);
    FIND(pango, pango_layout_get_baseline);
    FIND(pango, pango_layout_is_ellipsized);
    FIND(pango, pango_context_set_base_dir);
    FIND(pango, pango_context_set_language);
    FIND(pango, pango_language_from_string);
    FIND(pango, pango_font_description_from_string);
    FIND(pango, pango_font_description_set_absolute_size);
    FIND(pango, pango_font_description_set_weight);
    FIND(pango, pango_font_description_free);
    FIND(pango, pango_attr_list_new);
    FIND(pango, pango_attr_list_insert);
    FIND(pango, pango_attr_list_unref);
    FIND(pango, pango_attr_language_new);
    FIND(pango, pango_attr_line_height_new_absolute);
    FIND(gobject, g_object_unref);
    loaded = 1;
}

int ccard_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    snprintf(error, error_size, "%s", load_error);
    return -1;
}

struct ccard_canvas {
    int width, height;
    uint8_t *pixels;
    void *surface;
    void *cr;
    void *pango;
};

ccard_canvas *ccard_canvas_create(uint8_t *pixels, int width, int height) {
    if (!loaded || width <= 0 || height <= 0) return NULL;
    ccard_canvas *canvas = calloc(1, sizeof *canvas);
    if (!canvas) return NULL;
    canvas->width = width;
    canvas->height = height;
    canvas->pixels = pixels;
    // RGB24 keeps 4 bytes a pixel, so Cairo draws straight into the caller's RGBA buffer and
    // ccard_canvas_finish_rgba reorders the bytes where they are: no second image, no copy.
    canvas->surface = cairo_image_surface_create_for_data_(pixels, 1 /* CAIRO_FORMAT_RGB24 */, width, height, width * 4);
    if (cairo_surface_status_(canvas->surface) != 0) {
        cairo_surface_destroy_(canvas->surface);
        free(canvas);
        return NULL;
    }
    canvas->cr = cairo_create_(canvas->surface);
    canvas->pango = pango_cairo_create_context_(canvas->cr);
    // Grey antialiasing, no hinting: the same pixels whatever the screen settings say.
    void *options = cairo_font_options_create_();
    cairo_font_options_set_antialias_(options, 2 /* GRAY */);
    cairo_font_options_set_hint_style_(options, 1 /* NONE */);
    cairo_font_options_set_hint_metrics_(options, 1 /* OFF */);
    pango_cairo_context_set_font_options_(canvas->pango, options);
    cairo_font_options_destroy_(options);
    return canvas;
}

void ccard_canvas_destroy(ccard_canvas *canvas) {
    if (!canvas) return;
    g_object_unref_(canvas->pango);
    cairo_destroy_(canvas->cr);
    cairo_surface_destroy_(canvas->surface);
    free(canvas);
}

void ccard_canvas_finish_rgba(ccard_canvas *canvas) {
    cairo_surface_flush_(canvas->surface);
    size_t count = (size_t)canvas->width * canvas->height;
    uint8_t *bytes = canvas->pixels;
    for (size_t i = 0; i < count; i++) {
        uint32_t pixel;  // xRGB in native byte order
        memcpy(&pixel, bytes + i * 4, 4);
        uint8_t rgba[4] = {(uint8_t)(pixel >> 16), (uint8_t)(pixel >> 8), (uint8_t)pixel, 0xFF};
        memcpy(bytes + i * 4, rgba, 4);
    }
}

/// Fills whole rows of the canvas with a vertical gradient of opaque colours, straight into the
/// pixels (a solid colour a row, as Cairo's gradient gives a vertical one): much faster than
/// Cairo's per-pixel gradient on a full card.
static void fill_rows(ccard_canvas *canvas, int top, int bottom, double y0, double y1, ccard_color from,
                      ccard_color to) {
    cairo_surface_flush_(canvas->surface);
    for (int y = top; y < bottom; y++) {
        double t = y1 == y0 ? 0 : ((y + 0.5) - y0) / (y1 - y0);
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        uint32_t r = (uint32_t)lround((from.r + (to.r - from.r) * t) * 255);
        uint32_t g = (uint32_t)lround((from.g + (to.g - from.g) * t) * 255);
        uint32_t b = (uint32_t)lround((from.b + (to.b - from.b) * t) * 255);
        uint32_t pixel = 0xFF000000u | r << 16 | g << 8 | b;
        uint32_t *row = (uint32_t *)(canvas->pixels + (size_t)y * canvas->width * 4);
        for (int x = 0; x < canvas->width; x++) row[x] = pixel;
    }
    cairo_surface_mark_dirty_(canvas->surface);
}

void ccard_fill_gradient(ccard_canvas *canvas, double x, double y, double width, double height, double x0, double y0,
                         double x1, double y1, ccard_color from, ccard_color to) {
    if (x0 == x1 && x == 0 && width == canvas->width && y == floor(y) && height == floor(height) && y >= 0 &&
        y + height <= canvas->height && from.a == 1 && to.a == 1) {
        fill_rows(canvas, (int)y, (int)(y + height), y0, y1, from, to);
        return;
    }
    void *pattern = cairo_pattern_create_linear_(x0, y0, x1, y1);
    cairo_pattern_add_color_stop_rgba_(pattern, 0, from.r, from.g, from.b, from.a);
    cairo_pattern_add_color_stop_rgba_(pattern, 1, to.r, to.g, to.b, to.a);
    cairo_new_path_(canvas->cr);
    cairo_rectangle_(canvas->cr, x, y, width, height);
    cairo_set_source_(canvas->cr, pattern);
    cairo_fill_(canvas->cr);
    cairo_pattern_destroy_(pattern);
}

void ccard_fill_rounded(ccard_canvas *canvas, double x, double y, double width, double height, double radius,
                        ccard_color color) {
    void *cr = canvas->cr;
    double r = fmin(radius, fmin(width, height) / 2);
    cairo_new_path_(cr);
    if (r <= 0) {
        cairo_rectangle_(cr, x, y, width, height);
    } else {
        cairo_new_sub_path_(cr);
        cairo_arc_(cr, x + width - r, y + r, r, -M_PI / 2, 0);
        cairo_arc_(cr, x + width - r, y + height - r, r, 0, M_PI / 2);
        cairo_arc_(cr, x + r, y + height - r, r, M_PI / 2, M_PI);
        cairo_arc_(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
        cairo_close_path_(cr);
    }
    cairo_set_source_rgba_(cr, color.r, color.g, color.b, color.a);
    cairo_fill_(cr);
}

void ccard_stroke_arc(ccard_canvas *canvas, double cx, double cy, double radius, double line_width, double start,
                      double end, int round_caps, ccard_color color) {
    void *cr = canvas->cr;
    cairo_new_path_(cr);
    cairo_arc_(cr, cx, cy, radius, start, end);
    cairo_set_line_width_(cr, line_width);
    cairo_set_line_cap_(cr, round_caps ? 1 : 0);
    cairo_set_source_rgba_(cr, color.r, color.g, color.b, color.a);
    cairo_stroke_(cr);
}

void ccard_stroke_path(ccard_canvas *canvas, const double *points, int count, double line_width, ccard_color color) {
    if (count < 2) return;
    void *cr = canvas->cr;
    cairo_new_path_(cr);
    cairo_move_to_(cr, points[0], points[1]);
    for (int i = 1; i < count; i++) cairo_line_to_(cr, points[2 * i], points[2 * i + 1]);
    cairo_set_line_width_(cr, line_width);
    cairo_set_line_cap_(cr, 1);  /* CAIRO_LINE_CAP_ROUND */
    cairo_set_line_join_(cr, 1); /* CAIRO_LINE_JOIN_ROUND */
    cairo_set_source_rgba_(cr, color.r, color.g, color.b, color.a);
    cairo_stroke_(cr);
}

void ccard_text(ccard_canvas *canvas, const ccard_text_style *style, int draw, ccard_text_metrics *metrics) {
    memset(metrics, 0, sizeof *metrics);
    void *language = pango_language_from_string_(style->language);
    pango_context_set_language_(canvas->pango, language);
    pango_context_set_base_dir_(canvas->pango, style->rtl ? 1 : 0);
    void *layout = pango_layout_new_(canvas->pango);
    pango_layout_set_auto_dir_(layout, 0);
    void *font = pango_font_description_from_string_(style->families);
    pango_font_description_set_absolute_size_(font, style->size * PANGO_SCALE);
    pango_font_description_set_weight_(font, style->weight);
    pango_layout_set_font_description_(layout, font);
    pango_font_description_free_(font);
    void *attributes = pango_attr_list_new_();
    pango_attr_list_insert_(attributes, pango_attr_language_new_(language));
    if (style->line_height > 0) {
        pango_attr_list_insert_(attributes, pango_attr_line_height_new_absolute_((int)lround(style->line_height * PANGO_SCALE)));
    }
    pango_layout_set_attributes_(layout, attributes);
    pango_attr_list_unref_(attributes);
    pango_layout_set_width_(layout, (int)floor(style->width * PANGO_SCALE));
    pango_layout_set_wrap_(layout, style->break_words ? 2 /* WORD_CHAR */ : 0 /* WORD */);
    if (style->ellipsize) {
        pango_layout_set_height_(layout, (int)floor(style->height * PANGO_SCALE));
        pango_layout_set_ellipsize_(layout, 3 /* END */);
    }
    pango_layout_set_alignment_(layout, style->align);
    pango_layout_set_text_(layout, style->text, -1);
    rectangle ink, logical;
    pango_layout_get_pixel_extents_(layout, &ink, &logical);
    metrics->ink_x = style->x + ink.x;
    metrics->ink_y = style->y + ink.y;
    metrics->ink_width = ink.width;
    metrics->ink_height = ink.height;
    metrics->logical_width = logical.width;
    metrics->logical_height = logical.height;
    metrics->baseline = (double)pango_layout_get_baseline_(layout) / PANGO_SCALE;
    metrics->unknown_glyphs = pango_layout_get_unknown_glyphs_count_(layout);
    metrics->ellipsized = pango_layout_is_ellipsized_(layout);
    if (draw) {
        void *cr = canvas->cr;
        cairo_new_path_(cr);
        cairo_set_source_rgba_(cr, style->color.r, style->color.g, style->color.b, style->color.a);
        cairo_move_to_(cr, style->x, style->y);
        pango_cairo_show_layout_(cr, layout);
    }
    g_object_unref_(layout);
}

// libqrencode, loaded on first use.
typedef struct {
    int version;
    int width;
    unsigned char *data;
} qrcode;
static qrcode *(*QRcode_encodeString_)(const char *, int, int, int, int);
static void (*QRcode_free_)(qrcode *);
static int qr_loaded;
static char qr_error[256];
static pthread_once_t qr_once = PTHREAD_ONCE_INIT;

static void load_qr(void) {
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(qr_error, sizeof qr_error, "libqrencode.so.4 can't be loaded (%s); install it: apt-get install libqrencode4",
                 dlerror());
        return;
    }
    *(void **)(&QRcode_encodeString_) = dlsym(library, "QRcode_encodeString");
    *(void **)(&QRcode_free_) = dlsym(library, "QRcode_free");
    if (!QRcode_encodeString_ || !QRcode_free_) {
        snprintf(qr_error, sizeof qr_error, "libqrencode.so.4 lacks %s; update it: apt-get install --only-upgrade libqrencode4",
                 QRcode_encodeString_ ? "QRcode_free" : "QRcode_encodeString");
        return;
    }
    qr_loaded = 1;
}

int ccard_qr(const char *text, uint8_t *modules, size_t capacity, char *error, size_t error_size) {
    pthread_once(&qr_once, load_qr);
    if (!qr_loaded) {
        snprintf(error, error_size, "%s", qr_error);
        return -1;
    }
    qrcode *code = QRcode_encodeString_(text, 0, 1 /* QR_ECLEVEL_M */, 2 /* QR_MODE_8 */, 1);
    if (!code) return 0;
    int width = code->width;
    if ((size_t)width * width > capacity) {
        QRcode_free_(code);
        return 0;
    }
    for (int i = 0; i < width * width; i++) modules[i] = code->data[i] & 1;
    QRcode_free_(code);
    return width;
}
