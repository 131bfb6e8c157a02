import Foundation
import ProcessRunning
import TestSupport
import Testing

/// `sharevia card ...` and `sharevia --to DEST --card SPEC`, through the built binary.
@Suite(.serialized) struct CardCommandTests {
    let folder = TemporaryFolder("cli-card")
    static var streak: String { PackageRoot.path + "/examples/cards/streak.json" }

    @Test func renderWritesThePNGAtTheAskedSize() async throws {
        let output = folder.file("card.png")
        let run = try await ShareviaProcess.run(
            ["card", "render", Self.streak, "-o", output, "--size", "landscape", "--theme", "ocean"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote \(output): 1200x675 PNG"))
        #expect(run.stdout.contains("share text: 30 day streak in Habitual! 🔥 Consistency is everything."))
        #expect(
            run.stdout.contains(
                "alt text: Streak card: 30 day streak, A whole month. Unstoppable, 13 of the last 14 days done, total 142\n"
            ),
            "\(run.stdout)"
        )
        let size = try PNGBytes.size(ofFileAt: output)
        #expect(size.width == 1200 && size.height == 675)
        #expect(folder.names() == ["card.png"], "no temporary file is left behind")
    }

    @Test func aSpecCanComeFromStandardInput() async throws {
        let spec =
            #"{"kind":"challenge","language":"es","app":{"name":"Hábito"},"fields":{"badge":"🏅","name":"Plancha","points":5}}"#
        let run = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("stdin.png"), "--size", "square"],
            input: Array(spec.utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("share text: ¡Reto completado: Plancha! 🏅 +5 puntos en Hábito."), "\(run.stdout)")
        let size = try PNGBytes.size(ofFileAt: folder.file("stdin.png"))
        #expect(size.width == 1080 && size.height == 1080)
    }

