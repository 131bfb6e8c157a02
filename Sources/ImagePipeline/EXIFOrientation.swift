/// How a photo must be turned to stand upright: the EXIF `Orientation` tag (0x0112), 1 to 8.
///
/// 1 upright, 2 mirrored left-right, 3 upside down, 4 mirrored top-bottom, 5 mirrored along the
/// main diagonal (transposed), 6 turned 90° clockwise to stand upright, 7 transversed, 8 turned
/// 90° counter-clockwise. Anything else, or no EXIF, counts as 1.
package struct EXIFOrientation: RawRepresentable, Sendable, Hashable {
    package var rawValue: Int

    package init(rawValue: Int) { self.rawValue = (1...8).contains(rawValue) ? rawValue : 1 }

    /// The orientation in a JPEG's APP1 Exif segment, or upright when it has none.
    package init(jpeg bytes: [UInt8]) {
        self.init(rawValue: Self.read(bytes) ?? 1)
    }

    /// Walks the marker segments before the first scan to the Exif APP1, then IFD0's entries.
    private static func read(_ bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan, end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = offset + 4
            if marker == 0xE1, length >= 16, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return orientation(inTIFF: Array(bytes[(body + 6)..<(offset + 2 + length)]))
            }
            offset += 2 + length
        }
        return nil
    }

    private static func orientation(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, u16(at + 2) == 3 { return u16(at + 8) }  // SHORT, value in the entry
        }
        return nil
    }
}

extension RGBAImage {
    /// The image turned upright for `orientation` (width and height swap for 5 to 8).
    package func oriented(_ orientation: EXIFOrientation) -> RGBAImage {
        let w = width
        let h = height
        let turned = orientation.rawValue >= 5
        let outWidth = turned ? h : w
        let outHeight = turned ? w : h
        guard orientation.rawValue != 1 else { return self }
        // For each output pixel, the source pixel it shows.
        let source: (Int, Int) -> (Int, Int) =
            switch orientation.rawValue {
            case 2: { x, y in (w - 1 - x, y) }
            case 3: { x, y in (w - 1 - x, h - 1 - y) }
            case 4: { x, y in (x, h - 1 - y) }
            case 5: { x, y in (y, x) }
            case 6: { x, y in (y, h - 1 - x) }
            case 7: { x, y in (w - 1 - y, h - 1 - x) }
            default: { x, y in (w - 1 - y, x) }  // 8
            }
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        self.pixels.withUnsafeBufferPointer { input in
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    let (sx, sy) = source(x, y)
                    let from = (sy * w + sx) * 4
                    let to = (y * outWidth + x) * 4
                    pixels[to] = input[from]
                    pixels[to + 1] = input[from + 1]
                    pixels[to + 2] = input[from + 2]
                    pixels[to + 3] = input[from + 3]
                }
            }
        }
        // The sizes match by construction.
        return (try? RGBAImage(width: outWidth, height: outHeight, pixels: pixels)) ?? self
    }
}
