/// Bounds every decode checks before it allocates, so a hostile file cannot make the process
/// allocate memory in proportion to sizes it merely declares.
///
/// Both limits are checked against the header before any pixel buffer exists; the declared size
/// is also checked against the amount of compressed data the file holds.
package struct DecodeLimits: Sendable, Hashable {
    /// The most pixels (width x height) an image may have. Default: 100 million.
    package var maxPixels: Int
    /// The most bytes a decode may allocate for pixels (output and working rows).
    /// Default: 512 MiB.
    package var maxMemoryBytes: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxPixels: The most pixels an image may have.
    ///   - maxMemoryBytes: The most bytes a decode may allocate for pixels.
    package init(maxPixels: Int = 100_000_000, maxMemoryBytes: Int = 512 * 1024 * 1024) {
        self.maxPixels = maxPixels
        self.maxMemoryBytes = maxMemoryBytes
    }

    /// 100 million pixels, 512 MiB.
    package static let `default` = DecodeLimits()

    /// Throws ``ImageError/Code/pixelLimitExceeded`` if `width x height` is over ``maxPixels``.
    func checkPixels(width: Int, height: Int, path: String?) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw ImageError(
                .pixelLimitExceeded,
                "\(ImageError.subject(path)) declares \(width)x\(height) pixels, more than the limit of "
                    + "\(maxPixels) pixels.",
                path: path
            )
        }
    }

    /// Throws ``ImageError/Code/memoryLimitExceeded`` if `bytes` is over ``maxMemoryBytes``.
    func checkMemory(bytes: Int, width: Int, height: Int, path: String?) throws {
        if bytes > maxMemoryBytes {
            throw ImageError(
                .memoryLimitExceeded,
                "decoding \(ImageError.subject(path)) (\(width)x\(height)) needs \(bytes) bytes, more than "
                    + "the limit of \(maxMemoryBytes) bytes.",
                path: path
            )
        }
    }
}
