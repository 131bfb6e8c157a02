/// GSM-7 septets packed greedily into parts of 153, an escape pair (an extension character)
/// never split, from where the escape pairs are alone: one-septet characters fill each part to
/// the last septet, so only a pair at a part's last septet moves the edge.
struct GSM7Parts {
    private(set) var count = 1
    /// Where the current part starts, in septets.
    private var start = 0
    /// Where each part after the first starts, in septets, when asked for (``SMSSegmentCounter/parts(_:)``).
    private let starts: UnsafeMutablePointer<[Int]>?

    /// Packs parts, noting where each one after the first starts in `starts` if given.
    init(recordingStartsIn starts: UnsafeMutablePointer<[Int]>? = nil) {
        self.starts = starts
        starts?.pointee.removeAll()
    }

    /// Notes an escape pair starting `offset` septets into the message.
    @inline(__always)
    mutating func addEscape(at offset: Int) {
        let capacity = SMSEncoding.gsm7.partCapacity
        while offset >= start &+ capacity {
            start &+= capacity
            count &+= 1
            starts?.pointee.append(start)
        }
        if offset == start &+ capacity &- 1 {
            // The pair would straddle the edge: the next part starts with it.
            start = offset
            count &+= 1
            starts?.pointee.append(start)
        }
    }

    /// The parts of a message of `septets` septets, and the septets in the last.
    func finish(septets: Int) -> (count: Int, used: Int) {
        let capacity = SMSEncoding.gsm7.partCapacity
        guard septets > start &+ capacity else { return (count, septets &- start) }
        let more = (septets &- start &- 1) / capacity
        if let starts {
            for part in 1...more { starts.pointee.append(start &+ part &* capacity) }
        }
        return (count &+ more, septets &- start &- more &* capacity)
    }
}
