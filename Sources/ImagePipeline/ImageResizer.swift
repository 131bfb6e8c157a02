import CPNGShim

/// Resizes RGBA8 images with a high-quality separable filter.
///
/// Shrinking averages areas: each output pixel is the exact mean of the source area it covers
/// (fractional pixels weighted by coverage), with colour premultiplied by alpha, so there is no
/// nearest-neighbour aliasing and no dark fringes at transparent edges. Enlarging interpolates
/// linearly. Equal sizes copy.
public enum ImageResizer {
    /// Returns `image` resized to `width` x `height`.
    /// - Throws: ``ImageError/Code/invalidArgument`` for a size below 1;
    ///   ``ImageError/Code/memoryLimitExceeded`` if the working memory cannot be allocated.
    public static func resize(_ image: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw ImageError(.invalidArgument, "cannot resize to \(width)x\(height); both sides must be at least 1.")
        }
        var output = [UInt8](repeating: 0, count: width * height * 4)
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
                "cannot allocate a resampler from \(sourceWidth)x\(sourceHeight) to \(width)x\(height)."
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
