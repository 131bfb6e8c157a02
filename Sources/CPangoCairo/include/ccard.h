#ifndef CCARD_H
#define CCARD_H

#include <stddef.h>
#include <stdint.h>

/// Drawing for share cards through Cairo and Pango, loaded with dlopen at the first canvas, so a
/// program that never renders a card never loads libcairo, libpango, GLib or fontconfig. The
/// functions are found with dlsym and declared here with plain C types only: no Cairo, Pango or
/// GLib header is needed to build, and none crosses into Swift.

/// An opaque RGB canvas (a Cairo image surface plus a Pango context).
typedef struct ccard_canvas ccard_canvas;

/// Loads the libraries once. Returns 0, or -1 with `error` saying which library is missing and
/// which Debian package provides it.
int ccard_load(char *error, size_t error_size);

/// A width x height canvas drawing into `pixels` (width * height * 4 bytes, which must outlive
/// it; their contents start undefined, so fill the whole canvas first), or NULL when the
/// libraries are not loaded or Cairo refuses the size.
ccard_canvas *ccard_canvas_create(uint8_t *pixels, int width, int height);
void ccard_canvas_destroy(ccard_canvas *canvas);

/// Turns the canvas's pixels into opaque RGBA rows, in place. Draw nothing after it.
void ccard_canvas_finish_rgba(ccard_canvas *canvas);

/// A colour with alpha, components in 0...1.
typedef struct {
    double r, g, b, a;
} ccard_color;

/// Fills the rectangle with a linear gradient from (x0, y0) in `from` to (x1, y1) in `to`.
void ccard_fill_gradient(ccard_canvas *canvas, double x, double y, double width, double height, double x0, double y0,
                         double x1, double y1, ccard_color from, ccard_color to);

/// Fills a rectangle with rounded corners (radius 0: square corners).
void ccard_fill_rounded(ccard_canvas *canvas, double x, double y, double width, double height, double radius,
                        ccard_color color);

/// Strokes an arc of a circle centred on (cx, cy), angles in radians clockwise from 3 o'clock,
/// with round caps when `round_caps` is non-zero.
void ccard_stroke_arc(ccard_canvas *canvas, double cx, double cy, double radius, double line_width, double start,
                      double end, int round_caps, ccard_color color);

/// Strokes a polyline through `count` points (`points` holds x0, y0, x1, y1...), with round joins and caps.
void ccard_stroke_path(ccard_canvas *canvas, const double *points, int count, double line_width, ccard_color color);

/// How one block of text is set.
typedef struct {
    const char *text;      ///< UTF-8
    const char *families;  ///< a comma-separated fallback chain, e.g. "Noto Sans, Noto Sans CJK JP"
    const char *language;  ///< BCP 47, e.g. "ja"; picks regional glyphs and shaping
    double size;           ///< absolute size in pixels
    double line_height;    ///< absolute line height in pixels (0: the font's)
    int weight;            ///< 400 regular, 700 bold
    double x, y;           ///< top-left corner of the box
    double width;          ///< the box's width; lines wrap inside it
    double height;         ///< the box's height, used only when `ellipsize` is set
    int align;             ///< 0 left, 1 centre, 2 right
    int rtl;               ///< non-zero: the paragraph direction is right to left
    int break_words;       ///< non-zero: a word wider than the box may break between letters
    int ellipsize;         ///< non-zero: end with "…" where the text leaves the box's height
    ccard_color color;
} ccard_text_style;

/// What the text took, in canvas pixels.
typedef struct {
    double ink_x, ink_y, ink_width, ink_height;  ///< where pixels were (or would be) drawn
    double logical_width, logical_height;        ///< the layout's logical size
    double baseline;                             ///< from the box's top to the first baseline
    int unknown_glyphs;  ///< characters no font has (drawn as boxes): must be 0
    int ellipsized;
} ccard_text_metrics;

/// Lays out the text and, when `draw` is non-zero, draws it. Fills `metrics` either way.
void ccard_text(ccard_canvas *canvas, const ccard_text_style *style, int draw, ccard_text_metrics *metrics);

/// Encodes `text` as a QR code (error correction M) through libqrencode, loaded on first use.
/// Writes `width * width` modules (1 dark, 0 light) to `modules` when they fit in `capacity` and
/// returns the width; returns 0 when the text can't be encoded, -1 with `error` set when
/// libqrencode is missing.
int ccard_qr(const char *text, uint8_t *modules, size_t capacity, char *error, size_t error_size);

#endif
