import MediaTypes

/// Reads a JPEG's frame header (SOF marker) for its size, without decoding anything.
enum JPEGHeader {
    /// Whether the first bytes are a JPEG start-of-image marker followed by another marker.
    static func looksLikeJPEG(_ head: [UInt8]) -> Bool {
        MediaType.identify(head)?.mimeType == "image/jpeg"
    }

    /// Walks the marker segments from SOI to the first SOF and reads the frame's size,
    /// precision and component count.
    /// - Throws: ``ImageError`` if the markers are malformed, the file ends first, or no frame
    ///   header comes before the scan.
    static func scan(_ source: some ByteSource) throws -> ImageInfo {
        let path = source.path
        let subject = ImageError.subject(path)
        var offset = 2
        while true {
            // Markers are 0xFF, optionally padded with more 0xFF fill bytes, then the code.
            var marker = try source.read(at: offset, count: 2)
            guard marker.count == 2 else { throw truncated(subject, path) }
            guard marker[0] == 0xFF else {
                throw ImageError(
                    .corruptData,
                    "\(subject) has \(hexBytes(marker[0...0])) where a JPEG marker should start (byte \(offset)); "
                        + "the file is corrupt.",
                    path: path
                )
            }
            while marker[1] == 0xFF {
                offset += 1
                marker = try source.read(at: offset, count: 2)
                guard marker.count == 2 else { throw truncated(subject, path) }
            }
            let code = marker[1]
            offset += 2
            if code == 0x01 || (0xD0...0xD7).contains(code) { continue }  // standalone markers
            if code == 0xD9 || code == 0xDA {
                throw ImageError(
                    .missingImageData,
                    "\(subject) reaches its \(code == 0xD9 ? "end" : "scan data") without a frame header (SOF); "
                        + "the JPEG is corrupt.",
                    path: path
                )
            }
            let lengthBytes = try source.read(at: offset, count: 2)
            guard lengthBytes.count == 2 else { throw truncated(subject, path) }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2 else {
                throw ImageError(
                    .corruptData,
                    "\(subject) has a JPEG segment with impossible length \(length) at byte \(offset).",
                    path: path
                )
            }
            guard offset + length <= source.size else { throw truncated(subject, path) }
            if isFrameHeader(code) {
                return try parseFrame(source, at: offset, length: length, code: code, subject: subject)
            }
            offset += length
        }
    }

    /// SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrameHeader(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }

    private static func parseFrame(
        _ source: some ByteSource,
        at offset: Int,
        length: Int,
        code: UInt8,
        subject: String
    ) throws -> ImageInfo {
        let path = source.path
        let frame = try source.read(at: offset, count: length)
        guard frame.count >= 8 else {
            throw ImageError(.invalidHeader, "\(subject) has a JPEG frame header too short to read.", path: path)
        }
        let precision = Int(frame[2])
        let height = Int(frame[3]) << 8 | Int(frame[4])
        let width = Int(frame[5]) << 8 | Int(frame[6])
        let components = Int(frame[7])
        guard width > 0, height > 0 else {
            throw ImageError(
                .emptyImage,
                "\(subject) declares a \(width)x\(height) JPEG frame (a height defined later by a DNL marker "
                    + "is not supported); it needs at least one pixel.",
                path: path
            )
        }
        guard (2...16).contains(precision), frame.count >= 8 + 3 * components else {
            throw ImageError(
                .invalidHeader,
                "\(subject) has an invalid JPEG frame header (precision \(precision), \(components) components).",
                path: path
            )
        }
        let colorType: ColorType
        switch components {
        case 1: colorType = .gray
        case 3: colorType = .yCbCr
        case 4: colorType = .cmyk
        default:
            throw ImageError(
                .invalidHeader,
                "\(subject) declares \(components) colour components; JPEG allows 1, 3 or 4.",
                path: path
            )
        }
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
        return ImageInfo(
            format: .jpeg,
            width: width,
            height: height,
            bitDepth: precision,
            colorType: colorType,
            interlaced: progressive,
            hasTransparency: false,
            fileSize: source.size
        )
    }

    private static func truncated(_ subject: String, _ path: String?) -> ImageError {
        ImageError(
            .truncated,
            "\(subject) ends before its JPEG frame header; the file is incomplete.",
            path: path
        )
    }
}
