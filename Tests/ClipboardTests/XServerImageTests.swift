import Clipboard
import Foundation
import LocalFiles
import ProcessRunning
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

extension XServerTests {
    /// Images round-trip through a real X server byte for byte, under their own type.
    @Suite struct ImageRoundTrip {
        @Test(arguments: Backends.images)
        func aPNGFileRoundTripsByteExact(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let png = Data(PNGBytes.randomRGBFile(width: 600, height: 400, seed: 3))  // about 720 KB: an INCR transfer
            let path = try tmp.write(png, named: "card.png")
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )

            let clock = ContinuousClock()
            let started = clock.now
            let receipt = try await destination.deliver(
                destination.prepare(ShareRequest(content: ShareContent(attachments: [try .file(path)])))
            )
            #expect(
                clock.now - started < .seconds(15),
                "deliver must return while the detached owner still holds the selection"
            )

            #expect(receipt.locations == ["CLIPBOARD (image/png)"])
            #expect(try await XClip.targets(.clipboard, display: display).contains("image/png"))
            #expect(try await XClip.read(.clipboard, type: "image/png", display: display) == Array(png))
            #expect(tmp.names() == ["card.png"], "a file-backed image is passed as it is, with no copy")
        }

        @Test(arguments: Backends.images)
        func anInMemoryPNGRoundTripsByteExact(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let png = Data(PNGBytes.randomRGBFile(width: 90, height: 160, seed: 11))
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            _ = try await destination.deliver(
                destination.prepare(ShareRequest(content: ShareContent(attachments: [Fixtures.image(png)])))
            )
            #expect(try await XClip.read(.clipboard, type: "image/png", display: display) == Array(png))
            #expect(tmp.names().isEmpty)
        }

        @Test(arguments: Backends.images)
        func aJPEGIsOfferedAsImageJPEG(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let jpeg = Data(
                [0xFF, 0xD8, 0xFF, 0xE0] + PNGBytes.randomRGBFile(width: 40, height: 30, seed: 5) + [0xFF, 0xD9]
            )
            let path = try tmp.write(jpeg, named: "card.jpg")
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            let attachment = try ShareAttachment.file(path)
            #expect(attachment.mimeType == "image/jpeg")
            _ = try await destination.deliver(
                destination.prepare(ShareRequest(content: ShareContent(attachments: [attachment])))
            )
            #expect(try await XClip.targets(.clipboard, display: display).contains("image/jpeg"))
            #expect(try await XClip.read(.clipboard, type: "image/jpeg", display: display) == Array(jpeg))
        }

        @Test(arguments: ClipboardSelection.allCases, Backends.images)
        func imageAndTextGoToBothSelections(selection: ClipboardSelection, backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let png = Data(PNGBytes.randomRGBFile(width: 120, height: 80, seed: 9))
            let destination = ClipboardDestination(
                configuration: .init(selection: selection),
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            let content = ShareContent(text: Fixtures.tricky, attachments: [Fixtures.image(png)])
            let request = ShareRequest(content: content)
            let receipt = try await destination.deliver(destination.prepare(request))

            #expect(
                receipt.locations == ["\(selection.atomName) (image/png)", "\(selection.other.atomName) (UTF8_STRING)"]
            )
            #expect(try await XClip.read(selection, type: "image/png", display: display) == Array(png))
            #expect(
                try await XClip.read(selection.other, type: "UTF8_STRING", display: display)
                    == Array(Fixtures.tricky.utf8)
            )
        }

        @Test(arguments: Backends.images)
        func noVerifyStillCopies(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let png = Data(PNGBytes.randomRGBFile(width: 30, height: 30, seed: 2))
            let destination = ClipboardDestination(
                configuration: .init(verify: false),
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            let request = ShareRequest(content: ShareContent(attachments: [Fixtures.image(png)]))
            let receipt = try await destination.deliver(destination.prepare(request))
            #expect(!receipt.summary.contains("verified"))
            // Unverified, the new owner may appear a moment after deliver returns.
            #expect(
                try await XClip.waitFor(Array(png), on: .clipboard, type: "image/png", display: display) == Array(png)
            )
        }

        @Test func verificationCatchesAnotherProgramTakingTheSelection() async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            // Once our copy owns CLIPBOARD, another program takes it with text. The hook can't
            // throw, so its failures are recorded and fail the test.
            let png = Array(Fixtures.png)
            let intruder = HookedRunner(after: { invocation, _ in
                guard invocation.arguments.contains("-i") else { return }
                do {
                    let served = try await XClip.waitFor(png, on: .clipboard, type: "image/png", display: display)
                    #expect(served == png, "our copy never owned CLIPBOARD")
                    try await XClip.write("intruder", to: .clipboard, display: display)
                } catch {
                    Issue.record(error, "the intruder could not take CLIPBOARD")
                }
            })
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: "xclip"),
                runner: intruder
            )
            let prepared = try destination.prepare(ShareRequest(content: ShareContent(attachments: [Fixtures.image()])))
            let error = await #expect(throws: ShareError.self) { try await destination.deliver(prepared) }
            #expect(error?.code == .transient)
            #expect(error?.message.contains("not image/png") == true, "\(String(describing: error))")
        }

        @Test(arguments: Backends.images)
        func theClipboardPassesTheConformanceCheck(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            let failures = await DestinationConformance(destination, deliverSample: true).run()
            #expect(failures.isEmpty, "\(failures)")
        }
    }
}
