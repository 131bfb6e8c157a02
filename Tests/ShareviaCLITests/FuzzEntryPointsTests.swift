import Destinations
import Foundation
@_spi(Fuzzing) import FuzzEntryPoints
import TestSupport
import Testing

/// The hooks the fuzz targets (`Fuzz/`) reach sharevia's own modules through give what those
/// modules give, so a fuzz run checks the real decoders, parser, writer and counter.
@Suite struct FuzzEntryPointsTests {
    let images = ImageFuzzing(maxPixels: 1 << 20, maxMemoryBytes: 64 << 20)

    @Test func theImageHooksDecodeInspectAndFitAPNG() {
        let png = PNGBytes.rgbFile(width: 3, height: 2, rgb: Array(repeating: 200, count: 18))
        #expect(images.inspect(png).map { [$0.width, $0.height] } == [3, 2])
        #expect(images.decodePNG(png).map { [$0.width, $0.height, $0.pixelBytes] } == [3, 2, 24])
        #expect(images.fit(png, width: 9, height: 16).map { [$0.width, $0.height, $0.pixelBytes] } == [9, 16, 576])
        #expect(images.decodeJPEG(png) == nil)
        #expect(images.exifOrientation(jpeg: png) == 1)
    }

    @Test func theImageHooksRefuseWhatTheDecodersRefuse() {
        var png = PNGBytes.rgbFile(width: 3, height: 2, rgb: Array(repeating: 200, count: 18))
        png[29] ^= 0xFF  // the IHDR CRC
        #expect(images.inspect(png) == nil)
        #expect(images.decodePNG(png) == nil)
        let tooMany = ImageFuzzing(maxPixels: 5, maxMemoryBytes: 64 << 20)
        #expect(tooMany.decodePNG(PNGBytes.rgbFile(width: 3, height: 2, rgb: Array(repeating: 0, count: 18))) == nil)
    }

    @Test func theCardHookReadsASpecOrNamesThePathAtFault() throws {
        let spec = try Data(contentsOf: URL(fileURLWithPath: "\(PackageRoot.path)/examples/cards/achievement.json"))
        guard case .spec(let width, let height, let text) = CardFuzzing.parse(Array(spec)) else {
            Issue.record("the example spec was refused")
            return
        }
        #expect(CardFuzzing.sides.contains(width) && CardFuzzing.sides.contains(height) && !text.isEmpty)
        let badLevel = String(decoding: spec, as: UTF8.self).replacingOccurrences(
            of: #""level": 3"#,
            with: #""level": "x""#
        )
        let refused = CardFuzzing.parse(Array(badLevel.utf8))
        guard case .refused(let message, let path) = refused else {
            Issue.record("a spec with a bad value was read")
            return
        }
        #expect(path == "$.fields.level" && path.map(message.contains) == true, "\(message)")
    }

    @Test func theCatalogueHookReadsEveryShippedCatalogueAndRefusesByLine() throws {
        for language in ["en", "ja", "ar", "ru"] {
            let path = "\(PackageRoot.path)/Sources/ShareCards/Catalogues/\(language).txt"
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            guard case .entries(let entries) = CardFuzzing.parseCatalogue(bytes) else {
                Issue.record("\(language).txt was refused")
                continue
            }
            #expect(entries["total"] != nil)
        }
        #expect(
            CardFuzzing.parseCatalogue(Array("total\n".utf8))
                == .refused(message: "fuzz.txt line 1 has no '='; write 'key = text', or start a comment with '#'")
        )
    }

    @Test func theMailHooksParseAndWrite() throws {
        guard case .success(let to) = MailFuzzing.address("Friend <friend@example.org>", field: "to") else {
            Issue.record("a plain address was refused")
            return
        }
        #expect(to.addrSpec == "friend@example.org")
        guard case .failure(let error) = MailFuzzing.address("a\r\nBcc: x@example.org", field: "to") else {
            Issue.record("an address with a CRLF was read")
            return
        }
        #expect(error.field == "to")
        var message = MailFuzzing.Message()
        message.to = [to]
        message.subject = "Streak"
        message.text = "Seven days"
        let written = try MailFuzzing.write(message).get()
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("To: Friend <friend@example.org>\r\n") && text.hasSuffix("\r\n"), "\(text)")
        message.subject = "two\nlines"
        #expect(throws: (any Error).self) { try MailFuzzing.write(message).get() }
    }

    @Test func theSMSLineHookCountsUTF8AndRefusesTheRest() {
        let counted = Array("hello".utf8).withUnsafeBufferPointer { SMSLineFuzzing.count($0) }
        #expect(counted.counted && String(decoding: counted.written, as: UTF8.self).hasSuffix("\n"))
        let refused = [UInt8]([0x68, 0xFF]).withUnsafeBufferPointer { SMSLineFuzzing.count($0) }
        #expect(!refused.counted && refused.written.isEmpty)
    }
}
