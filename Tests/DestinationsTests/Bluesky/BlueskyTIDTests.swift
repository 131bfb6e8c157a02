import Testing

@testable import Destinations

@Suite struct BlueskyTIDTests {
    @Test func writesThirteenSortableCharactersFromTheClock() {
        // 2026-11-25T08:31:21.123456Z
        let clock = FixedWallClock(microseconds: 1_795_595_481_123_456)
        let tid = BlueskyTID.sequence(count: 1, clock: clock, clockID: 7)[0]
        #expect(tid.description.utf8.count == 13)
        #expect(tid.microseconds == 1_795_595_481_123_456)
        #expect(tid.clockID == 7)
        #expect(BlueskyTID(tid.description) == tid)
        #expect(LexiconValidator.matches(format: "tid", tid.description))
    }

    @Test func encodesTheBitsInBase32Sortable() {
        #expect(BlueskyTID(microseconds: 0, clockID: 0).description == "2222222222222")
        #expect(BlueskyTID(microseconds: 0, clockID: 1).description == "2222222222223")
        #expect(BlueskyTID(microseconds: 0, clockID: 31).description == "222222222222z")
        #expect(BlueskyTID(microseconds: 0, clockID: 32).description == "2222222222232")
        // 53 bits of time and 10 of clock: the top bit stays zero, so the first character is at most 'b'.
        let largest = BlueskyTID(microseconds: .max, clockID: .max)
        #expect(largest.description == "bzzzzzzzzzzzz")
        #expect(largest.microseconds == BlueskyTID.maximumMicroseconds)
        #expect(largest.clockID == BlueskyTID.maximumClockID)
    }

    @Test func keysOfAThreadIncreaseAndSortAsText() {
        let keys = BlueskyTID.sequence(
            count: 40,
            clock: FixedWallClock(microseconds: 1_795_595_481_000_000),
            clockID: 512
        )
        #expect(keys.count == 40)
        #expect(keys == keys.sorted())
        #expect(keys.map(\.description) == keys.map(\.description).sorted())
        #expect(Set(keys).count == 40)
        // A clock past the 53-bit cap still gives increasing keys.
        let late = BlueskyTID.sequence(count: 3, clock: FixedWallClock(microseconds: .max), clockID: 1)
        #expect(late == late.sorted() && Set(late).count == 3)
    }

    @Test func readsTheValidVectorsBackToTheSameText() throws {
        for line in try SyntaxVectors.lines("tid_syntax_valid") {
            let tid = try #require(BlueskyTID(line))
            #expect(tid.description == line)
        }
    }

    @Test func writesCreatedAtInTheLexiconsPreferredFormat() {
        #expect(BlueskyDatetime.string(microseconds: 1_795_595_481_123_456) == "2026-11-25T08:31:21.123Z")
        #expect(BlueskyDatetime.string(microseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(BlueskyDatetime.string(microseconds: 951_782_400_000_999) == "2000-02-29T00:00:00.000Z")
        let now = BlueskyDatetime.now(SystemWallClock())
        #expect(ATProtoSyntax.isDatetime(now) && LexiconValidator.matches(format: "datetime", now), "\(now)")
    }
}
