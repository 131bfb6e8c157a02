import CPNGShim

/// Encodes RGBA8 images as PNG with libpng.
///
/// Fully opaque images are written as truecolour (colour type 2, three bytes a pixel); others
/// as truecolour+alpha. Decoding the result gives back exactly the same pixels. Opacity is
/// checked with ``RGBAImage/isOpaque``, which costs nothing for a ``CanvasFitter`` result (always
/// opaque) and one scan of the alpha bytes otherwise.
///
/// The cost is mostly zlib's level and strategy and libpng's filter choice. ``Options/fast``
/// (the default) uses the SUB filter on every row and zlib's run-length strategy at level 1:
/// measured on a 1080x1920 card and a fitted photo, five to seven times faster than libpng's
/// default (level 6, adaptive filters), with files within a few percent of its size (smaller on
/// the card).
package struct PNGEncoder: Sendable {
    /// A PNG row filter.
    package enum Filter: String, Sendable, Hashable, CaseIterable {
        /// No filtering.
        case none
        /// Difference from the pixel to the left.
        case sub
        /// Difference from the pixel above.
        case up
        /// Difference from the mean of left and above.
        case average
        /// Paeth prediction.
        case paeth
        /// libpng picks a filter per row by trying all five (slowest, usually smallest).
        case adaptive

        var mask: Int32 {
            switch self {
            case .none: Int32(CPNG_FILTER_NONE)
            case .sub: Int32(CPNG_FILTER_SUB)
            case .up: Int32(CPNG_FILTER_UP)
            case .average: Int32(CPNG_FILTER_AVG)
            case .paeth: Int32(CPNG_FILTER_PAETH)
            case .adaptive: Int32(CPNG_FILTER_ALL)
            }
        }
    }

    /// zlib's match-finding strategy.
    package enum Strategy: Int32, Sendable, Hashable, CaseIterable {
        /// Full LZ77 matching (zlib's default).
        case standard = 0
        /// Tuned for filtered data: fewer short matches.
        case filtered = 1
        /// No matching, Huffman coding only: fastest, good on filtered photographs.
        case huffmanOnly = 2
        /// Matches of distance 1 only (runs): nearly as fast, better on flat areas.
        case rle = 3
    }

    /// How hard to compress.
    package struct Options: Sendable, Hashable {
        /// zlib level, 0 (store) to 9 (smallest).
        package var compressionLevel: Int
        /// The row filter.
        package var filter: Filter
        /// zlib's strategy.
        package var strategy: Strategy

        /// Creates options.
        /// - Parameters:
        ///   - compressionLevel: zlib level 0-9.
        ///   - filter: The row filter.
        ///   - strategy: zlib's strategy; ``Strategy/standard`` if omitted.
        package init(compressionLevel: Int, filter: Filter, strategy: Strategy = .standard) {
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.strategy = strategy
        }

        /// zlib level 1 with the run-length strategy, SUB filter: fast, for files people share
        /// straight away. The default.
        package static let fast = Options(compressionLevel: 1, filter: .sub, strategy: .rle)
        /// zlib level 6, adaptive filters: libpng's and cairo's default.
        package static let balanced = Options(compressionLevel: 6, filter: .adaptive)
        /// zlib level 9, adaptive filters: smallest, several times slower.
        package static let smallest = Options(compressionLevel: 9, filter: .adaptive)
    }

    /// The compression settings.
    package var options: Options

    /// Creates an encoder.
    /// - Parameter options: Compression settings; ``Options/fast`` if omitted.
    package init(options: Options = .fast) {
        self.options = options
    }

    /// Encodes an image as a PNG file's bytes.
    /// - Parameter image: The pixels.
    /// - Returns: A complete PNG file.
    /// - Throws: ``ImageError/Code/invalidArgument`` for a level outside 0-9;
    ///   ``ImageError/Code/writeFailed`` if libpng fails (out of memory).
    package func encode(_ image: RGBAImage) throws -> [UInt8] {
        guard (0...9).contains(options.compressionLevel) else {
            throw ImageError(
                .invalidArgument,
                "PNG compression level \(options.compressionLevel) is not in 0...9."
            )
        }
        let settings = cpng_encode_options(
            compression_level: Int32(options.compressionLevel),
            filters: options.filter.mask,
            strategy: options.strategy.rawValue,
            drop_alpha: image.isOpaque ? 1 : 0
        )
        var output = cpng_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                cpng_encode_rgba(
                    pixels.baseAddress,
                    UInt32(image.width),
                    UInt32(image.height),
                    image.width * 4,
                    settings,
                    &output,
                    text.baseAddress,
                    text.count
                )
            }
        }
        defer { cpng_buffer_free(&output) }
        guard status == CPNG_OK, let bytes = output.bytes else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError(.writeFailed, "encoding a \(image.width)x\(image.height) PNG failed: \(detail).")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.count))
    }
}
