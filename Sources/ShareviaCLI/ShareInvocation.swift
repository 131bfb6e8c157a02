import ArgumentParser
import LocalFiles
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What `sharevia share` was asked to do, as plain values: filled by ``ShareCommandLine`` from
/// the options' declarations, validated, then run.
struct ShareInvocation: Equatable, Sendable {
    /// `--kind`'s default.
    static let defaultKind = ContentKind.generic.rawValue

    var destinations: String
    var files: [String] = []
    var text: String?
    var title: String?
    var url: String?
    var hashtags: [String] = []
    /// `--alt`, repeated: alt text for the images in order, the card first (``ShareAltTexts``).
    var altTexts: [String] = []
    /// `--require-alt`: refuse to post an image without alt text.
    var requiresAltText = false
    /// `--thread`: post long text as a numbered reply chain instead of trimming it.
    var threadsLongText = false
    /// `--share-id`: the identity of an earlier share sent again; nil for a new share.
    var shareID: String?
    var kind: String = Self.defaultKind
    var fallback: String?
    /// `--chain NAME`: a chain from the config file, instead of `--to`.
    var chainName: String?
    var noFallback = false
    var dryRun = false
    /// `--no-queue`: don't queue the share in the outbox.
    var noQueue = false
    /// `--enqueue`: queue the share in the outbox without sending it.
    var enqueue = false
    /// `--outbox URL`: the outbox `--enqueue` queues in.
    var outbox: String?
    var json = false
    /// `--verbose`: reports include what plugins logged on stderr.
    var verbose = false
    var routing = RouterSettings()
    /// `--card SPEC`: a card spec to draw per destination and share with its share text.
    var card: String?
    /// `--notify`: show the result as a desktop notification and keep the report in
    /// `last-report.json` (``ShareNotice``).
    var notify = false
    /// `--pick`: ask which destination to use (``DestinationPicker``), instead of `--to`.
    var pick = false

    /// Whether the result goes to a notification: `--notify`, or `--pick` when standard output
    /// is not a terminal (a share started from a file manager).
    var notifiesResult: Bool { notify || (pick && isatty(STDOUT_FILENO) != 1) }

    func validate() throws {
        if noFallback && fallback != nil {
            throw ValidationError("--fallback and --no-fallback can't be used together")
        }
        if pick {
            guard destinations.isEmpty, chainName == nil else {
                throw ValidationError("--pick asks which destination to use; don't add --to or --chain")
            }
        } else if let chainName {
            guard destinations.isEmpty, fallback == nil, !noFallback else {
                throw ValidationError("--chain names a whole chain; don't add --to, --fallback or --no-fallback")
            }
            guard DestinationID(chainName).isWellFormed else {
                throw ValidationError("--chain '\(chainName)' is not a chain name (lowercase letters, digits and '-')")
            }
        } else if DestinationID.list(parsing: destinations).isEmpty {
            throw ValidationError("--to needs at least one destination, such as --to clipboard (or --chain NAME)")
        }
        if let url { try ContentValidation.checkURL(url) }
        for tag in hashtags { try ContentValidation.checkHashtag(tag) }
        for (index, alt) in altTexts.enumerated() { try ShareAltTexts.check(alt, position: index + 1) }
        if let shareID, ShareID(shareID) == nil {
            throw ValidationError(
                "--share-id '\(shareID)' is not a share id; give the \"shareId\" a --json report printed, "
                    + "such as 1795693512123456-9f2c4e1a0b7d3c55"
            )
        }
        if outbox != nil && !enqueue {
            throw ValidationError(
                "--outbox names the outbox --enqueue queues in; add --enqueue (or use 'sharevia outbox')"
            )
        }
        if enqueue && (dryRun || noQueue) {
            throw ValidationError(
                "--enqueue queues the share without sending it; it can't be used with \(dryRun ? "--dry-run" : "--no-queue")"
            )
        }
        if notify && (dryRun || enqueue) {
            throw ValidationError(
                "--notify shows what a share did, and \(dryRun ? "--dry-run" : "--enqueue") sends nothing; drop one of them"
            )
        }
        if text == "-" && card == "-" {
            throw ValidationError("--text - and --card - both read standard input; give the card spec as a file")
        }
        try StandardInputAttachment.check(files: files, text: text, card: card)
        if let title, let problem = OneLineText.problem(in: title) {
            throw ValidationError("--title must be one line, but it has \(problem); put longer text in --text")
        }
        guard kind.allSatisfy({ $0.isLetter || $0 == "-" }) else {
            throw ValidationError("--kind must be a word such as achievement, streak, level-up or progress")
        }
    }

