import Destinations
import Foundation
import LocalFiles
import ShareCore
import TestSupport
import Testing

/// Issue 23, defect 3 ("read inputs once"): Instagram checked an image against its rules, then
/// read the file again for the pasteboard item and once more for the bundle's copy, so a file
/// changed (or grown) in between went out unchecked. The bytes checked are the bytes handed off.
@Suite struct InstagramReadOnceTests {
    let folder = TemporaryFolder("instagram-once")

    @Test func theBytesCheckedAreTheBytesHandedOff() async throws {
        let card = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard))
        let path = try folder.write(card, named: "card.png")
        let destination = InstagramDestination(
            configuration: .init(appID: "1234567890", outputDirectory: folder.file("out")),
            environment: ShareEnvironment(["HOME": folder.path, "PATH": "/nonexistent"])
        )
        let prepared = try destination.prepare(
            ShareRequest(content: ShareContent(attachments: [try ShareAttachment.file(path)]))
        )
        // The file is replaced after the check: 30 MiB, over Instagram's 20 MiB.
        _ = try folder.write(Data(repeating: 0x41, count: 30 << 20), named: "card.png")
        _ = try await destination.deliver(prepared)
        let bundled = FileManager.default.contents(atPath: folder.file("out/card.png"))
        #expect(bundled == card, "the bundle holds \(bundled?.count ?? 0) bytes")
    }
}
