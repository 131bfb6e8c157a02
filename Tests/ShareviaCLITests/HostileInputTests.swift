import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Every input path of the command line, run by the built binary against hostile inputs: a FIFO
/// without a writer, /dev/zero, /dev/urandom, endless and quiet pipes, symlinks, a directory and a
/// file that grows while it is read.
///
/// Each row must end with a clear error or a bounded success well within its time bound (the child
/// is killed after 45 s, and a row that needs it fails), leave no temporary file in the output
/// folder, and write a bounded amount.
/// Serialized: its rows start processes that, run all at once, starve the suites that time things.
@Suite(.serialized) struct HostileInputTests {
    /// A command that reads a path, with `$IN` where the path goes.
    enum PathCommand: String, CaseIterable, Sendable {
        case shareFile, dryRun, instagram, imageInspect, imageFit, imageConvert, cardRender, shareCard, config

        /// The shell words, `$IN` standing for the input; `$OUT` is the output folder.
        var script: String {
            switch self {
            case .shareFile: #""$SV" --to file "$IN" --out "$OUT" --timeout "$TIMEOUT""#
            case .dryRun: #""$SV" --to file "$IN" --out "$OUT" --timeout "$TIMEOUT" --dry-run"#
            case .instagram: #""$SV" --to instagram "$IN" --out "$OUT" --timeout "$TIMEOUT""#
            case .imageInspect: #""$SV" image inspect "$IN""#
            case .imageFit: #""$SV" image fit "$IN" -o "$OUT/fit.png""#
            case .imageConvert: #""$SV" image convert "$IN" -o "$OUT/converted.png""#
            case .cardRender: #""$SV" card render "$IN" -o "$OUT/card.png""#
            case .shareCard: #""$SV" --to file --card "$IN" --out "$OUT" --timeout "$TIMEOUT""#
            case .config: #"SHAREVIA_CONFIG="$IN" "$SV" --to file --text hello --out "$OUT" --timeout "$TIMEOUT""#
            }
        }

        /// What the command takes: an image, a card spec or a config file.
        var good: String {
            switch self {
            case .shareFile, .dryRun, .instagram, .imageInspect, .imageFit, .imageConvert: "$CARD"
            case .cardRender, .shareCard: "$SPEC"
            case .config: "$CONFIG"
            }
        }

        var readsImagesInPlace: Bool { [.imageInspect, .imageFit, .imageConvert].contains(self) }
        var isShare: Bool { [.shareFile, .dryRun, .instagram].contains(self) }
        var isSpec: Bool { self == .cardRender || self == .shareCard }
    }

    /// A hostile way to hand a command its path.
    enum PathInput: String, CaseIterable, Sendable {
        case fifoWithoutWriter, devZero, devUrandom, endlessPipe, pipe, quietPipe, symlink, symlinkToDevice,
            directory, growingFile, hugeSparseFile

        /// Shell lines that set `IN` (and may start a background writer, whose pid goes in `W`).
        func setup(good: String) -> String {
            switch self {
            case .fifoWithoutWriter: #"mkfifo "$DIR/fifo"; IN="$DIR/fifo""#
            case .devZero: "IN=/dev/zero"
            case .devUrandom: "IN=/dev/urandom"
            case .endlessPipe: #"exec 7< <(exec cat /dev/zero 2>/dev/null); W=$!; IN=/dev/fd/7"#
            case .pipe: #"exec 7< <(exec cat "\#(good)"); W=$!; IN=/dev/fd/7"#
            case .quietPipe: #"exec 7< <(exec sleep 20 2>/dev/null); W=$!; IN=/dev/fd/7"#
            case .symlink: #"ln -s "\#(good)" "$DIR/link"; IN="$DIR/link""#
            case .symlinkToDevice: #"ln -s /dev/zero "$DIR/link"; IN="$DIR/link""#
            case .directory: #"mkdir "$DIR/folder"; IN="$DIR/folder""#
            case .hugeSparseFile: #"truncate -s 1025M "$DIR/huge"; IN="$DIR/huge""#
            case .growingFile:
                #"cp "\#(good)" "$DIR/grow"; (while :; do printf '\n' >> "$DIR/grow"; sleep 0.01; done) >/dev/null 2>&1 & W=$!; IN="$DIR/grow""#
            }
        }
    }

    /// What a row must end with: one of these exit statuses and these words on stderr or stdout.
    struct Expectation {
        var statuses: Set<Int>
        var mentions: String
    }