    /// The chain without a config file: the --to destinations, then the fallbacks.
    var chain: FallbackChain { (try? chain(config: ShareviaConfig())) ?? FallbackChain([]) }

    /// The chain, with the default tail limited to fallbacks the registry has.
    func chain(in registry: DestinationRegistry, config: ShareviaConfig = ShareviaConfig()) throws -> FallbackChain {
        try chain(config: config, available: registry.contains)
    }

    /// The chain: `--chain`'s from the config file, or the --to destinations then `--fallback`,
    /// the config's `fallback`, or clipboard and file.
    ///
    /// - Throws: ``CommandFailure`` (usage) when `--chain` names a chain the config lacks.
    private func chain(
        config: ShareviaConfig,
        available: (DestinationID) -> Bool = { _ in true }
    ) throws -> FallbackChain {
        if let chainName {
            guard let ids = config.chains[chainName] else {
                let known = config.chains.keys.sorted().joined(separator: ", ")
                let file = config.path ?? "the config file (none found; run 'sharevia config path')"
                throw usageFailure(
                    "--chain '\(chainName)' is not in \(file)"
                        + (known.isEmpty ? "; add it under 'chains:'" : "; its chains: \(known)")
                )
            }
            return FallbackChain(ids)
        }
        let primary = FallbackChain(DestinationID.list(parsing: destinations))
        if noFallback { return primary }
        if let fallback { return primary.appendingFallbacks(DestinationID.list(parsing: fallback)) }
        if let configured = config.fallback { return primary.appendingFallbacks(configured) }
        return primary.appendingFallbacks([.clipboard, .file].filter(available))
    }

    /// The share's options: its identity, which every destination of the chain and every retry
    /// receives (`--share-id`'s, else `id`, a new one), and `--thread` and `--require-alt`.
    func shareOptions(id: ShareID = .new()) -> ShareOptions {
        ShareOptions(
            id: shareID.flatMap(ShareID.init) ?? id,
            threadsLongText: threadsLongText,
            requiresAltText: requiresAltText
        )
    }

    func run() async throws {
        // The environment is read once per run; everything below is handed this copy.
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        do {
            let invocation = pick ? try await DestinationPicker.picked(for: self, environment: environment) : self
            try await invocation.run(environment: environment)
        } catch let failure as CommandFailure where notifiesResult && failure.exitCode != ShareviaExitCode.cancelled {
            // Stopped before a report (a missing file, an unknown destination, no way to ask):
            // said in a notification too, since no one may read stderr.
            await ShareNotice.giveFailure(
                message: failure.message ?? "sharevia stopped with exit code \(failure.exitCode)",
                exitCode: failure.exitCode,
                environment: environment
            )
            throw failure
        }
    }

