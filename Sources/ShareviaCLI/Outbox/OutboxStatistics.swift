import ShareHistory

/// `sharevia stats --outbox URL`: the outbox's depth by state, the age of its oldest due item, and its throughput.
enum OutboxStatistics {
    /// Prints the figures of the outbox `outbox` names, as text or JSON.
    /// - Throws: ``CommandFailure`` when the outbox can't be used.
    static func print(outbox: String, json: Bool) async throws {
        let now = OutboxTime.nowMicroseconds()
        let (figures, location) = try await OutboxCommands.withQueue(outbox: outbox) { queue, context in
            do throws(OutboxQueueError) {
                return (try await queue.statistics(now: now), context.location)
            } catch {
                throw OutboxCommands.failure("the outbox's figures can't be read: \(error)")
            }
        }
        if json {
            StandardStreams.write(try JSONText.encode(Output(figures, outbox: location.name)))
        } else {
            StandardStreams.write(text(figures, outbox: location.name))
        }
    }

    /// The figures as lines.
    static func text(_ figures: OutboxQueueStatistics, outbox: String) -> String {
        let waiting = (figures.depth[.queued] ?? 0) + (figures.depth[.unknown] ?? 0)
        var text = "Outbox \(outbox)\n"
        text +=
            "Throughput: \(figures.deliveredLastMinute) delivered in the last minute, "
            + "\(figures.deliveredLastHour) in the last hour\n"
        text += "Queue depth: \(waiting) waiting"
        let states = OutboxState.allCases.compactMap { state in figures.depth[state].map { "\($0) \(state.rawValue)" } }
        text += states.isEmpty ? " (the outbox is empty)\n" : " (\(states.joined(separator: ", ")))\n"
        let oldest = figures.oldestDueAgeMicroseconds.map { "\(seconds($0)) s" } ?? "none is due"
        text += "Oldest due item: \(oldest)\n"
        return text
    }

    private static func seconds(_ microseconds: Int64) -> String {
        "\(microseconds / 1_000_000).\((microseconds % 1_000_000) / 100_000)"
    }

    /// `--json`'s object.
    struct Output: Encodable {
        var outbox: String
        var depth: [String: Int]
        var waiting: Int
        var oldestDueAgeSeconds: Double?
        var deliveredLastMinute: Int
        var deliveredLastHour: Int

        init(_ figures: OutboxQueueStatistics, outbox: String) {
            self.outbox = outbox
            depth = Dictionary(uniqueKeysWithValues: figures.depth.map { ($0.key.rawValue, $0.value) })
            waiting = (figures.depth[.queued] ?? 0) + (figures.depth[.unknown] ?? 0)
            oldestDueAgeSeconds = figures.oldestDueAgeMicroseconds.map { Double($0) / 1_000_000 }
            deliveredLastMinute = figures.deliveredLastMinute
            deliveredLastHour = figures.deliveredLastHour
        }
    }
}