    @Test func themesWritesAContactSheetOfEightCards() async throws {
        let output = folder.file("sheet.png")
        let run = try await ShareviaProcess.run(["card", "themes", Self.streak, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        let size = try PNGBytes.size(ofFileAt: output)
        #expect(size.width == 4 * 360 + 5 * 24 && size.height == 2 * 640 + 3 * 24)
    }

    @Test func schemaPrintsThePublishedSchema() async throws {
        let run = try await ShareviaProcess.run(["card", "schema"])
        #expect(run.status == 0)
        let file = try String(contentsOfFile: PackageRoot.path + "/schemas/card-v1.schema.json", encoding: .utf8)
        #expect(run.stdout == file)
    }

    @Test(arguments: [
        (#"{"kind":"streak","app":{"name":"A"},"fields":{"days":"many"}}"#, "$.fields.days must be a whole number"),
        (#"{"kind":"quest","app":{"name":"A"},"fields":{}}"#, "$.kind 'quest' is not a card kind"),
        ("{not json", "is not valid JSON"),
    ])
    func aBadSpecNamesTheFileAndThePath(json: String, message: String) async throws {
        let spec = try folder.write(Array(json.utf8), named: "bad.json")
        let output = folder.file("bad.png")
        let run = try await ShareviaProcess.run(["card", "render", spec, "-o", output])
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: \(spec): \(message)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingSpecIsAUsageError() async throws {
        let run = try await ShareviaProcess.run([
            "card", "render", folder.file("none.json"), "-o", folder.file("x.png"),
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("can't read the card spec"))
    }

    @Test func anOutputItCannotWriteIsNamedAndLeavesNothing() async throws {
        let missing = try await ShareviaProcess.run(["card", "render", Self.streak, "-o", folder.file("nope/card.png")])
        #expect(missing.status == 65)
        #expect(
            missing.stderr.contains(
                "the folder '\(folder.file("nope"))' for '\(folder.file("nope/card.png"))' does not exist"
            ),
            "\(missing.stderr)"
        )
        let isFolder = try await ShareviaProcess.run(["card", "themes", Self.streak, "-o", folder.path])
        #expect(isFolder.status == 65)
        #expect(isFolder.stderr.contains("is a folder, not a file name"), "\(isFolder.stderr)")
        #expect(folder.names().isEmpty, "nothing is written")
    }

    @Test func aBadSizeOrThemeIsRefusedBeforeRendering() async throws {
        let size = try await ShareviaProcess.run([
            "card", "render", Self.streak, "-o", folder.file("x.png"), "--size", "9000x9000",
        ])
        #expect(size.status == 64)
        #expect(size.stderr.contains("outside 200...4096"), "\(size.stderr)")
        let theme = try await ShareviaProcess.run([
            "card", "render", Self.streak, "-o", folder.file("x.png"), "--theme", "neon",
        ])
        #expect(theme.status == 64)
        #expect(theme.stderr.contains("'neon' is not a theme"))
    }

    @Test func shareWithACardDrawsItAtTheDestinationsSize() async throws {
        let out = folder.file("shares")
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--card", Self.streak, "--out", out, "--no-fallback", "--hashtag", "fitness"])
        #expect(run.status == 0, "\(run.stderr)")
        let size = try PNGBytes.size(ofFileAt: "\(out)/card.png")
        #expect(size.width == 1080 && size.height == 1920)
        let text = try String(contentsOfFile: "\(out)/card.txt", encoding: .utf8)
        #expect(text.hasPrefix("30 day streak\n"), "the card's headline is the title: \(text)")
        #expect(text.contains("30 day streak in Habitual! 🔥 Consistency is everything."))
        #expect(text.contains("#streak #habits #fitness"))
        #expect(text.contains("https://habitual.example/app"))
    }

    @Test func instagramGetsAStoryAndXOnlyTheText() async throws {
        let instagram = try await ShareviaProcess.run(
            ["--to", "instagram", "--card", Self.streak, "--instagram-app-id", "123", "--dry-run", "--no-fallback"])
        #expect(instagram.stdout.contains("image: card.png (image/png, 1080x1920"), "\(instagram.stdout)")
        let x = try await ShareviaProcess.run(
            ["--to", "x", "--card", Self.streak, "--dry-run", "--no-fallback", "--json"])
        #expect(x.status == 0, "\(x.stderr)")
        // X's web intent carries no image: no card is drawn for it, and the share text goes.
        #expect(!x.stdout.contains("card.png"), "\(x.stdout)")
        #expect(x.stdout.contains("30 day streak in Habitual!"), "\(x.stdout)")
    }

    /// The dynamic loader's own record (LD_DEBUG=files): Pango, Cairo and fontconfig are loaded
    /// only to draw a card, never for a share to a file or for `card schema`.
    @Test func pangoIsLoadedOnlyToDrawACard() async throws {
        let card = PackageRoot.exampleCard
        let file = try await ShareviaProcess.run(
            ["--to", "file", card, "--out", folder.file("out"), "--no-fallback"],
            environment: ["LD_DEBUG": "files"]
        )
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stderr.contains("file="), "LD_DEBUG printed nothing: \(file.stderr.prefix(300))")
        for library in ["libpango", "libcairo", "libglib", "libfontconfig", "libqrencode"] {
            #expect(!file.stderr.contains(library), "\(library) loaded for --to file")
        }
        let schema = try await ShareviaProcess.run(["card", "schema"], environment: ["LD_DEBUG": "files"])
        #expect(!schema.stderr.contains("libpango"))
        let render = try await ShareviaProcess.run(
            ["card", "render", Self.streak, "-o", folder.file("c.png")],
            environment: ["LD_DEBUG": "files"]
        )
        #expect(render.status == 0)
        #expect(render.stderr.contains("libpango-1.0.so.0"), "the check can see libpango when it is loaded")
        #expect(render.stderr.contains("libqrencode.so.4"), "the spec's QR code loads libqrencode")
    }

    /// A library `sharevia card` loads with dlopen (libturbojpeg for a `.jpg`), made unloadable in a private user and mount
    /// namespace (`/dev/null` bound over it), gives an error naming the Debian package, and no file.
    @Test(arguments: [
        ("libpango-1.0.so.0", "apt-get install libpango-1.0-0"),
        ("libcairo.so.2", "apt-get install libcairo2"),
        ("libqrencode.so.4", "apt-get install libqrencode4"),
        ("libturbojpeg.so.0", "apt-get install libturbojpeg0"),
    ])
    func aMissingLibraryNamesItsPackage(library: String, install: String) async throws {
        // libturbojpeg is loaded only to write a JPEG.
        let output = folder.file("missing-\(library)" + (library.hasPrefix("libturbojpeg") ? ".jpg" : ".png"))
        let script = #"""
            path=$(/sbin/ldconfig -p | awk -v name="$1" '$1 == name { print $NF; exit }')
            [ -n "$path" ] || { echo "test setup: $1 is not installed" >&2; exit 99; }
            mount --bind /dev/null "$path" || exit 98
            exec "$2" card render "$3" -o "$4"
            """#
        let run = try await ProcessRunner().run(
            "/usr/bin/unshare",
            arguments: ["-rm", "/bin/sh", "-c", script, "sh", library, ShareviaProcess.binary, Self.streak, output],
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"],
            timeout: .seconds(60)
        )
        let stderr = String(decoding: run.standardError, as: UTF8.self)
        #expect(run.exitStatus == 1, "\(stderr)")
        #expect(stderr.contains("\(library) can't be loaded"), "\(stderr)")
        #expect(stderr.contains(install), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "no card is written")
    }

    @Test func textAndCardCannotBothReadStandardInput() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "-", "--card", "-", "--out", folder.path],
            input: Array("hi".utf8)
        )
        #expect(run.status == 64)
        #expect(run.stderr.contains("--text - and --card - both read standard input"), "\(run.stderr)")
        #expect(folder.names().isEmpty)
    }

    @Test func twoRendersAreByteIdentical() async throws {
        for name in ["a.png", "b.png"] {
            let run = try await ShareviaProcess.run(["card", "render", Self.streak, "-o", folder.file(name)])
            #expect(run.status == 0)
        }
        #expect(folder.read("a.png") == folder.read("b.png"))
    }
}
