/// The one implementation of SMS segment counting: one pass over a message's UTF-8 bytes that
/// checks them and gives its ``SMSCount`` as carriers bill it (the rules are ``SMSSegmentCounter``'s),
/// the clusters that forced UCS-2, and what smart encoding would give. ``SMSSegmentCounter``,
/// ``SMSAnalysis`` and `sharevia sms count --lines` (``SMSLineCounter``) all count through it.
///
/// 1. GSM-7: printable ASCII eight bytes at a time (``SMSASCIIWord``), other bytes through a
///    table (a decode only for multi-byte sequences), counting septets, until the end or the
///    first character GSM-7 can't carry. Only escape pairs can move a part's edge (``GSM7Parts``).
/// 2. UCS-2 (from the start again): grapheme clusters, each packed whole into parts of UTF-16
///    units (``UCS2Packing``) and, when it holds a non-GSM scalar, noted as forcing UCS-2
///    (``SMSForcingClusters``). Runs of printable ASCII are counted a run at a time. Clusters
///    come from ``SMSClusterBreaker``'s table; a message with a scalar the table doesn't know is
///    counted again with Swift's `Character` boundaries (``SMSCharacterBoundaries``).
/// 3. A UCS-2 message whose every non-GSM character has a look-alike is counted once more by
///    step 1 with each look-alike read as its replacement: what smart encoding would give.
enum SMSScanner {
    /// What a pass found in a message of valid UTF-8.
    struct Scan {
        /// The count.
        var count: SMSCount
        /// With `smartCount` asked for: the count of the message smart encoded, when every
        /// character GSM-7 lacks has a look-alike (even if it would take more segments).
        var smartCount: SMSCount?
        /// True when the clusters came from `Character` (a scalar the table doesn't know), not
        /// from ``SMSClusterBreaker``'s table: the slower way, which tests keep rare.
        var clustersFromCharacters = false
    }

