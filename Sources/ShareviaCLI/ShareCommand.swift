import ArgumentParser
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `sharevia --to DEST [FILE...]`: shares content through a fallback chain. The default subcommand.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share files, text and a link to a destination, falling back so the share is never lost.",
        usage: """
            sharevia --to <dest>[,<dest>...] [<file> ...] [--text <text> | --text -] [--title <title>] [--url <url>] [--hashtag <tag> ...]
                     [--fallback <dest>,... | --no-fallback] [--unavailable <dest>,...] [--dry-run] [--json] [--out <dir>]
            """,
        discussion: """
            The chain is the destinations given to --to, then the clipboard, then the file export, \
            so a share is never lost. --fallback replaces that tail; --no-fallback drops it.

            EXAMPLES
              sharevia --to clipboard card.png
              sharevia --to x --text "Seven days in a row" --url https://example.com --hashtag streak
              echo "New level" | sharevia --to clipboard --text -
              sharevia --to file card.png --out ~/shares --json
              sharevia --to clipboard card.png --dry-run
              SHAREVIA_UNAVAILABLE=clipboard sharevia --to clipboard card.png   # falls back to file

            \(ShareviaExitCode.helpText)
            """
    )

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp(
            "Where to share, tried in order (comma separated). See 'sharevia destinations'.",
            valueName: "dest,..."
        )
    )
    var destinations: String

    @Argument(help: ArgumentHelp("Images or other files to attach; the first image is the card.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The share text; '-' reads it from standard input.", valueName: "text"))
    var text: String?

    @Option(help: "A title (the email subject, the Reddit title).")
    var title: String?

    @Option(help: ArgumentHelp("A link to share (http or https).", valueName: "url"))
    var url: String?

    @Option(
        name: .customLong("hashtag"),
        help: ArgumentHelp("A hashtag, with or without '#'; repeat for more.", valueName: "tag")
    )
    var hashtags: [String] = []

    @Option(
        help: ArgumentHelp("The kind of moment: achievement, streak, level-up, progress or generic.", valueName: "kind")
    )
    var kind: String = ContentKind.generic.rawValue

    @Option(
        help: ArgumentHelp(
            "Fallbacks after the --to destinations, replacing the default 'clipboard,file'.",
            valueName: "dest,..."
        )
    )
    var fallback: String?

    @Flag(name: .customLong("no-fallback"), help: "Try only the --to destinations.")
    var noFallback = false

    @Flag(help: "Show what each destination would receive; deliver nothing.")
    var dryRun = false

    @Flag(help: "Print the report (or the dry run) as JSON on standard output.")
    var json = false

    @OptionGroup var routing: RouterOptions

    func validate() throws {
        if noFallback && fallback != nil {
            throw ValidationError("--fallback and --no-fallback can't be used together")
        }
        if DestinationID.list(parsing: destinations).isEmpty {
            throw ValidationError("--to needs at least one destination, such as --to clipboard")
        }
        if let url { try ContentValidation.checkURL(url) }
        for tag in hashtags { try ContentValidation.checkHashtag(tag) }
        if let title, title.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw ValidationError("--title must be one line; put longer text in --text")
        }
        guard kind.allSatisfy({ $0.isLetter || $0 == "-" }) else {
            throw ValidationError("--kind must be a word such as achievement, streak, level-up or progress")
        }
    }

    /// The chain: the --to destinations, then the fallbacks.
    var chain: FallbackChain { chain(defaultFallbacks: [.clipboard, .file]) }

    /// The chain, with the default tail limited to fallbacks the registry has.
    func chain(in registry: DestinationRegistry) -> FallbackChain {
        chain(defaultFallbacks: [.clipboard, .file].filter { registry.destination($0) != nil })
    }

    private func chain(defaultFallbacks: [DestinationID]) -> FallbackChain {
        let primary = FallbackChain(DestinationID.list(parsing: destinations))
        if noFallback { return primary }
        if let fallback { return primary.appendingFallbacks(DestinationID.list(parsing: fallback)) }
        return primary.appendingFallbacks(defaultFallbacks)
    }

    func run() async throws {
        let router = routing.router()
        let chain = chain(in: router.registry)
        do {
            _ = try chain.validated(against: router.registry)
        } catch {
            throw usageFailure(error.message)
        }
        let content = try buildContent()
        do {
            if dryRun {
                let previews = try await router.preview(content, via: chain)
                let exitCode = DryRunPrinter.exitCode(for: previews)
                if json {
                    StandardStreams.write(try DryRunPrinter.json(previews, exitCode: exitCode))
                } else {
                    StandardStreams.write(DryRunPrinter.text(previews))
                }
                if exitCode != 0 { throw ExitCode(exitCode) }
                return
            }
            let report = try await router.share(content, via: chain)
            let exitCode = ShareviaExitCode.code(for: report.outcome)
            if json {
                StandardStreams.write(try ReportPrinter.json(report, exitCode: exitCode))
            } else {
                StandardStreams.printError(report.description)
                for location in report.receipt?.locations ?? [] { StandardStreams.write(location + "\n") }
            }
            if exitCode != 0 { throw ExitCode(exitCode) }
        } catch let error as ShareError {
            throw usageFailure(error.message)
        }
    }

    /// The content from the arguments, with every file checked before anything is shared.
    func buildContent() throws -> ShareContent {
        var attachments: [ShareAttachment] = []
        for path in files {
            do throws(ShareError) {
                attachments.append(try ShareAttachment.file(path))
            } catch {
                throw usageFailure(error.message)
            }
        }
        var body = text ?? ""
        if text == "-" { body = try StandardStreams.readUTF8Input(purpose: "--text") }
        let content = ShareContent(
            title: title,
            text: body,
            link: url,
            hashtags: hashtags,
            attachments: attachments,
            kind: ContentKind(kind)
        )
        if content.isEmpty {
            throw usageFailure("nothing to share: pass a file, --text, --url or --hashtag (see sharevia --help)")
        }
        return content
    }
}

/// Checks on content given on the command line.
enum ContentValidation {
    static func checkURL(_ url: String) throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else {
            throw ValidationError("--url '\(url)' is not an http or https URL; write it like https://example.com/page")
        }
        if url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
            throw ValidationError("--url must not contain spaces or line breaks; percent-encode them (%20)")
        }
    }

    static func checkHashtag(_ tag: String) throws {
        let bare = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        guard !bare.isEmpty, bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw ValidationError("--hashtag '\(tag)' must be letters, digits and '_' only, such as --hashtag streak")
        }
    }
}
