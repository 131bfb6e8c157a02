import ShareCore
import ShareHistory
import Synchronization
import Testing

extension HistoryTests {
    /// The retry schedule: backoff with jitter from one minute, capped, a server's reset honoured.
    struct OutboxScheduleTests {
        @Test func theFirstRetryIsOneMinuteLaterWhateverTheRandomDraw() {
            let draws: [@Sendable (ClosedRange<Int64>) -> Int64] = [{ $0.lowerBound }, { $0.upperBound }]
            for draw in draws {
                let schedule = OutboxSchedule(random: draw)
                let greylisted = ShareError(
                    .transient,
                    destination: "email",
                    message: "450 4.2.0 Greylisted, see http://postgrey.schweikert.ch/"
                )
                #expect(schedule.delay(afterTries: 0, failure: greylisted) == .seconds(60))
            }
        }

        @Test func theDelayRangeDoublesUpToTheCapAndTheDrawFallsWithinIt() {
            let ranges = Mutex<[ClosedRange<Int64>]>([])
            let schedule = OutboxSchedule(random: { range in
                ranges.withLock { $0.append(range) }
                return (range.lowerBound + range.upperBound) / 2
            })
            let delays = (1...8).map { schedule.delay(afterTries: $0, failure: nil) }

            let minute: Int64 = 60_000_000
            #expect(ranges.withLock { $0 } == [2, 4, 8, 16, 32, 60, 60, 60].map { minute...($0 * minute) })
            #expect(delays.first == .microseconds((minute + 2 * minute) / 2))
            #expect(delays.last == .microseconds((minute + 60 * minute) / 2))
            #expect(schedule.delay(afterTries: 1_000, failure: nil) == .microseconds((minute + 60 * minute) / 2))
        }

        @Test func aDrawOutsideTheRangeIsClamped() {
            let low = OutboxSchedule(random: { _ in -5 })
            let high = OutboxSchedule(random: { _ in .max })
            #expect(low.delay(afterTries: 3, failure: nil) == .seconds(60))
            #expect(high.delay(afterTries: 3, failure: nil) == .seconds(480))
        }

        @Test func aResetIsHonouredEvenBeyondTheCap() {
            let schedule = OutboxSchedule(random: { $0.lowerBound })
            var limited = ShareError(.transient, destination: "mastodon", message: "429 Too Many Requests")
            limited.retryAfter = .seconds(7_200) + .nanoseconds(1)
            #expect(schedule.delay(afterTries: 0, failure: limited) == .microseconds(7_200_000_001))
            limited.retryAfter = .seconds(5)
            #expect(schedule.delay(afterTries: 0, failure: limited) == .seconds(60), "never earlier than the backoff")
            #expect(schedule.nextTry(afterTries: 0, failure: limited, now: 1_000) == 1_000 + 60_000_000)
        }

        @Test func itemsExpireAfterTheMaximumAge() {
            #expect(OutboxSchedule().expiry(created: 0) == 3 * 86_400 * 1_000_000)
            #expect(OutboxSchedule(maxAge: .seconds(3_600)).expiry(created: 5) == 3_600_000_005)
            #expect(OutboxSchedule(maxAge: .seconds(Int64.max)).expiry(created: 5) == .max)
        }
    }
}
