import Foundation
import ImagePipeline
import ProcessRunning
import TestSupport
import Testing

/// End-to-end runs of `sharevia image inspect | fit | convert` with the built binary
/// (`$SHAREVIA_BIN`, or the `sharevia` beside the test executable).
///
/// Exit codes: 64 for a usage error or a missing input, 65 for an image that can't be processed
/// or an output that exists.
struct ImageCommandTests {
    // MARK: Inspect

    @Test func inspectPrintsHeaderFieldsAndEdgeColours() async throws {
        let folder = TemporaryFolder("cli")
        let path = try folder.write(CLIImages.halves(width: 6, height: 50), named: "card.png")
        let run = try await ShareviaProcess.run(["image", "inspect", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(path): PNG 6x50, 8-bit truecolour, not interlaced"))
        #expect(run.stdout.contains("edges top #C81E0A bottom #0A1EC8"))
    }

    @Test func inspectJSONListsEveryFile() async throws {
        let folder = TemporaryFolder("cli")
        let a = try folder.write(CLIImages.halves(width: 6, height: 50), named: "a.png")
        let b = try folder.write(CLIImages.halves(width: 3, height: 2), named: "b.png")
        let run = try await ShareviaProcess.run(["image", "inspect", "--json", a, b])
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects[0]["file"] as? String == a)
        #expect(objects[0]["format"] as? String == "png")
        #expect(objects[0]["width"] as? Int == 6)
        #expect(objects[0]["height"] as? Int == 50)
        #expect(objects[0]["bitDepth"] as? Int == 8)
        #expect(objects[0]["colorType"] as? String == "rgb")
        #expect(objects[0]["interlaced"] as? Bool == false)
        #expect(objects[0]["fileSize"] as? Int == (try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int))
        let edges = try #require(objects[0]["edgeColors"] as? [String: String])
        #expect(edges == ["top": "#C81E0A", "bottom": "#0A1EC8"])
        #expect(objects[1]["width"] as? Int == 3)
    }

    @Test func inspectReportsACorruptFileAndGoesOn() async throws {
        let folder = TemporaryFolder("cli")
        var bytes = CLIImages.halves(width: 6, height: 50)
        bytes[bytes.count - 20] ^= 0x55  // inside IDAT, so its CRC no longer matches
        let bad = try folder.write(bytes, named: "bad.png")
        let good = try folder.write(CLIImages.halves(width: 6, height: 50), named: "good.png")
        let run = try await ShareviaProcess.run(["image", "inspect", bad, good])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("error: '\(bad)' has a damaged IDAT chunk"), "\(run.stderr)")
        #expect(run.stderr.contains("[bad-checksum]"))
        #expect(run.stdout.contains("\(good): PNG 6x50"))
        // A missing file is the more basic mistake: it sets the exit code.
        let missing = try await ShareviaProcess.run(["image", "inspect", bad, folder.path + "/nope.png"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("nope.png"))
    }

    /// Issue 17: this 150-byte file trapped `image inspect --json` with signal 4 while the error
    /// message was built (a byte count past `Int.max` converted to `Int`).
    @Test func inspectRefusesASizeBeyondIntMaxWithoutCrashing() async throws {
        let folder = TemporaryFolder("cli")
        let bytes = CLIImages.declaring(width: 2_147_483_647, height: 2_147_483_647)
        let path = try folder.write(bytes, named: "hostile.png")
        let output = folder.path + "/fitted.png"
        for arguments in [
            ["image", "inspect", "--json", path], ["image", "inspect", path], ["image", "fit", path, "-o", output],
        ] {
            let run = try await ShareviaProcess.run(arguments)
            #expect(run.status == 65, "\(arguments): \(run.status) \(run.stderr)")
            // --json puts the error in the JSON on stdout; the others print it on stderr.
            #expect((run.stdout + run.stderr).contains("declares 2147483647x2147483647 pixels"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func inspectReadsAJPEGHeaderWithoutDecoding() async throws {
        let folder = TemporaryFolder("cli")
        let path = try folder.write(CLIImages.jpeg(width: 4032, height: 3024), named: "photo.jpg")
        let run = try await ShareviaProcess.run(["image", "inspect", path, "--no-edges"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("JPEG 4032x3024, 8-bit YCbCr"))
        // Edge colours decode the file: a header alone is a damaged JPEG, named as such.
        let withEdges = try await ShareviaProcess.run(["image", "inspect", path])
        #expect(withEdges.status == 65)
        #expect(withEdges.stderr.contains("is a damaged JPEG"), "\(withEdges.stderr)")
    }

    // MARK: Fit

    /// The help screen, pinned so a changed flag shows in review.
    @Test func fitHelpIsPinned() async throws {
        let run = try await ShareviaProcess.run(["image", "fit", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == Self.fitHelp)
    }

    static let fitHelp = """
        OVERVIEW: Fit an image onto a canvas over a gradient of its edge colours, and
        write a PNG.

        The image is scaled to fit (area averaging when shrinking), centred, and drawn
        over a vertical gradient from the average colour of its top rows to that of its
        bottom rows.

        USAGE: sharevia image fit <input> --output <output> [--force] [--compression <preset>] [--canvas <WxH>]

        ARGUMENTS:
          <input>                 The PNG image to fit.

        OPTIONS:
          -o, --output <output>   The PNG file to write (a regular file; '-' for
                                  standard output).
          --force                 Replace the output file if it already exists.
          --compression <preset>  PNG compression: fast (zlib level 1, run-length
                                  strategy, SUB filter), balanced (level 6, adaptive
                                  filters) or smallest (level 9, adaptive filters).
                                  (values: fast, balanced, smallest; default: fast)
          --canvas <WxH>          The canvas size in pixels, WIDTHxHEIGHT. (default:
                                  1080x1920)
          --version               Show the version.
          -h, --help              Show help information.


        """

    @Test func fitWritesAStoryCanvas() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.halves(width: 60, height: 40), named: "in.png")
        let output = folder.path + "/story.png"
        let run = try await ShareviaProcess.run(["image", "fit", input, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("60x40 image at 1080x720+0+600"))
        #expect(try PNGBytes.size(ofFileAt: output) == (1080, 1920))
        // The canvas's own top band (38 rows) is the start of the gradient from #C81E0A to
        // #0A1EC8 over 1920 rows: its mean row 18.5 gives red 200 - 190 * 18.5 / 1919 = 198.2.
        let check = try await ShareviaProcess.run(["image", "inspect", output])
        #expect(check.stdout.contains("edges top #C61E0C bottom #0C1EC6"), "\(check.stdout)")
        #expect(folder.names() == ["in.png", "story.png"])
    }

    @Test func fitHonoursTheCanvasOption() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.halves(width: 60, height: 40), named: "in.png")
        let output = folder.path + "/small.png"
        let run = try await ShareviaProcess.run(["image", "fit", input, "-o", output, "--canvas", "100x200"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PNGBytes.size(ofFileAt: output) == (100, 200))
    }

    @Test func fitRefusesToOverwriteWithoutForce() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.halves(width: 60, height: 40), named: "in.png")
        let output = folder.path + "/out.png"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
        let refused = try await ShareviaProcess.run(["image", "fit", input, "-o", output])
        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "error: '\(output)' already exists and overwriting was not allowed; pass --force to replace it. "
                + "[output-exists]\n"
        )
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
        let forced = try await ShareviaProcess.run(["image", "fit", input, "-o", output, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try PNGBytes.size(ofFileAt: output) == (1080, 1920))
        #expect(folder.names() == ["in.png", "out.png"])
    }

