import ShareCore
import ShareHistory

extension ShareInvocation {
    /// `--enqueue`: queues the share in the outbox (``OutboxLocation``, `--outbox`) for the first destination of
    /// its chain, the rest of the chain kept as its fallbacks, without sending it; prints the item's id on standard
    /// output (with `--json`, an object). A worker (`sharevia outbox run`) sends it.
    ///
    /// The chain is `--to` then `--fallback` (or `--chain`'s), without the default tail (clipboard, file): a
    /// worker on a server has no clipboard. A PostgreSQL outbox in a program without its backend hands the command
    /// over before standard input is read (``OutboxHandover``).
    func enqueue(
        chain: FallbackChain,
        routing: RouterSettings,
        registry: DestinationRegistry,
        environment: ShareEnvironment
    )
        async throws
    {
        let location = try OutboxLocation.resolve(
            flag: outbox,
            environment: environment,
            configSecrets: routing.configSecrets
        )
        if case .database = location, ShareviaMain.outboxBackends.postgres == nil {
            try OutboxHandover.handOver(environment: environment)
        }
        let ids = explicitChain(chain)
        guard let first = ids.first else { throw usageFailure("--enqueue needs a destination: --to DEST") }
        let queueing = outboxQueueing(routing: routing, registry: registry, environment: environment)
        if let flag = queueing.flagWithCredentials {
            throw usageFailure(
                "--\(flag) holds a password, which the outbox never stores; give it through the config file or its "
                    + "variable instead"
            )
        }
        let content = try buildShareable(pipeWait: routing.deliveryTimeout(environment: environment))
        let options = shareOptions()
        var request: OutboxRequest
        do throws(OutboxQueueFailure) {
            request = try queueing.request(content: content, options: options, for: first)
        } catch {
            throw usageFailure("can't queue the share: \(error.reason(path: location.description))")
        }
        request.fallbacks = Array(ids.dropFirst())
        let item = try await OutboxCommands.withQueue(outbox: outbox) { queue, _ in
            do throws(OutboxQueueError) {
                return try await queue.enqueue(request, for: first, failure: nil, now: OutboxTime.nowMicroseconds())
            } catch {
                throw OutboxCommands.failure("can't queue the share in \(location.description): \(error)")
            }
        }
        if json {
            StandardStreams.write(
                try JSONText.encode(
                    EnqueuedOutput(
                        itemId: item.id,
                        shareId: item.shareID,
                        destination: item.destination,
                        fallbacks: request.fallbacks,
                        state: item.state.rawValue,
                        outbox: location.name
                    )
                )
            )
        } else {
            StandardStreams.write("\(item.id)\n")
            let then =
                request.fallbacks.isEmpty ? "" : " (then \(request.fallbacks.map(\.rawValue).joined(separator: ", ")))"
            StandardStreams.printError(
                "queued item \(item.id) for \(item.destination)\(then), \(item.state.rawValue), in "
                    + "\(location.description); 'sharevia outbox run' sends it"
            )
        }
    }

    /// The chain a queued share keeps: `--chain`'s, or `--to` then `--fallback`, without the default tail.
    private func explicitChain(_ chain: FallbackChain) -> [DestinationID] {
        if chainName != nil { return chain.ids }
        return DestinationID.list(parsing: destinations) + (fallback.map { DestinationID.list(parsing: $0) } ?? [])
    }

    /// `--enqueue --json`'s object.
    struct EnqueuedOutput: Encodable {
        var itemId: Int64
        var shareId: ShareID
        var destination: DestinationID
        var fallbacks: [DestinationID]
        var state: String
        var outbox: String
    }
}