    static func expectation(_ command: PathCommand, _ input: PathInput) -> Expectation {
        let refused = 64
        switch input {
        case .pipe, .symlink, .growingFile:
            if input == .pipe && (command.readsImagesInPlace || command == .config) {
                return Expectation(statuses: [64], mentions: "is a pipe, not a regular file")
            }
            // A growing PNG has bytes after IEND; the image commands say so or read it.
            let decodes = command == .imageFit || command == .imageConvert
            return Expectation(statuses: decodes && input == .growingFile ? [0, 65] : [0], mentions: "")
        case .devZero, .devUrandom, .symlinkToDevice:
            return Expectation(statuses: [refused], mentions: "is a character device, not a regular file")
        case .directory:
            return Expectation(statuses: [refused], mentions: "is a directory")
        case .fifoWithoutWriter:
            if command.isShare { return Expectation(statuses: [64], mentions: "is a pipe that sent nothing") }
            if command.isSpec { return Expectation(statuses: [65], mentions: "is not valid JSON") }
            return Expectation(statuses: [refused], mentions: "is a pipe, not a regular file")
        case .endlessPipe:
            if command.isShare { return Expectation(statuses: [64], mentions: "holds more than 64 MiB") }
            if command.isSpec { return Expectation(statuses: [64], mentions: "holds more than 1 MiB") }
            return Expectation(statuses: [refused], mentions: "is a pipe, not a regular file")
        case .hugeSparseFile:
            if command.isShare { return Expectation(statuses: [64], mentions: "holds more than 1 GiB") }
            if command.isSpec { return Expectation(statuses: [64], mentions: "holds more than 1 MiB") }
            if command == .config { return Expectation(statuses: [64], mentions: "is larger than 1 MiB") }
            return Expectation(statuses: [65], mentions: "is not a PNG or JPEG image")
        case .quietPipe:
            if command.isShare || command == .shareCard {
                return Expectation(statuses: [64], mentions: "sent no end of file within 3.0 s")
            }
            return Expectation(statuses: [refused], mentions: "is a pipe, not a regular file")
        }
    }

    /// Every pair but a quiet pipe handed to `card render`, which waits its fixed 30 s for a spec.
    static let pathCases: [(PathCommand, PathInput)] = PathCommand.allCases.flatMap { command in
        PathInput.allCases.filter { !(command == .cardRender && $0 == .quietPipe) }.map { (command, $0) }
    }

    @Test(arguments: pathCases)
    func pathInputEndsClearlyAndBounded(command: PathCommand, input: PathInput) async throws {
        let script = """
            W=
            TIMEOUT=\(input == .quietPipe ? 3 : 20)
            \(input.setup(good: command.good))
            \(command.script)
            rc=$?
            [ -n "$W" ] && kill $W 2>/dev/null
            exit $rc
            """
        let expected = Self.expectation(command, input)
        try await run(script, expecting: expected, label: "\(command) < \(input)")
    }

    /// A secret file named by the config (`password_file`) that is a FIFO, a device or endless.
    @Test(arguments: [
        "mkfifo -m 600 \"$DIR/secret\"", "ln -s /dev/zero \"$DIR/secret\"", "mkdir -m 700 \"$DIR/secret\"",
    ])
    func secretFileEndsClearly(setup: String) async throws {
        let script = """
            \(setup)
            printf 'email:\\n  password_file: %s\\n' "$DIR/secret" > "$DIR/secret.yaml"
            # The unresolvable secret makes email unavailable; the share to a file goes on.
            SHAREVIA_CONFIG="$DIR/secret.yaml" "$SV" --to file --text hello --out "$OUT" || exit 99
            SHAREVIA_CONFIG="$DIR/secret.yaml" "$SV" config check
            """
        try await run(
            script,
            // config check names the problem. /dev/zero is refused first for its mode (others can
            // read it); the rest for what they are.
            expecting: Expectation(
                statuses: [64],
                mentions: setup.contains("/dev/zero") ? "which group or others can read" : "which is not a regular"
            ),
            label: setup
        )
    }

    /// A command that reads standard input whole.
    enum StandardInputCommand: String, CaseIterable, Sendable {
        case shareText, textCount, textFit, smsCount, smsCountLines, cardRenderStdin

        var script: String {
            switch self {
            case .shareText: #""$SV" --to file --text - --out "$OUT" --timeout "$TIMEOUT""#
            case .textCount: #""$SV" text count --for x -"#
            case .textFit: #""$SV" text fit --for x -"#
            case .smsCount: #""$SV" sms count -"#
            case .smsCountLines: #""$SV" sms count --lines"#
            case .cardRenderStdin: #""$SV" card render - -o "$OUT/card.png""#
            }
        }
    }

