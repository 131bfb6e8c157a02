/// The rules a PNG's `tRNS` chunk must follow (PNG specification, 11.3.2.1), the ones pngcheck
/// enforces: at most one, before the image data, after the palette, never beside an alpha
/// channel, and of the length its colour type fixes. A decoder that drops an invalid `tRNS`
/// (libpng does, with a warning) would turn a transparent-looking image opaque without a word.
enum PNGTransparencyRule {
    /// Throws ``ImageError/Code/corruptData`` naming the broken rule.
    /// - Parameters:
    ///   - length: The chunk's data length.
    ///   - offset: Where the chunk starts in the file, for the message.
    ///   - paletteEntries: The entries of the `PLTE` chunk seen so far, `nil` if none was.
    static func check(
        length: Int,
        at offset: Int,
        colorType: ColorType,
        paletteEntries: Int?,
        seenBefore: Bool,
        afterImageData: Bool,
        path: String?
    ) throws {
        let subject = ImageError.subject(path)
        func refuse(_ rule: String) -> ImageError {
            ImageError(
                .corruptData,
                "\(subject) has an invalid tRNS (transparency) chunk at byte \(offset): \(rule); "
                    + "the file is damaged, save it again from the program that made it.",
                path: path
            )
        }
        if seenBefore { throw refuse("it is the second one, and PNG allows one") }
        if afterImageData { throw refuse("it comes after the image data (IDAT), and must come before") }
        switch colorType {
        case .grayAlpha, .rgba:
            throw refuse("the image already has an alpha channel (\(colorType)), and PNG forbids tRNS with one")
        case .gray where length != 2:
            throw refuse("a grayscale image's tRNS holds exactly 2 bytes, this one \(length)")
        case .rgb where length != 6:
            throw refuse("an RGB image's tRNS holds exactly 6 bytes, this one \(length)")
        case .palette:
            guard let entries = paletteEntries else {
                throw refuse("it comes before the palette (PLTE), and must come after")
            }
            guard length >= 1, length <= entries else {
                throw refuse(
                    "a palette image's tRNS holds 1 to \(entries) bytes (one per palette entry), this one \(length)"
                )
            }
        default:
            break
        }
    }
}
