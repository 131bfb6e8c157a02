import CPNGShim

/// Resizes RGBA8 images with a high-quality separable filter.
///
/// Shrinking averages areas: each output pixel is the exact mean of the source area it covers
/// (fractional pixels weighted by coverage), with colour premultiplied by alpha, so there is no
/// nearest-neighbour aliasing and no dark fringes at transparent edges. Enlarging interpolates
/// linearly. Equal sizes copy.
package enum ImageResizer {
    /// Returns `image` resized to `width` x `height`.
    /// - Parameter limits: Bounds on the output: its pixels and its bytes (`width * height * 4`).
    /// - Throws: ``ImageError/Code/invalidArgument`` for a side below 1 or above 2^32-1;
    ///   ``ImageError/Code/pixelLimitExceeded`` or ``ImageError/Code/memoryLimitExceeded`` for an
    ///   output over `limits` (checked before anything is allocated); `memory-limit-exceeded`
    ///   also if the resampler's own allocation fails.
    package static func resize(
        _ image: RGBAImage,
        width: Int,
        height: Int,
        limits: DecodeLimits = .default
    ) throws -> RGBAImage {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw ImageError(
                .invalidArgument,
                "cannot resize to \(width)x\(height); each side must be between 1 and \(UInt32.max)."
            )
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixelCount > limits.maxPixels {
            throw ImageError(
                .pixelLimitExceeded,
                "resizing to \(width)x\(height) gives more than the limit of \(limits.maxPixels) pixels."
            )
        }
        let bytes = saturatingProduct(pixelCount, 4)
        if bytes > limits.maxMemoryBytes {
            throw ImageError(
                .memoryLimitExceeded,
                "resizing to \(width)x\(height) needs \(bytes) bytes, more than the limit of "
                    + "\(limits.maxMemoryBytes) bytes."
            )
        }
        var output = [UInt8](repeating: 0, count: bytes)
        try output.withUnsafeMutableBufferPointer { destination in
            try image.pixels.withUnsafeBufferPointer { source in
                let resampler = try Resampler(
                    sourceWidth: image.width,
                    sourceHeight: image.height,
                    width: width,
                    height: height,
                    destination: destination.baseAddress!,
                    stride: width * 4,
                    opaque: image.isOpaque
                )
                for y in 0..<image.height {
                    resampler.push(row: source.baseAddress! + y * image.width * 4)
                }
            }
        }
        return RGBAImage(uncheckedWidth: width, height: height, pixels: output)
    }
}

/// The C resampler, owned: source rows go in one at a time, output rows land in `destination`.
final class Resampler {
    private let handle: OpaquePointer

    init(
        sourceWidth: Int,
        sourceHeight: Int,
        width: Int,
        height: Int,
        destination: UnsafeMutablePointer<UInt8>,
        stride: Int,
        opaque: Bool
    ) throws {
        guard
            let handle = cpng_resampler_create(
                UInt32(sourceWidth),
                UInt32(sourceHeight),
                UInt32(width),
                UInt32(height),
                destination,
                stride,
                opaque ? 1 : 0
            )
        else {
            throw ImageError(
                .memoryLimitExceeded,
                "the system ran out of memory allocating a resampler from \(sourceWidth)x\(sourceHeight) to "
                    + "\(width)x\(height) (a failed allocation, not a limit)."
            )
        }
        self.handle = handle
    }

    deinit { cpng_resampler_destroy(handle) }

    /// Feeds the next source row (RGBA8, `sourceWidth` pixels).
    func push(row: UnsafePointer<UInt8>) {
        _ = cpng_resampler_push_row(handle, row)
    }
}
