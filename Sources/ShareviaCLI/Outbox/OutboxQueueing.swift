import Destinations
import ShareCore
import ShareHistory

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// After a share: queues it in the outbox for each network destination that failed to take it
/// for a while (``OutboxCandidates``), so a later `sharevia outbox run` sends it there. The share
/// has already fallen back down its chain; queueing adds to that and never changes its outcome or
/// exit code. The database is opened only when there is something to queue, so a share that
/// touches no network never waits on it.
struct OutboxQueueing {
    /// The share's settings: its flags (the destinations' own, never a secret) and `--config`.
    var routing: RouterSettings
    /// The registry the share used: which destinations are plugins, and each one's card size.
    var registry: DestinationRegistry
    var environment: ShareEnvironment
    /// `--no-queue` and the config file's `outbox.*`.
    var settings: OutboxSettings.Values

    /// Queues `content` (with the share's `options`) for each candidate of `report`.
    func queue(_ report: ShareReport, content: any ShareableContent, options: ShareOptions) -> OutboxQueueReport {
        guard settings.enabled else { return OutboxQueueReport() }
        let now = OutboxTime.nowMicroseconds()
        let candidates = OutboxCandidates.candidates(in: report, isNetwork: isNetwork, now: now)
        guard !candidates.isEmpty else { return OutboxQueueReport() }
        var result = OutboxQueueReport()
        if let flag = flagWithCredentials {
            for candidate in candidates {
                result.notQueued.append(
                    .init(
                        destination: candidate.destination,
                        reason: "--\(flag) holds a password, which the outbox never stores; give it through the "
                            + "config file or its variable instead"
                    )
                )
            }
            return result
        }
        guard let path = HistoryLocation.path(environment: environment) else {
            for candidate in candidates {
                result.notQueued.append(
                    .init(destination: candidate.destination, reason: "no state folder: set XDG_STATE_HOME or HOME")
                )
            }
            return result
        }
        let store = OutboxStore(path: path, schedule: OutboxSchedule(maxAge: settings.maxAge))
        for candidate in candidates {
            do throws(OutboxQueueFailure) {
                let request = try request(content: content, options: options, for: candidate.destination)
                let item = try enqueue(request, candidate, store: store, now: now)
                result.queued.append(QueuedShare(item))
            } catch {
                result.notQueued.append(.init(destination: candidate.destination, reason: error.reason(path: path)))
            }
        }
        return result
    }

    /// Whether `id` sends over the network: email, Mastodon, Bluesky, or a plugin.
    func isNetwork(_ id: DestinationID) -> Bool {
        OutboxCandidates.networkBuiltIns.contains(id) || routing.pluginCatalog.entries.contains { $0.plugin.id == id }
    }

    /// The first destination flag whose value holds a URL with a password (`--smtp
    /// smtp://me:pw@host`), which the outbox must not keep.
    var flagWithCredentials: String? {
        routing.destinationFlags.keys.sorted().first { flag in
            routing.destinationFlags[flag]?.contains(where: URLCredentials.hasCredentials) ?? false
        }
    }

    /// The destination flags to keep: every one but a secret's (none has a flag today), a path
    /// made absolute (`--smtp-ca-file ca.pem`), since `outbox run` may start in another folder; and `--out`,
    /// made absolute, where the file destination writes.
    var storedFlags: [String: [String]] {
        let settings = ConfigSchema.settings
        let secretFlags = Set(settings.filter(\.isSecret).compactMap(\.flag))
        let pathFlags = Set(settings.filter { $0.kind == .path || $0.kind == .paths }.compactMap(\.flag))
        var flags = routing.destinationFlags.filter { !secretFlags.contains($0.key) }
        for (flag, values) in flags where pathFlags.contains(flag) {
            flags[flag] = values.map(Self.absolute)
        }
        if let out = routing.out { flags[ShareSettings.outputFolder.flag!] = [Self.absolute(out)] }
        return flags
    }

    /// `path` from the current folder, unless it is absolute already.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// What the outbox keeps for `destination`: the content with the card drawn at its size
    /// first among the attachments (the router drew it so for the share), the options, the
    /// flags and the config file as an absolute path (`outbox run` may start elsewhere).
    func request(
        content: any ShareableContent,
        options: ShareOptions,
        for destination: DestinationID
    ) throws(OutboxQueueFailure) -> OutboxRequest {
        var snapshot = content.snapshot
        if let card = content.cardImage, let descriptor = registry.descriptor(destination), descriptor.wantsCardImage {
            do throws(ShareError) {
                snapshot.attachments.insert(try card.cardImage(size: descriptor.cardSize), at: 0)
            } catch {
                throw .card(error)
            }
        }
        let config = routing.configFile.map(Self.absolute)
        return OutboxRequest(content: snapshot, options: options, flags: storedFlags, configFile: config)
    }

    private func enqueue(
        _ request: OutboxRequest,
        _ candidate: OutboxCandidates.Candidate,
        store: OutboxStore,
        now: Int64
    ) throws(OutboxQueueFailure) -> OutboxItem {
        do throws(SQLiteError) {
            return try store.enqueue(request, for: candidate.destination, failure: candidate.failure, now: now)
        } catch {
            throw .database(error)
        }
    }
}

/// Why one destination could not be queued.
enum OutboxQueueFailure: Error {
    /// The card could not be drawn again for the destination.
    case card(ShareError)
    /// The database refused the item.
    case database(SQLiteError)

    /// In words, for the report.
    func reason(path: String) -> String {
        switch self {
        case .card(let error): "its card could not be drawn: \(error.message)"
        case .database(let error): "the outbox \(path) can't be written: \(error)"
        }
    }
}
