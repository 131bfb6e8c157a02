import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Clipboard

extension XServerTests {
    /// A reader opened ahead of its reads (what the transport opens while the owner starts):
    /// its reads share its connection, keep it after a finished refusal, and connect again after
    /// a failure that could leave a late answer behind.
    ///
    /// The server listens only on its socket file (`-nolisten local`), so hiding that file stops
    /// new connections while open ones go on: a read that works then used the open connection.
    @Suite struct X11SelectionReaderTests {
        @Test func readsShareTheOpenConnectionAndSurviveARefusal() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with(extraArguments: ["-nolisten", "local"]) { server in
                let client = X11SelectionClient(display: server.display, timeout: .seconds(5))
                let png = [UInt8](Fixtures.png)
                let text = Array("primary ✓".utf8)
                try await client.own([
                    X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: png),
                    X11SelectionItem(selection: .primary, targets: ["UTF8_STRING"], bytes: text),
                ])
                let reader = try await client.openReader(prefetching: ["CLIPBOARD", "image/png"])

                try await SocketFile(server.display).hidden { () async throws in
                    let fresh = await #expect(throws: X11SelectionError.self) {
                        try await client.read(.clipboard, as: "image/png", maxBytes: png.count)
                    }
                    #expect(fresh?.kind == .connectFailed, "the socket file is hidden, so new connections fail")

                    #expect(
                        try await client.read(.clipboard, as: "image/png", maxBytes: png.count, using: reader) == png
                    )
                    // PRIMARY and UTF8_STRING were not prefetched: interned on the way.
                    #expect(try await client.read(.primary, as: "UTF8_STRING", maxBytes: 64, using: reader) == text)
                    let refused = await #expect(throws: X11SelectionError.self) {
                        try await client.read(.clipboard, as: "text/html", maxBytes: 64, using: reader)
                    }
                    #expect(refused?.kind == .refused)
                    #expect(
                        try await client.read(.clipboard, as: "image/png", maxBytes: png.count, using: reader) == png
                    )
                }
            }
        }

        @Test func aFailureThatMayLeaveALateAnswerDropsTheConnection() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with(extraArguments: ["-nolisten", "local"]) { server in
                let client = X11SelectionClient(display: server.display, timeout: .seconds(5))
                let png = [UInt8](Fixtures.png)
                try await client.own([X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: png)])
                let reader = try await client.openReader(prefetching: [])

                try await SocketFile(server.display).hidden { () async throws in
                    let tooLarge = await #expect(throws: X11SelectionError.self) {
                        try await client.read(.clipboard, as: "image/png", maxBytes: 10, using: reader)
                    }
                    #expect(tooLarge?.kind == .tooLarge)
                    // The connection was dropped, and a new one can't be made while the file is hidden.
                    let next = await #expect(throws: X11SelectionError.self) {
                        try await client.read(.clipboard, as: "image/png", maxBytes: png.count, using: reader)
                    }
                    #expect(next?.kind == .connectFailed)
                }
                // With the socket back, the same reader connects again.
                #expect(try await client.read(.clipboard, as: "image/png", maxBytes: png.count, using: reader) == png)
            }
        }

        /// The transport opens its reader during a copy that will be read back, and only then.
        @Test(arguments: [true, false])
        func theTransportOpensItsReaderWhileCopyingOnlyWhenItReadsBack(readsBack: Bool) async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with(extraArguments: ["-nolisten", "local"]) { server in
                let display = try #require(X11Display(server.display))
                let transport = X11ClipboardTransport(
                    display: display,
                    timeout: .seconds(5),
                    readsBack: readsBack,
                    attempt: ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
                )
                let png = [UInt8](Fixtures.png)
                let item = ClipboardPlan.Item(selection: .clipboard, type: "image/png", source: .attachment)
                try await transport.copy([ClipboardEntry(item: item, payload: .bytes(png))])

                try await SocketFile(server.display).hidden { () async throws in
                    // Without an open reader, the read must connect, which the hidden file prevents.
                    let back = try? await transport.read(.clipboard, as: "image/png", maxBytes: png.count).get()
                    #expect(back == (readsBack ? png : nil))
                }
            }
        }

        @Test func openingOnADisplayWithoutAServerFails() async throws {
            let display = FreeDisplay.name()
            let error = await #expect(throws: X11SelectionError.self) {
                try await X11SelectionClient(display: display, timeout: .seconds(2)).openReader(prefetching: [
                    "CLIPBOARD"
                ])
            }
            #expect(error?.kind == .connectFailed)
            #expect(error?.message.contains("X display \(display)") == true, "\(error?.message ?? "")")
        }
    }
}

/// A display's socket file, moved aside for a while.
private struct SocketFile {
    let path: String

    init(_ display: String) {
        path = "/tmp/.X11-unix/X" + display.dropFirst()
    }

    /// Runs `body` with the socket file renamed, then puts it back.
    func hidden(_ body: () async throws -> Void) async throws {
        let aside = path + ".hidden"
        try #require(rename(path, aside) == 0, "can't move \(path) aside")
        defer { rename(aside, path) }
        try await body()
    }
}
