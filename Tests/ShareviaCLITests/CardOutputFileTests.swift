import Foundation
import ImagePipeline
import TestSupport
import Testing

/// `card render -o` and `card themes -o` through the built binary: JPEG for `.jpg`/`.jpeg`, PNG
/// for `.png` or no extension, any other extension refused; an existing file kept unless
/// `--force`, with the words `image fit` uses.
@Suite struct CardOutputFileTests {
    let folder = TemporaryFolder("cli-card-output")
    static var streak: String { PackageRoot.path + "/examples/cards/streak.json" }
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    @Test(arguments: ["card.jpg", "card.JPEG", "card.jpeg"])
    func aJPEGNameGetsAJPEGThatLooksLikeThePNG(name: String) async throws {
        let run = try await ShareviaProcess.run([
            "card", "render", Self.streak, "-o", folder.file(name), "--size", "square",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote \(folder.file(name)): 1080x1080 JPEG, "), "\(run.stdout)")
        let bytes = try #require(folder.read(name))
        #expect(Array(bytes.prefix(3)) == Self.jpegSignature, "\(name) starts \(Array(bytes.prefix(4)))")
        let jpeg = try JPEGDecoder().decode(path: folder.file(name))
        #expect(jpeg.width == 1080 && jpeg.height == 1080)
        let png = try await ShareviaProcess.run([
            "card", "render", Self.streak, "-o", folder.file("same.png"), "--size", "square",
        ])
        #expect(png.status == 0, "\(png.stderr)")
        let reference = try PNGDecoder().decode(path: folder.file("same.png"))
        let comparison = PixelComparison(jpeg.pixels, reference.pixels, tolerance: 48)
        #expect(comparison.differingShare < 0.01, "the JPEG is the same card: \(comparison)")
    }

    @Test(arguments: ["card.png", "card"])
    func aPNGNameOrNoExtensionGetsAPNG(name: String) async throws {
        let run = try await ShareviaProcess.run(["card", "render", Self.streak, "-o", folder.file(name)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1080x1920 PNG, "), "\(run.stdout)")
        #expect(Array(try #require(folder.read(name)).prefix(4)) == Self.pngSignature)
    }

    @Test(arguments: [["card", "render"], ["card", "themes"]])
    func anotherExtensionIsRefusedBeforeRendering(command: [String]) async throws {
        let run = try await ShareviaProcess.run(command + [Self.streak, "-o", folder.file("card.webp")])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "-o '\(folder.file("card.webp"))': a card is written as PNG or JPEG, so its name must end .png, .jpg, .jpeg"
            ),
            "\(run.stderr)"
        )
        #expect(folder.names().isEmpty)
    }

    @Test(arguments: [["card", "render"], ["card", "themes"]])
    func anExistingFileIsKeptUnlessForced(command: [String]) async throws {
        let output = try folder.write(Array("keep me".utf8), named: "out.png")
        let refused = try await ShareviaProcess.run(command + [Self.streak, "-o", output])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderr
                == "error: '\(output)' already exists and overwriting was not allowed; pass --force to replace it. "
                + "[output-exists]\n"
        )
        #expect(folder.read("out.png") == Data("keep me".utf8))
        let forced = try await ShareviaProcess.run(command + [Self.streak, "-o", output, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Array(try #require(folder.read("out.png")).prefix(4)) == Self.pngSignature)
        #expect(folder.names() == ["out.png"], "no staged file is left")
    }

    @Test func theContactSheetCanBeAJPEG() async throws {
        let run = try await ShareviaProcess.run(["card", "themes", Self.streak, "-o", folder.file("sheet.jpg")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("8 themes, JPEG, "), "\(run.stdout)")
        let sheet = try JPEGDecoder().decode(path: folder.file("sheet.jpg"))
        #expect(sheet.width == 4 * 360 + 5 * 24 && sheet.height == 2 * 640 + 3 * 24)
    }
}
