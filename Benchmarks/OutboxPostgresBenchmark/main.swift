// The PostgreSQL outbox's own costs, for scripts/bench-outbox-postgres.sh (issue 27):
//   outbox-postgres-benchmark seed URL COUNT OUT [CARD]   queues COUNT shares for the file destination (writing
//                                                         into OUT; CARD's bytes as each one's attachment), due now
//   outbox-postgres-benchmark overhead URL COUNT          the queue's own cost per share, with no delivery between:
//                                                         claim one then record it delivered (two transactions),
//                                                         and as a worker pays it: one transaction recording the
//                                                         last and claiming the next (median, p90, ms)
//   outbox-postgres-benchmark overhead-sqlite PATH COUNT  the same on the SQLite outbox
//   outbox-postgres-benchmark init-sqlite PATH 0          an empty SQLite outbox with its schema
//   outbox-postgres-benchmark latency URL COUNT           enqueue → claimed and recorded by an idle worker woken by
//                                                         NOTIFY (median, p90, ms)
import Foundation
import OutboxPostgres
import ShareCore
import ShareHistory

@main
struct OutboxPostgresBenchmark {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 3, let count = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: see the comment at the top of main.swift\n".utf8))
            exit(64)
        }
        switch arguments[0] {
        case "seed":
            try await seed(try OutboxDatabaseURL(parsing: arguments[1]), count: count, out: arguments[3], card: arguments.count > 4 ? arguments[4] : nil)
        case "overhead":
            let url = try OutboxDatabaseURL(parsing: arguments[1])
            report("overhead claim+finish", try await overhead(url, count: count))
            report("overhead settle", try await overheadSettling(url, count: count))
        case "init-sqlite":
            // An empty SQLite outbox with its schema, for a seeder of its own.
            let store = OutboxStore(path: arguments[1])
            _ = try store.drop(try store.enqueue(request(0, out: "/nonexistent", card: nil), for: "file", failure: nil).id)
        case "overhead-sqlite":
            report("overhead-sqlite", try overheadSQLite(arguments[1], count: count))
        case "latency":
            report("latency", try await latency(try OutboxDatabaseURL(parsing: arguments[1]), count: count))
        default:
            FileHandle.standardError.write(Data("unknown mode \(arguments[0])\n".utf8))
            exit(64)
        }
    }

    static func request(_ index: Int, out: String, card: [UInt8]?) -> OutboxRequest {
        var attachments: [ShareAttachment] = []
        if let card { attachments.append(.bytes(Data(card), mimeType: "image/png", fileName: "card.png")) }
        return OutboxRequest(
            content: ShareContent(text: "Benchmark share \(index)", attachments: attachments),
            options: ShareOptions(id: .new()),
            flags: ["out": [out]]
        )
    }

    static func seed(_ url: OutboxDatabaseURL, count: Int, out: String, card: String?) async throws {
        let bytes = try card.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
        try await PostgresOutboxStore.withStore(url: url) { store in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    if index >= 16 { try await group.next() }
                    let request = request(index, out: out, card: bytes)
                    group.addTask { _ = try await store.enqueue(request, for: "file") }
                }
                try await group.waitForAll()
            }
        }
    }

    static let receipt = DeliveryReceipt(destination: "file", outcome: .delivered, summary: "benchmark")

    /// Milliseconds of each claim + finish pair.
    static func overhead(_ url: OutboxDatabaseURL, count: Int) async throws -> [Double] {
        try await seed(url, count: count, out: "/nonexistent", card: nil)
        return try await PostgresOutboxStore.withStore(url: url) { store in
            var times: [Double] = []
            let clock = ContinuousClock()
            for _ in 0..<count {
                let start = clock.now
                let claims = try await store.claim(owner: "bench", leaseSeconds: 30, count: 1)
                guard let claim = claims.first else { break }
                _ = try await store.finish(claim, as: .done(receipt))
                times.append(milliseconds(start.duration(to: clock.now)))
            }
            return times
        }
    }

    /// Milliseconds per share as a worker pays them: one transaction recording the last try and claiming the next.
    static func overheadSettling(_ url: OutboxDatabaseURL, count: Int) async throws -> [Double] {
        try await seed(url, count: count, out: "/nonexistent", card: nil)
        return try await PostgresOutboxStore.withStore(url: url) { store in
            var times: [Double] = []
            let clock = ContinuousClock()
            var last: OutboxClaim?
            for _ in 0...count {
                let start = clock.now
                let finished = last.map { [(claim: $0, end: OutboxTryEnd.done(receipt))] } ?? []
                let settled = try await store.settle(finished: finished, claiming: 1, owner: "bench", leaseSeconds: 30)
                if last != nil { times.append(milliseconds(start.duration(to: clock.now))) }
                guard let next = settled.claims.first else { break }
                last = next
            }
            return times
        }
    }

    static func overheadSQLite(_ path: String, count: Int) throws -> [Double] {
        let store = OutboxStore(path: path)
        for index in 0..<count {
            _ = try store.enqueue(request(index, out: "/nonexistent", card: nil), for: "file", failure: nil)
        }
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            guard let claim = try store.claim(owner: "bench", leaseSeconds: 30) else { break }
            _ = try store.finish(claim, as: .done(receipt))
            times.append(milliseconds(start.duration(to: clock.now)))
        }
        return times
    }

    /// Milliseconds from the start of each enqueue to the end of its claim + finish by a worker that was idle,
    /// waiting on LISTEN.
    static func latency(_ url: OutboxDatabaseURL, count: Int) async throws -> [Double] {
        try await PostgresOutboxStore.withStore(url: url) { store in
            try await store.withWorkListener { listener in
                let clock = ContinuousClock()
                var times: [Double] = []
                for index in 0..<count {
                    try await Task.sleep(for: .milliseconds(50))
                    let start = clock.now
                    async let worked: Void = {
                        _ = try await listener.waitForWork(timeout: .seconds(10))
                        let claims = try await store.claim(owner: "bench", leaseSeconds: 30, count: 1)
                        for claim in claims { _ = try await store.finish(claim, as: .done(receipt)) }
                    }()
                    _ = try await store.enqueue(request(index, out: "/nonexistent", card: nil), for: "file")
                    try await worked
                    times.append(milliseconds(start.duration(to: clock.now)))
                }
                return times
            }
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func report(_ name: String, _ times: [Double]) {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return print("\(name): no samples") }
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        print(String(format: "%@ samples=%d median_ms=%.3f p90_ms=%.3f", name, sorted.count, median, p90))
    }
}