    /// Counts `bytes` and calls `body` with the count, the distinct clusters (at most `limit`)
    /// that forced UCS-2 (byte ranges of `bytes`) and the tables, valid during the call; nil when
    /// the bytes are not UTF-8.
    ///
    /// - Parameters:
    ///   - smartCount: Whether to count the message smart encoded too (``Scan/smartCount``).
    ///   - partStarts: Where to note the unit (septet or UTF-16 unit) offsets at which each part
    ///     after the first starts, for ``SMSSegmentCounter/parts(_:)``.
    @inline(__always)
    static func scan<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        smartCount: Bool,
        limit: Int = 20,
        partStarts: UnsafeMutablePointer<[Int]>? = nil,
        _ body: (Scan, SMSForcingClusters, Tables) -> Result
    ) -> Result? {
        GSM7Alphabet.latin1Septets.withUnsafeBufferPointer { septets in
            SMSASCIIWord.byteClasses.withUnsafeBufferPointer { classes in
                let tables = Tables(septets: septets, classes: classes)
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    let count = finished(.gsm7, units: 0, parts: 1, used: 0)
                    return SMSForcingClusters.withEmpty(limit: 0) { body(Scan(count: count), $0, tables) }
                }
                switch countGSM7(base, bytes.count, tables, smart: false, partStarts: partStarts) {
                case .counted(let count):
                    return SMSForcingClusters.withEmpty(limit: 0) { body(Scan(count: count), $0, tables) }
                case .invalidUTF8:
                    return nil
                case .notGSM7:
                    return SMSForcingClusters.withEmpty(limit: limit) { forcing in
                        guard let scan = scanUCS2(bytes, tables, smartCount, partStarts, &forcing) else { return nil }
                        return body(scan, forcing, tables)
                    }
                }
            }
        }
    }

    /// The count of `bytes`, nil when they are not UTF-8.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, partStarts: UnsafeMutablePointer<[Int]>? = nil) -> SMSCount?
    {
        scan(bytes, smartCount: false, limit: 0, partStarts: partStarts) { scan, _, _ in scan.count }
    }

    /// The tables the passes read, each read once by the caller.
    struct Tables {
        /// ``GSM7Alphabet/latin1Septets``.
        let septets: UnsafeBufferPointer<UInt8>
        /// ``SMSASCIIWord/byteClasses``.
        let classes: UnsafeBufferPointer<UInt8>

        /// The septets of `scalar`; 0 when GSM-7 can't carry it.
        @inline(__always)
        func weight(_ scalar: UInt32) -> Int {
            scalar < 0x100 ? Int(septets[Int(scalar)]) : GSM7Alphabet.septetsAbove255(scalar)
        }
    }

    /// Steps 2 and 3, for a message GSM-7 can't carry.
    @inline(__always)
    private static func scanUCS2(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ tables: Tables,
        _ smartCount: Bool,
        _ partStarts: UnsafeMutablePointer<[Int]>?,
        _ forcing: inout SMSForcingClusters
    ) -> Scan? {
        let base = bytes.baseAddress!
        let ucs2 = SMSClusterBreaker.classes.withUnsafeBufferPointer { breaks in
            var boundaries = SMSTableBoundaries(classes: breaks)
            return countUCS2(base, bytes.count, tables, &boundaries, &forcing, partStarts)
        }
        var scan: Scan
        let hopeless: Bool
        switch ucs2 {
        case .counted(let count, let noLookAlike):
            scan = Scan(count: count)
            hopeless = noLookAlike
        case .invalidUTF8:
            return nil
        case .unknownScalar:
            // A scalar the table doesn't know: the clusters from `Character` instead.
            guard var boundaries = SMSCharacterBoundaries(bytes) else { return nil }
            forcing.removeAll()
            let again = countUCS2(base, bytes.count, tables, &boundaries, &forcing, partStarts)
            guard case .counted(let count, let noLookAlike) = again else { return nil }
            scan = Scan(count: count, clustersFromCharacters: true)
            hopeless = noLookAlike
        }
        if smartCount && !hopeless,
            case .counted(let smart) = countGSM7(base, bytes.count, tables, smart: true, partStarts: nil)
        {
            scan.smartCount = smart
        }
        return scan
    }

    private enum GSM7Outcome {
        case counted(SMSCount)
        /// A character GSM-7 can't carry (with `smart`: one without a look-alike).
        case notGSM7
        case invalidUTF8
    }

    /// Step 1: the GSM-7 count; with `smart`, each look-alike counted as its replacement.
    @inline(__always)
    private static func countGSM7(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ tables: Tables,
        smart: Bool,
        partStarts: UnsafeMutablePointer<[Int]>?
    ) -> GSM7Outcome {
        var septets = 0
        var parts = GSM7Parts(recordingStartsIn: partStarts)
        var index = 0
        while index < count {
            // Eight bytes at a time: the plain ones before the first that is not, which goes
            // through the loop's slower path below.
            if index &+ 8 <= count {
                let word = SMSASCIIWord(base + index)
                let plain = word.plainPrefix
                if plain > 0 {
                    // Extension characters among the plain bytes count 2, and may start a part.
                    var escapes = word.extensions(inFirst: plain)
                    var counted = 0
                    while escapes != 0 {
                        let position = escapes.trailingZeroBitCount >> 3
                        septets &+= position &- counted
                        parts.addEscape(at: septets)
                        septets &+= 2
                        counted = position &+ 1
                        escapes &= escapes &- 1
                    }
                    septets &+= plain &- counted
                    index &+= plain
                    continue
                }
            }
            let byte = base[index]
            let scalar: UInt32
            if byte < 0x80 {
                scalar = UInt32(byte)
                index &+= 1
            } else {
                guard let decoded = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                scalar = decoded
            }
            var weight = tables.weight(scalar)
            if weight == 0 {
                guard smart else { return .notGSM7 }
                switch SMSSmartEncoding.lookAlike(scalar) {
                case .character(let replacement): weight = Int(tables.septets[Int(replacement)])
                case .threeDots: weight = 3  // three one-septet full stops
                case .removed: continue
                case nil: return .notGSM7
                }
            }
            if weight == 2 { parts.addEscape(at: septets) }
            septets &+= weight
        }
        let (partCount, used) = parts.finish(septets: septets)
        return .counted(finished(.gsm7, units: septets, parts: partCount, used: used))
    }

    private enum UCS2Outcome {
        /// The count, and whether some character GSM-7 lacks has no look-alike.
        case counted(SMSCount, hopeless: Bool)
        /// A scalar `boundaries` can't place.
        case unknownScalar
        case invalidUTF8
    }

    /// Step 2: the UCS-2 count, clusters from `boundaries`, noting those that forced UCS-2.
    @inline(__always)
    private static func countUCS2<Boundaries: SMSClusterBoundaries>(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ tables: Tables,
        _ boundaries: inout Boundaries,
        _ forcing: inout SMSForcingClusters,
        _ partStarts: UnsafeMutablePointer<[Int]>?
    ) -> UCS2Outcome {
        var packing = UCS2Packing(recordingStartsIn: partStarts)
        var cluster = (start: 0, units: 0, forcing: false)
        var hopeless = false  // a non-GSM character with no GSM-7 look-alike: smart encoding can't help
        var index = 0
        while index < count {
            if tables.classes[Int(base[index])] < 64 {
                // A run of printable GSM-7 ASCII: one-unit clusters, each starting a cluster
                // (the first may join the one before, after a prepended mark); the last may gain
                // combining marks.
                var end = index &+ 1
                while end &+ 8 <= count {
                    let plain = SMSASCIIWord(base + end).plainPrefix
                    end &+= plain
                    if plain < 8 { break }
                }
                if end &+ 8 > count {
                    while end < count && tables.classes[Int(base[end])] < 64 { end &+= 1 }
                }
                var first = index
                if !boundaries.startsPlainASCIIRun(at: index) {
                    cluster.units &+= 1
                    first &+= 1
                }
                if first < end {
                    if first > 0 {
                        packing.add(cluster: base, from: cluster.start, to: first, units: cluster.units)
                        if cluster.forcing { forcing.note(base, from: cluster.start, to: first, byteCount: count) }
                    }
                    packing.addUnits(end &- 1 &- first)
                    cluster = (end &- 1, 1, false)
                }
                index = end
                continue
            }
            let position = index
            let scalar: UInt32
            let byte = base[index]
            if byte < 0x80 {
                scalar = UInt32(byte)
                index &+= 1
            } else {
                guard let decoded = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                scalar = decoded
            }
            guard let starts = boundaries.startsCluster(scalar, at: position) else { return .unknownScalar }
            if starts && position > 0 {
                packing.add(cluster: base, from: cluster.start, to: position, units: cluster.units)
                if cluster.forcing { forcing.note(base, from: cluster.start, to: position, byteCount: count) }
                cluster = (position, 0, false)
            }
            cluster.units &+= scalar >= 0x10000 ? 2 : 1
            if tables.weight(scalar) == 0 {
                cluster.forcing = true
                if !hopeless && SMSSmartEncoding.lookAlike(scalar) == nil { hopeless = true }
            }
        }
        packing.add(cluster: base, from: cluster.start, to: count, units: cluster.units)
        if cluster.forcing { forcing.note(base, from: cluster.start, to: count, byteCount: count) }
        return .counted(
            finished(.ucs2, units: packing.units, parts: packing.parts, used: packing.used),
            hopeless: hopeless
        )
    }

    /// The count of a message of `units` packed into `parts`, `used` of them in the last: one
    /// part when it fits a single unsplit message.
    @inline(__always)
    private static func finished(_ encoding: SMSEncoding, units: Int, parts: Int, used: Int) -> SMSCount {
        if units <= encoding.singleCapacity {
            return SMSCount(
                encoding: encoding,
                units: units,
                segments: 1,
                unitsLeftInLastSegment: encoding.singleCapacity - units
            )
        }
        return SMSCount(
            encoding: encoding,
            units: units,
            segments: parts,
            unitsLeftInLastSegment: encoding.partCapacity - used
        )
    }
}