    @Test func fitRejectsAMalformedCanvasAsAUsageError() async throws {
        let run = try await ShareviaProcess.run(["image", "fit", "in.png", "-o", "out.png", "--canvas", "1080"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("The value '1080' is invalid for '--canvas <WxH>'"), "\(run.stderr)")
    }

    /// A canvas too big for the memory limit is blamed on --canvas, before the input is read.
    @Test func fitBlamesAnOversizedCanvasNotTheImage() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.halves(width: 60, height: 40), named: "in.png")
        let run = try await ShareviaProcess.run([
            "image", "fit", input, "-o", folder.path + "/out.png", "--canvas", "20000x20000",
        ])
        #expect(run.status == 64)
        #expect(
            run.stderr.contains(
                "--canvas 20000x20000 needs 1526 MB, more than the 512 MB limit; use a smaller --canvas."
            ),
            "\(run.stderr)"
        )
        #expect(!run.stderr.contains("in.png"))
        #expect(folder.names() == ["in.png"])
    }

    @Test func fitAndConvertTakeAJPEGPhoto() async throws {
        let folder = TemporaryFolder("cli")
        let ppm = Data("P6\n80 60\n255\n".utf8) + Data((0..<(80 * 60)).flatMap { [UInt8($0 % 80 * 3), 90, 160] })
        let jpeg = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["cjpeg"],
            input: [UInt8](ppm),
            timeout: .seconds(20)
        )
        let input = try folder.write(jpeg.standardOutput, named: "photo.jpg")
        let fit = try await ShareviaProcess.run(["image", "fit", input, "-o", folder.path + "/story.png"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(try PNGBytes.size(ofFileAt: folder.path + "/story.png") == (1080, 1920))
        let convert = try await ShareviaProcess.run(["image", "convert", input, "-o", folder.path + "/photo.png"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(try PNGBytes.size(ofFileAt: folder.path + "/photo.png") == (80, 60))
        let inspect = try await ShareviaProcess.run(["image", "inspect", input])
        #expect(inspect.status == 0 && inspect.stdout.contains("edges top #"), "\(inspect.stdout)\(inspect.stderr)")
    }

    @Test func fitRefusesAHeaderOnlyJPEGAsDamaged() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.jpeg(width: 800, height: 600), named: "photo.jpg")
        let run = try await ShareviaProcess.run(["image", "fit", input, "-o", folder.path + "/out.png"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("'\(input)' is a damaged JPEG"))
        #expect(run.stderr.contains("[corrupt-data]"))
        #expect(folder.names() == ["photo.jpg"])
    }

    @Test func fitNamesAMissingInput() async throws {
        let folder = TemporaryFolder("cli")
        let run = try await ShareviaProcess.run([
            "image", "fit", folder.path + "/nope.png", "-o", folder.path + "/o.png",
        ])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: cannot open '\(folder.path)/nope.png'"), "\(run.stderr)")
        #expect(run.stderr.contains("[read-failed]"))
    }

    // MARK: Convert

    @Test func convertReencodesWithTheSamePixels() async throws {
        let folder = TemporaryFolder("cli")
        let input = try folder.write(CLIImages.halves(width: 6, height: 50), named: "in.png")
        let output = folder.path + "/out.png"
        let run = try await ShareviaProcess.run(["image", "convert", input, "-o", output, "--compression", "smallest"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PNGBytes.size(ofFileAt: output) == (6, 50))
        let original = try PNGDecoder().decode(path: input)
        #expect(try PNGDecoder().decode(path: output) == original)
        #expect(original.pixel(x: 0, y: 0) == RGBAPixel(r: 200, g: 30, b: 10))
        let again = try await ShareviaProcess.run(["image", "convert", input, "-o", output])
        #expect(again.status == 65)
        #expect(again.stderr.contains("pass --force to replace it"))
        #expect(again.stderr.contains("[output-exists]"))
    }
}

/// Image bytes for the CLI's image tests.
enum CLIImages {
    /// A width x height RGB PNG: the top half (200, 30, 10), the bottom half (10, 30, 200).
    static func halves(width: Int, height: Int) -> [UInt8] {
        let rgb = (0..<height).flatMap { y in
            (0..<width).flatMap { _ -> [UInt8] in y < height / 2 ? [200, 30, 10] : [10, 30, 200] }
        }
        return PNGBytes.rgbFile(width: width, height: height, rgb: rgb)
    }

    /// A 16-bit RGBA PNG whose IHDR declares width x height pixels over 64 bytes of image data.
    static func declaring(width: UInt32, height: UInt32) -> [UInt8] {
        PNGBytes.file(
            ihdr: PNGBytes.ihdr(width: width, height: height, bitDepth: 16, colorType: 6),
            raw: [UInt8](repeating: 0, count: 64)
        )
    }

    /// SOI, a baseline frame header, a scan header, EOI: enough to inspect.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        [
            0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0xFF, 0xD9,
        ]
    }
}
