#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// MIME types recognised from magic bytes or file names: the one table of file signatures that
/// attachments (`ShareAttachment.file(_:mimeType:pipeWait:)`) and the image pipeline's inspector
/// share. It sits below both, so neither depends on the other for it.
package enum MediaType {
    /// A format recognised by its first bytes.
    package struct Format: Sendable, Hashable {
        /// The MIME type, such as `image/png`.
        package var mimeType: String
        /// The format's short name for messages, such as `PNG` or `HEIF`.
        package var name: String

        package init(mimeType: String, name: String) {
            self.mimeType = mimeType
            self.name = name
        }
    }

    /// The 8 bytes every PNG file starts with.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Signatures: the bytes a format starts with, at an offset.
    private static let signatures: [(offset: Int, bytes: [UInt8], format: Format)] = [
        (0, pngSignature, Format(mimeType: "image/png", name: "PNG")),
        (0, [0xFF, 0xD8, 0xFF], Format(mimeType: "image/jpeg", name: "JPEG")),
        (0, Array("GIF8".utf8), Format(mimeType: "image/gif", name: "GIF")),
        (8, Array("WEBP".utf8), Format(mimeType: "image/webp", name: "WebP")),  // after "RIFF" and a size
        (4, Array("ftypheic".utf8), Format(mimeType: "image/heic", name: "HEIF")),
        (4, Array("ftypheix".utf8), Format(mimeType: "image/heic", name: "HEIF")),
        (4, Array("ftypmif1".utf8), Format(mimeType: "image/heif", name: "HEIF")),
        (4, Array("ftypavif".utf8), Format(mimeType: "image/avif", name: "AVIF")),
        (0, Array("BM".utf8), Format(mimeType: "image/bmp", name: "BMP")),
        (0, [0x49, 0x49, 0x2A, 0x00], Format(mimeType: "image/tiff", name: "TIFF")),
        (0, [0x4D, 0x4D, 0x00, 0x2A], Format(mimeType: "image/tiff", name: "TIFF")),
        (0, Array("%PDF".utf8), Format(mimeType: "application/pdf", name: "PDF")),
        (0, Array("<svg".utf8), Format(mimeType: "image/svg+xml", name: "SVG")),
        (0, Array("<?xml".utf8), Format(mimeType: "application/xml", name: "SVG or XML")),
    ]

    /// The format the first bytes of a file (16 are enough) show, or nil.
    package static func identify(_ head: [UInt8]) -> Format? {
        for (offset, bytes, format) in signatures
        where head.count >= offset + bytes.count && head[offset..<offset + bytes.count].elementsEqual(bytes) {
            if format.name == "WebP" && !head.starts(with: Array("RIFF".utf8)) { continue }
            return format
        }
        return nil
    }

    /// The MIME type for the first bytes of a file, or nil when they match no known format.
    package static func sniff(_ head: Data) -> String? {
        identify([UInt8](head.prefix(16)))?.mimeType
    }

    /// The usual file extension for a format, such as `png`.
    package static func fileExtension(for format: Format) -> String {
        switch format.mimeType {
        case "image/jpeg": return "jpg"
        case "image/svg+xml": return "svg"
        case "application/pdf": return "pdf"
        case "application/xml": return "xml"
        default: return format.name.lowercased()
        }
    }

    /// The MIME type for a file name's extension, `application/octet-stream` when unknown.
    package static func guess(fromFileName name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "txt": return "text/plain"
        case "md", "markdown": return "text/markdown"
        case "json": return "application/json"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
