import Foundation
import MediaTypes
import Testing

/// The one table of file signatures, shared by attachments and the image inspector.
struct MediaTypeTests {
    @Test(
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "image/png", "PNG"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "image/jpeg", "JPEG"),
            (Array("GIF89a".utf8), "image/gif", "GIF"),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "image/webp", "WebP"),
            (Array("\u{0}\u{0}\u{0}\u{18}ftypheic".utf8), "image/heic", "HEIF"),
            (Array("\u{0}\u{0}\u{0}\u{18}ftypavif".utf8), "image/avif", "AVIF"),
            (Array("%PDF-1.7".utf8), "application/pdf", "PDF"),
        ] as [([UInt8], String, String)]
    )
    func identifiesByTheFirstBytes(head: [UInt8], mimeType: String, name: String) {
        #expect(MediaType.identify(head) == MediaType.Format(mimeType: mimeType, name: name))
        #expect(MediaType.sniff(Data(head)) == mimeType)
    }

    @Test func textAndLookAlikesAreNotImages() {
        #expect(MediaType.identify(Array("just text".utf8)) == nil)
        #expect(MediaType.identify([0xFF, 0xD8]) == nil, "too short for a JPEG start")
        #expect(MediaType.identify(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil, "a RIFF that is not WebP")
        #expect(MediaType.identify([]) == nil)
    }
}
