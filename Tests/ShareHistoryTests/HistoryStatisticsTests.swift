import ShareCore
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// `stats` figures on a seeded database, against figures computed here from the reports that
    /// were recorded (not from the database).
    struct HistoryStatisticsTests {
        static let destinations: [DestinationID] = ["file", "mastodon", "bluesky", "x", "email", "clipboard"]
        static let failures: [(ShareReport.Result, ShareError.Detail.Code?)] = [
            (.transientFailure, .rateLimited), (.permanentFailure, .rejectedByServer), (.unavailable, nil),
            (.unknown, .noAnswer), (.timedOut, nil), (.permanentFailure, nil),
        ]

        /// A random share: a chain of 1 to 3 destinations, each failing (once or twice) until one
        /// delivers or hands off, or none does.
        static func randomShare(_ generator: inout SeededGenerator) -> (ShareReport, HistoryCard?) {
            let chain = Array(destinations.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)))
            var attempts: [ShareReport.Attempt] = []
            var receipt: DeliveryReceipt?
            for destination in chain {
                let succeeds = Int.random(in: 0..<3, using: &generator) == 0
                let tries = Int.random(in: 1...2, using: &generator)
                for number in 1...tries {
                    let milliseconds = Double(Int.random(in: 1...4_000, using: &generator)) / 4
                    if succeeds && number == tries {
                        let outcome: DeliveryOutcome = Bool.random(using: &generator) ? .delivered : .handedOff
                        attempts.append(
                            HistoryReports.attempt(
                                destination,
                                outcome == .delivered ? .delivered : .handedOff,
                                "done",
                                try: number,
                                milliseconds: milliseconds
                            )
                        )
                        receipt = DeliveryReceipt(destination: destination, outcome: outcome, summary: "done")
                    } else {
                        let (result, code) = failures.randomElement(using: &generator)!
                        attempts.append(
                            HistoryReports.attempt(
                                destination,
                                result,
                                "no",
                                try: number,
                                milliseconds: milliseconds,
                                code: code
                            )
                        )
                    }
                }
                if succeeds { break }
            }
            let kinds = [nil, "quote", "stat", "announcement"]
            let card = kinds.randomElement(using: &generator)!.map { HistoryCard(kind: $0, theme: "dusk") }
            return (ShareReport(chain: chain, attempts: attempts, receipt: receipt), card)
        }

        /// What `statistics` should say about these shares, computed from the reports.
        static func expected(_ shares: [(ShareReport, HistoryCard?)]) -> HistoryStatistics {
            var outcomes: [String: Int64] = [:]
            var figures: [String: HistoryStatistics.Destination] = [:]
            var durations: [String: [Double]] = [:]
            var kinds: [String: HistoryStatistics.CardKind] = [:]
            for (report, card) in shares {
                outcomes[report.outcome.rawValue, default: 0] += 1
                for (index, attempt) in report.attempts.enumerated() {
                    let id = attempt.destination.rawValue
                    var entry =
                        figures[id]
                        ?? HistoryStatistics.Destination(
                            destination: id,
                            attempts: 0,
                            delivered: 0,
                            handedOff: 0,
                            fallenBackFrom: 0,
                            failureReasons: [:],
                            medianMilliseconds: 0
                        )
                    entry.attempts += 1
                    if attempt.result == .delivered { entry.delivered += 1 }
                    if attempt.result == .handedOff { entry.handedOff += 1 }
                    if !attempt.result.succeeded {
                        entry.failureReasons[attempt.detail?.code.description ?? attempt.result.rawValue, default: 0] +=
                            1
                        let later = report.attempts[(index + 1)...]
                        if !later.contains(where: { $0.destination == attempt.destination }),
                            later.contains(where: { $0.destination != attempt.destination })
                        {
                            entry.fallenBackFrom += 1
                        }
                    }
                    figures[id] = entry
                    durations[id, default: []].append(attempt.durationMilliseconds)
                }
                if let card {
                    var entry =
                        kinds[card.kind] ?? HistoryStatistics.CardKind(kind: card.kind, shares: 0, deliveredBy: [:])
                    entry.shares += 1
                    entry.deliveredBy[report.deliveredBy?.rawValue ?? "none", default: 0] += 1
                    kinds[card.kind] = entry
                }
            }
            for (id, values) in durations {
                let sorted = values.sorted()
                let middle = sorted.count / 2
                figures[id]?.medianMilliseconds =
                    sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            }
            return HistoryStatistics(
                shares: Int64(shares.count),
                outcomes: outcomes,
                destinations: figures.values.sorted { $0.destination < $1.destination },
                cardKinds: kinds.values.sorted { $0.kind < $1.kind }
            )
        }

        @Test func statisticsSinceATimeMatchTheRecordedReports() throws {
            let folder = TemporaryFolder("history")
            // No fsync per share: the figures, not the durability, are under test.
            let store = HistoryStore(path: folder.file("sharevia.sqlite"), durability: .normal)
            var generator = SeededGenerator(seed: 2_026)
            var recorded: [(UInt64, ShareReport, HistoryCard?)] = []
            for index in 0..<400 {
                let (report, card) = Self.randomShare(&generator)
                let microseconds = UInt64(1_790_000_000_000_000 + index * 1_000_000)
                let options = ShareOptions(id: ShareID(microseconds: microseconds, nonce: UInt64(index)))
                #expect(store.record(report: report, options: options, card: card).recorded)
                recorded.append((microseconds, report, card))
            }
            let since: UInt64 = 1_790_000_000_000_000 + 150 * 1_000_000

            let all = try store.statistics()
            let recent = try store.statistics(sinceMicroseconds: Int64(since))

            #expect(all == Self.expected(recorded.map { ($0.1, $0.2) }))
            #expect(recent == Self.expected(recorded.filter { $0.0 >= since }.map { ($0.1, $0.2) }))
            #expect(recent.shares == 250)
            #expect(recent.destinations.count == Self.destinations.count)
            #expect(recent.cardKinds.map(\.kind) == ["announcement", "quote", "stat"])
        }
    }
}