    /// Runs the share with the environment read once.
    private func run(environment: ShareEnvironment) async throws {
        let config = try routing.loadConfig(environment: environment)
        // The chain is built once: its ids choose the plugins to look for, then it is checked
        // against the registry (the default tail, clipboard and file, are always built in).
        let chain = try chain(config: config)
        let routing = await routing.layered(over: config, environment: environment)
            .withPlugins(wanted: Set(chain.ids), environment: environment)
        let router = try routing.checkedRouter(environment: environment)
        do {
            _ = try chain.validatedIDs(against: router.registry)
        } catch {
            throw usageFailure(
                UnknownDestinationAdvice.message(for: error, plugins: routing.plugins, environment: environment)
            )
        }
        if enqueue {
            try await self.enqueue(chain: chain, routing: routing, registry: router.registry, environment: environment)
            return
        }
        let pipeWait = routing.deliveryTimeout(environment: environment)
        let content = try buildShareable(pipeWait: pipeWait)
        let options = shareOptions()
        do {
            if dryRun {
                let previews = try await router.preview(content, via: chain, options: options)
                let exitCode = DryRunPrinter.exitCode(for: previews)
                if json {
                    StandardStreams.write(try DryRunPrinter.json(previews, exitCode: exitCode, shareID: options.id))
                } else {
                    StandardStreams.write(DryRunPrinter.text(previews, shareID: options.id))
                }
                if exitCode != 0 { throw ExitCode(exitCode) }
                return
            }
            let interrupts = ShareviaMain.interrupts
            let full: ShareReport
            if let interrupts {
                full = try await interrupts.cancellingOnSignal {
                    try await router.share(content, via: chain, options: options)
                }
            } else {
                full = try await router.share(content, via: chain, options: options)
            }
            // Worded for this command line once, for both the JSON and the lines.
            let report = ErrorAdvice.report(verbose ? full : full.withoutLogs)
            let interruption = interrupts?.received.map(Interruption.init)
            let exitCode = interruption?.exitCode(for: report) ?? ShareviaExitCode.code(for: report.outcome)
            // What a network destination failed to take for a while is queued (see Outbox/).
            let outbox =
                interruption == nil
                ? outboxQueueing(routing: routing, registry: router.registry, environment: environment)
                    .queue(full, content: content, options: options) : OutboxQueueReport()
            let reportJSON =
                json || notify
                ? try ReportPrinter.json(
                    report,
                    exitCode: exitCode,
                    shareID: options.id,
                    interruptedBy: interruption?.signalName,
                    outbox: outbox
                ) : ""
            if json {
                StandardStreams.write(reportJSON)
            } else {
                StandardStreams.printError(report.description)
                for line in outbox.lines(now: OutboxTime.nowMicroseconds()) { StandardStreams.printError(line) }
                if let interruption { StandardStreams.printError(interruption.line(for: report)) }
                for location in report.receipt?.locations ?? [] { StandardStreams.write(location + "\n") }
            }
            ShareHistoryRecorder.record(
                report,
                options: options,
                content: content,
                exitCode: exitCode,
                routing: routing,
                environment: environment
            )
            if notify {
                await ShareNotice.give(
                    report: report,
                    json: reportJSON,
                    queued: outbox.queued,
                    environment: environment
                )
            }
            if exitCode != 0 { throw ExitCode(exitCode) }
        } catch let error as ShareError {
            throw usageFailure(ErrorAdvice.message(for: error))
        }
    }

    /// The content from the arguments, with every file checked before anything is shared, and
    /// the `--alt` texts after the card's on its images (an image without one has no alt text).
    ///
    /// - Parameter pipeWait: How long a pipe given as a file (`<(command)`) may take: --timeout.
    func buildContent(pipeWait: Duration = ShareSettings.defaultTimeout) throws -> ShareContent {
        var attachments: [ShareAttachment] = []
        for path in files {
            if path == StandardInputAttachment.word {
                attachments.append(try StandardInputAttachment.read())
                continue
            }
            do throws(ShareError) {
                attachments.append(try ShareAttachment.file(path, pipeWait: pipeWait))
            } catch {
                throw usageFailure(ErrorAdvice.message(for: error))
            }
        }
        do {
            attachments = try ShareAltTexts.assign(altTexts, to: attachments, hasCard: card != nil).attachments
        } catch let error as ValidationError {
            throw usageFailure(error.message)
        }
        var body = text ?? ""
        if text == "-" {
            // `echo ... |` ends the text with a line ending the person never meant to post.
            let input = try StandardStreams.readUTF8Input(purpose: "--text")
            body = String(Substring(LineEnding.withoutFinalLineEnding(input.utf8)))
        }
        let content = ShareContent(
            title: title,
            text: body,
            link: url,
            hashtags: hashtags,
            attachments: attachments,
            kind: ContentKind(kind)
        )
        if content.isEmpty && card == nil {
            throw usageFailure("nothing to share: pass a file, --text, --url or --hashtag (see sharevia --help)")
        }
        return content
    }

    /// The content, with the card of `--card` when given (see CardShareInvocation.swift).
    func buildShareable(pipeWait: Duration) throws -> any ShareableContent {
        let content = try buildContent(pipeWait: pipeWait)
        guard let card else { return content }
        return try CardShareInvocation.content(
            spec: card,
            adding: content,
            textGiven: text != nil,
            altText: altTexts.first,
            pipeWait: pipeWait
        )
    }
}

/// Checks on content given on the command line.
enum ContentValidation {
    static func checkURL(_ url: String) throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else {
            throw ValidationError(
                "--url '\(URLCredentials.redacted(url))' is not an http or https URL; write it like https://example.com/page"
            )
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
