import CPangoCairo

/// A Cairo image surface with a Pango context, through the CPangoCairo shim (which loads the
/// libraries on first use). One canvas, one thread.
final class CardCanvas {
    let width: Int
    let height: Int
    private let handle: OpaquePointer

    /// Loads Cairo and Pango if needed and makes a canvas drawing into `pixels`
    /// (`width * height * 4` bytes that must outlive it; undefined until the first full fill).
    ///
    /// - Throws: ``CardError`` (`libraryMissing`) naming the package to install, or
    ///   (`renderFailed`) when the surface can't be made.
    init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt8>) throws(CardError) {
        var error = [CChar](repeating: 0, count: 256)
        if ccard_load(&error, error.count) != 0 {
            throw CardError(.libraryMissing, Self.text(error))
        }
        guard let handle = ccard_canvas_create(pixels, Int32(width), Int32(height)) else {
            throw CardError(.renderFailed, "Cairo could not make a \(width)x\(height) image (out of memory?)")
        }
        self.width = width
        self.height = height
        self.handle = handle
    }

    deinit { ccard_canvas_destroy(handle) }

    /// A NUL-terminated C message as a String.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Turns the pixels into opaque RGBA rows, in place; nothing can be drawn after.
    func finishRGBA() {
        ccard_canvas_finish_rgba(handle)
    }

    func fillGradient(_ rect: CardRect, from top: CardColor, to bottom: CardColor) {
        ccard_fill_gradient(
            handle,
            rect.x,
            rect.y,
            rect.width,
            rect.height,
            rect.x,
            rect.y,
            rect.x,
            rect.maxY,
            top.c,
            bottom.c
        )
    }

    func fillRounded(_ rect: CardRect, radius: Double, _ color: CardColor) {
        ccard_fill_rounded(handle, rect.x, rect.y, rect.width, rect.height, radius, color.c)
    }

    func strokeArc(
        center: (x: Double, y: Double),
        radius: Double,
        lineWidth: Double,
        from start: Double,
        to end: Double,
        roundCaps: Bool,
        _ color: CardColor
    ) {
        ccard_stroke_arc(handle, center.x, center.y, radius, lineWidth, start, end, roundCaps ? 1 : 0, color.c)
    }

    /// Strokes a line through `points`, with round joins and ends.
    func strokePath(_ points: [(x: Double, y: Double)], lineWidth: Double, _ color: CardColor) {
        let flat = points.flatMap { [$0.x, $0.y] }
        flat.withUnsafeBufferPointer { buffer in
            ccard_stroke_path(handle, buffer.baseAddress, Int32(points.count), lineWidth, color.c)
        }
    }

    /// Lays out (and when `draw` is set, draws) one block of text.
    func text(_ request: TextRequest, draw: Bool) -> TextMetrics {
        var metrics = ccard_text_metrics()
        request.text.withCString { text in
            request.families.withCString { families in
                request.language.withCString { language in
                    var style = ccard_text_style(
                        text: text,
                        families: families,
                        language: language,
                        size: request.size,
                        line_height: request.size * TextRequest.lineSpacing,
                        weight: Int32(request.weight),
                        x: request.box.x,
                        y: request.box.y,
                        width: request.box.width,
                        height: request.box.height,
                        align: request.alignment.rawValue,
                        rtl: request.rightToLeft ? 1 : 0,
                        break_words: request.breakWords ? 1 : 0,
                        ellipsize: request.ellipsize ? 1 : 0,
                        color: request.color.c
                    )
                    ccard_text(handle, &style, draw ? 1 : 0, &metrics)
                }
            }
        }
        return TextMetrics(
            ink: CardRect(x: metrics.ink_x, y: metrics.ink_y, width: metrics.ink_width, height: metrics.ink_height),
            logicalWidth: metrics.logical_width,
            logicalHeight: metrics.logical_height,
            baseline: metrics.baseline,
            unknownGlyphs: Int(metrics.unknown_glyphs),
            isEllipsized: metrics.ellipsized != 0
        )
    }

    /// The QR code of `text` as rows of modules (true: dark), or nil when it does not fit a QR code.
    ///
    /// - Throws: ``CardError`` (`libraryMissing`) when libqrencode can't be loaded.
    static func qrModules(_ text: String) throws(CardError) -> [[Bool]]? {
        var modules = [UInt8](repeating: 0, count: 177 * 177)
        var error = [CChar](repeating: 0, count: 256)
        let width = Int(ccard_qr(text, &modules, modules.count, &error, error.count))
        if width < 0 { throw CardError(.libraryMissing, Self.text(error)) }
        guard width > 0 else { return nil }
        return (0..<width).map { row in (0..<width).map { modules[row * width + $0] != 0 } }
    }
}

/// One block of text to set.
struct TextRequest {
    enum Alignment: Int32 {
        case left = 0
        case center = 1
        case right = 2
    }
    var text: String
    var families: String
    var language: String
    var size: Double
    /// Lines are this many times the font size apart.
    static let lineSpacing = 1.25
    var weight = 400
    var box: CardRect
    var alignment: Alignment
    var rightToLeft: Bool
    var breakWords = false
    var ellipsize = false
    var color: CardColor
}

/// What a block of text took.
struct TextMetrics {
    var ink: CardRect
    var logicalWidth: Double
    var logicalHeight: Double
    var baseline: Double
    var unknownGlyphs: Int
    var isEllipsized: Bool
}

extension CardColor {
    var c: ccard_color {
        ccard_color(r: Double(red) / 255, g: Double(green) / 255, b: Double(blue) / 255, a: Double(alpha) / 255)
    }
}
