/// The distinct grapheme clusters that forced UCS-2, in order of first appearance, at most
/// ``limit`` of them, as byte ranges of the message, found again through a small hash table of
/// their first bytes and length.
struct SMSForcingClusters {
    /// The most clusters noted.
    let limit: Int
    private let starts: UnsafeMutablePointer<UInt64>
    private let ends: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<UInt64>
    /// 1 + the number of a noted cluster, at the slot its key hashes to (or after); 0: empty.
    private let slots: UnsafeMutablePointer<UInt16>
    private let slotMask: Int
    private let hashShift: UInt64
    private(set) var count = 0

    /// Runs `body` with an empty list of at most `limit` clusters (held on the stack).
    static func withEmpty<Result>(limit: Int, _ body: (inout SMSForcingClusters) -> Result) -> Result {
        let limit = max(0, min(limit, 1 << 14))
        // More than two slots per cluster, so that the table never fills and probes stay short.
        var slotBits = 0
        while 1 << slotBits <= 2 * limit { slotBits += 1 }
        let words = 3 * limit + ((1 << slotBits) + 3) / 4
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { storage in
            var clusters = SMSForcingClusters(storage: storage.baseAddress!, limit: limit, slotBits: slotBits)
            return body(&clusters)
        }
    }

    private init(storage: UnsafeMutablePointer<UInt64>, limit: Int, slotBits: Int) {
        self.limit = limit
        starts = storage
        ends = storage + limit
        keys = storage + 2 * limit
        slots = UnsafeMutableRawPointer(storage + 3 * limit).bindMemory(to: UInt16.self, capacity: 1 << slotBits)
        slots.initialize(repeating: 0, count: 1 << slotBits)
        slotMask = (1 << slotBits) - 1
        hashShift = UInt64(64 - slotBits)
    }

    /// Forgets every noted cluster.
    mutating func removeAll() {
        slots.update(repeating: 0, count: slotMask + 1)
        count = 0
    }

    subscript(number: Int) -> (start: Int, end: Int) {
        (Int(truncatingIfNeeded: starts[number]), Int(truncatingIfNeeded: ends[number]))
    }

    /// Notes the cluster `start..<end` of a message of `byteCount` bytes unless the same bytes
    /// are noted already.
    @inline(__always)
    mutating func note(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, byteCount: Int) {
        guard count < limit else { return }
        let key = Self.key(base, from: start, to: end, byteCount: byteCount)
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> hashShift)
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            // The key holds the length only up to 255: longer clusters compare lengths too.
            let (noted, notedEnd) = self[entry - 1]
            if keys[entry - 1] == key
                && (end - start <= 7 || (notedEnd - noted == end - start && same(base, noted, start, end - start)))
            {
                return
            }
            slot = (slot + 1) & slotMask
        }
        slots[slot] = UInt16(truncatingIfNeeded: count + 1)
        starts[count] = UInt64(truncatingIfNeeded: start)
        ends[count] = UInt64(truncatingIfNeeded: end)
        keys[count] = key
        count += 1
    }

    /// The length (up to 255) and up to seven first bytes: the whole cluster when it is short.
    @inline(__always)
    private static func key(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, byteCount: Int) -> UInt64 {
        let length = end - start
        var bytes: UInt64 = 0
        if start + 8 <= byteCount {
            bytes = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
            if length < 8 { bytes &= (1 << (8 * UInt64(length))) - 1 }
        } else {
            for offset in 0..<min(length, 8) { bytes |= UInt64(base[start + offset]) << (8 * UInt64(offset)) }
        }
        return bytes << 8 | UInt64(truncatingIfNeeded: min(length, 255))
    }

    private func same(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        for offset in 0..<length where base[a + offset] != base[b + offset] { return false }
        return true
    }
}
