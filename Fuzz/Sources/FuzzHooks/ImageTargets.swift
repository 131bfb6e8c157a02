@_spi(Fuzzing) import FuzzEntryPoints

/// Small limits, so the fuzzer spends its time in the parsers rather than in allocating what a
/// mutated header declares; the limits themselves are what is being exercised.
let images = ImageFuzzing(maxPixels: 1 << 20, maxMemoryBytes: 64 << 20)

/// `image-inspect`: the PNG and JPEG header scanners. Any input must give a size or be refused
/// with an error, never a trap, and an accepted PNG's size must be positive.
@_cdecl("sharevia_fuzz_image_inspect")
public func fuzzImageInspect(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    if let info = images.inspect(bytes) {
        check(info.width > 0 && info.height > 0, "inspect accepted a \(info.width)x\(info.height) image")
    }
    return 0
}

/// `png-decode`: the decoder and the canvas fitter. A decoded image must have the declared size
/// and exactly width x height pixels.
@_cdecl("sharevia_fuzz_png_decode")
public func fuzzPNGDecode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    if let image = images.decodePNG(bytes) {
        check(image.width > 0 && image.height > 0, "decoded a \(image.width)x\(image.height) image")
        check(image.pixelBytes == image.width * image.height * 4, "pixel buffer of the wrong size")
        if let info = images.inspect(bytes) {
            check(info.width == image.width && info.height == image.height, "decode and inspect disagree on the size")
        }
    }
    if let fitted = images.fit(bytes, width: 90, height: 160) {
        check(fitted.width == 90 && fitted.height == 160, "the fitted canvas is not 90x160")
    }
    return 0
}

/// `jpeg-decode`: libjpeg-turbo behind the JPEG decoder, EXIF orientation included. Any input
/// must give an image of the size the header declares (turned for orientations 5 to 8) or be
/// refused with an error, never a trap or a leak past the limits.
@_cdecl("sharevia_fuzz_jpeg_decode")
public func fuzzJPEGDecode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    if let image = images.decodeJPEG(bytes) {
        check(image.pixelBytes == image.width * image.height * 4, "pixel buffer of the wrong size")
        if let info = images.inspect(bytes) {
            let turned = images.exifOrientation(jpeg: bytes) >= 5
            check(
                (turned ? (info.height, info.width) : (info.width, info.height)) == (image.width, image.height),
                "decode and inspect disagree on the size"
            )
        }
    }
    return 0
}
