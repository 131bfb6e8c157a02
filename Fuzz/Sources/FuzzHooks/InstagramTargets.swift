import Destinations
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `instagram-payload`: the Instagram hand-off builder on any image bytes, with a colour and a
/// link taken from the input's last bytes. `prepare` must refuse with a `ShareError` or lay out a
/// story whose layer is background or sticker, whose colours are `#RRGGBB`, and whose pasteboard
/// summary names the image key.
@_cdecl("sharevia_fuzz_instagram_payload")
public func fuzzInstagramPayload(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let tail = String(decoding: bytes.suffix(16), as: UTF8.self)
    let configuration = InstagramDestination.Configuration(
        appID: "1234567890",
        placement: bytes.first.map { [.automatic, .background, .sticker][Int($0) % 3] } ?? .automatic,
        topColor: HexColor(String(tail.prefix(7)))
    )
    let destination = InstagramDestination(configuration: configuration, environment: ShareEnvironment(["HOME": "/nonexistent"]))
    let image = ShareAttachment.bytes(Data(bytes), mimeType: bytes.starts(with: [0xFF, 0xD8]) ? "image/jpeg" : "image/png", fileName: "fuzz.png")
    let link = "https://example.com/" + tail.filter { $0.isLetter || $0.isNumber }
    do {
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(link: link, attachments: [image])))
        let layer = field("layer", of: prepared)
        check(layer == "background" || layer == "sticker", "layer \(layer ?? "nil")")
        for name in ["top-color", "bottom-color"] {
            if let color = field(name, of: prepared) { check(HexColor(color) != nil, "\(name) \(color)") }
        }
        let pasteboard = field("pasteboard", of: prepared) ?? ""
        check(pasteboard.contains("backgroundImage") || pasteboard.contains("stickerImage"), "no image key: \(pasteboard)")
    } catch {
        check(!error.message.isEmpty, "an empty error message")
    }
    return 0
}

/// The value a dry run shows for `name`, if any.
private func field(_ name: String, of prepared: PreparedShare) -> String? {
    prepared.fields.first { $0.name == name }?.value
}