    /// A hostile standard input.
    enum StandardInput: String, CaseIterable, Sendable {
        case devZero, devUrandom, endlessPipe, devNull, growingFile

        /// The shell words that run `command` with this standard input.
        func wrap(_ command: String) -> String {
            switch self {
            case .devZero: "\(command) < /dev/zero"
            case .devUrandom: "\(command) < /dev/urandom"
            case .endlessPipe: "{ yes 2>/dev/null; } | \(command)"
            case .devNull: "\(command) < /dev/null"
            case .growingFile:
                #"printf 'hello\n' > "$DIR/grow"; (while :; do printf 'hello\n' >> "$DIR/grow"; sleep 0.01; done) >/dev/null 2>&1 & W=$!; \#(command) < "$DIR/grow""#
            }
        }
    }

    @Test(arguments: StandardInputCommand.allCases, StandardInput.allCases)
    func standardInputEndsClearlyAndBounded(command: StandardInputCommand, input: StandardInput) async throws {
        let script = """
            W=
            TIMEOUT=20
            \(input.wrap(command.script))
            rc=$?
            [ -n "$W" ] && kill $W 2>/dev/null
            exit $rc
            """
        let expected: Expectation
        switch input {
        case .devZero, .devUrandom, .endlessPipe:
            expected =
                command == .cardRenderStdin
                ? Expectation(statuses: [64], mentions: "holds more than 1 MiB")
                : Expectation(statuses: [64], mentions: "larger than 64 MiB")
        case .devNull:
            // Empty text: counted as nothing, or nothing to share, or an empty spec.
            expected = Expectation(
                statuses: command == .shareText ? [64] : (command == .cardRenderStdin ? [65] : [0]),
                mentions: ""
            )
        case .growingFile:
            expected = Expectation(statuses: command == .cardRenderStdin ? [65] : [0], mentions: "")
        }
        try await run(script, expecting: expected, label: "\(command) < \(input)")
    }

    /// Runs `script` under bash with `$SV`, `$OUT`, `$DIR`, `$CARD`, `$SPEC` and `$CONFIG` set, and
    /// checks the common promises and `expected`.
    private func run(_ script: String, expecting expected: Expectation, label: String) async throws {
        let folder = TemporaryFolder("hostile")
        defer { folder.remove() }
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let config = folder.file("config.yaml")
        try Data("# no settings\n".utf8).write(to: URL(fileURLWithPath: config))
        let environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": folder.path,
            "LANG": "C.UTF-8",
            "SV": ShareviaProcess.binary,
            "OUT": out,
            "DIR": folder.path,
            "CARD": PackageRoot.exampleCard,
            "SPEC": "\(PackageRoot.path)/examples/cards/streak.json",
            "CONFIG": config,
            "SHAREVIA_INSTAGRAM_APP_ID": "1234567890",
        ]
        let started = ContinuousClock.now
        let output = try await ProcessRunner().run(
            "/bin/bash",
            arguments: ["-c", script],
            environment: environment,
            timeout: .seconds(90),
            maxOutput: 1 << 20
        )
        let elapsed = ContinuousClock.now - started
        let text = String(decoding: output.standardError + output.standardOutput, as: UTF8.self)
        #expect(!output.timedOut, "\(label): still running after 90 s")
        // A hang guard, not a speed target: the whole test run's load delays a process by many seconds.
        #expect(elapsed < .seconds(60), "\(label): took \(elapsed)")
        #expect(output.signal == nil, "\(label): killed by signal \(output.signal ?? 0): \(text)")
        #expect(
            output.exitStatus.map { expected.statuses.contains($0) } == true,
            "\(label): exit \(output.exitStatus.map(String.init) ?? "none"), wanted \(expected.statuses.sorted()): \(text)"
        )
        if !expected.mentions.isEmpty {
            #expect(text.contains(expected.mentions), "\(label): no '\(expected.mentions)' in: \(text)")
        }
        #expect(output.standardOutput.count < 1 << 20, "\(label): \(output.standardOutput.count) bytes on stdout")
        let written = Self.files(under: out)
        #expect(
            !written.contains { $0.name.hasPrefix(".sharevia-tmp-") },
            "\(label): left \(written.map(\.name))"
        )
        let total = written.reduce(0) { $0 + $1.size }
        #expect(total <= 8 << 20, "\(label): wrote \(total) bytes")
    }

    /// Every file under `folder`, with its size; empty when the folder does not exist.
    private static func files(under folder: String) -> [(name: String, size: Int)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(name: String, size: Int)] = []
        while let name = enumerator.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)")
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            found.append((name.split(separator: "/").last.map(String.init) ?? name, size))
        }
        return found
    }
}
