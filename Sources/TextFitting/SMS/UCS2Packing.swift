/// UTF-16 units packed greedily into UCS-2 parts of 67, a grapheme cluster never split unless it
/// is longer than a part (then it is split between its scalars).
struct UCS2Packing {
    private(set) var units = 0
    private(set) var parts = 1
    private(set) var used = 0
    /// Where each part after the first starts, in UTF-16 units, when asked for.
    private let starts: UnsafeMutablePointer<[Int]>?

    /// Packs parts, noting where each one after the first starts in `starts` if given.
    init(recordingStartsIn starts: UnsafeMutablePointer<[Int]>? = nil) {
        self.starts = starts
        starts?.pointee.removeAll()
    }

    /// Adds `count` one-unit clusters.
    @inline(__always)
    mutating func addUnits(_ count: Int) {
        let before = units
        let usedBefore = used
        units &+= count
        used &+= count
        let capacity = SMSEncoding.ucs2.partCapacity
        if used > capacity {
            let extra = (used - 1) / capacity
            parts += extra
            used -= extra * capacity
            if let starts {
                // The first unit that doesn't fit starts a part, and every `capacity` after it.
                for part in 0..<extra { starts.pointee.append(before + capacity - usedBefore + part * capacity) }
            }
        }
    }

    /// Adds the cluster `start..<end` (bytes of UTF-8 already checked) of `units` UTF-16 units.
    @inline(__always)
    mutating func add(cluster base: UnsafePointer<UInt8>, from start: Int, to end: Int, units clusterUnits: Int) {
        if clusterUnits <= SMSEncoding.ucs2.partCapacity {
            add(atom: clusterUnits)
            return
        }
        // A cluster no part can hold: its scalars one by one.
        var position = start
        while position < end { add(atom: UTF8Scalar.decodeValid(base, &position) >= 0x10000 ? 2 : 1) }
    }

    @inline(__always)
    private mutating func add(atom: Int) {
        if used &+ atom > SMSEncoding.ucs2.partCapacity {
            parts &+= 1
            used = atom
            starts?.pointee.append(units)
        } else {
            used &+= atom
        }
        units &+= atom
    }
}
