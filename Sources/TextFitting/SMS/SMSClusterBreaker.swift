/// Grapheme cluster boundaries (UAX #29) for the scalars whose break property it knows: Latin,
/// Greek, Cyrillic, Hebrew and Arabic letters, CJK, kana, Hangul syllables, punctuation, symbols,
/// emoji, combining marks, variation selectors, ZWJ, regional indicators and controls. Anything
/// else (Indic scripts, Hangul jamo, prepended marks, spacing marks) is Kind/unknown, and the
/// caller breaks the text with Swift's `Character` instead.
///
/// Among the known scalars only GB4/5 (controls), GB9 (Extend, ZWJ), GB11 (emoji ZWJ sequences)
/// and GB12/13 (flags) apply, so a few bits of state decide every boundary. CR LF is two clusters
/// here (GB3 is left out), as SMS packing splits it anyway. The table is Swift's
/// own segmentation probed scalar by scalar; `SMSClusterBreakerTests` checks every entry against
/// `Character` and random sequences against `String`'s clusters.
struct SMSClusterBreaker {
    /// A scalar's grapheme cluster break class, as far as the known scalars need one.
    enum Kind: UInt8 {
        case other = 0
        case extend, zwj, regionalIndicator, pictographic, control, unknown
    }

    private var previous = Kind.control  // the start of text breaks, as after a control
    /// The scalars so far end with an Extended_Pictographic and Extend* (GB11).
    private var pictographicRun = false
    /// The ZWJ just seen followed an Extended_Pictographic and Extend* (GB11).
    private var zwjAfterPictographic = false
    /// The regional indicators just before are an odd run (GB12/13).
    private var oddRegionalIndicators = false

    /// True when a cluster starts at a scalar of `kind` (not `unknown`) after those seen so far.
    @inline(__always)
    mutating func startsCluster(_ kind: Kind) -> Bool {
        let starts: Bool
        if previous == .control || kind == .control {
            starts = true
        } else if kind == .extend || kind == .zwj {
            starts = false
        } else if kind == .pictographic {
            starts = !(previous == .zwj && zwjAfterPictographic)
        } else if kind == .regionalIndicator {
            starts = !(previous == .regionalIndicator && oddRegionalIndicators)
        } else {
            starts = true
        }
        zwjAfterPictographic = kind == .zwj && pictographicRun
        pictographicRun = kind == .pictographic || (kind == .extend && pictographicRun)
        oddRegionalIndicators = kind == .regionalIndicator && !(previous == .regionalIndicator && oddRegionalIndicators)
        previous = kind
        return starts
    }

    /// Notes a printable ASCII character (class Other), which always starts a cluster.
    @inline(__always)
    mutating func sawPlainASCII() {
        previous = .other
        pictographicRun = false
        zwjAfterPictographic = false
        oddRegionalIndicators = false
    }

    /// The break class of `value`: planes 0 and 1 from ``classes`` (given as `classes`, read once
    /// by the caller), the rest from the table.
    @inline(__always)
    static func kind(of value: UInt32, classes: UnsafeBufferPointer<UInt16>) -> Kind {
        guard value < planesCovered else { return lookUp(value) }
        let block = classes[Int(value >> 4)]
        let raw = block < 8 ? block : classes[Int(block) &+ Int(value & 15)]
        // Only raw values of Kind are stored (see ``classes``).
        return unsafeBitCast(UInt8(truncatingIfNeeded: raw), to: Kind.self)
    }

    /// The break class of `value`.
    static func kind(of value: UInt32) -> Kind {
        classes.withUnsafeBufferPointer { kind(of: value, classes: $0) }
    }

    /// The scalars ``classes`` covers: planes 0 and 1.
    private static let planesCovered: UInt32 = 0x20000

    /// Two levels: for each run of 16 scalars of planes 0 and 1 (U+0000 to U+1FFFF), their
    /// class when they all have the same (a raw value of Kind, below 8); else where, after the
    /// 8192 blocks, the classes of its 16 scalars are. Built from ``table`` in one walk over it.
    static let classes: [UInt16] = {
        let blockCount = Int(planesCovered >> 4)
        let mixed = UInt16.max
        var classes = [UInt16](repeating: mixed, count: blockCount)
        func raw(_ entry: UInt32) -> UInt16 { UInt16((Kind(rawValue: UInt8(entry & 7)) ?? .unknown).rawValue) }
        // Blocks that one run covers whole take its class; the others stay mixed.
        for (index, entry) in table.enumerated() {
            let start = entry >> 3
            guard start < planesCovered else { break }
            let end = min(index + 1 < table.count ? table[index + 1] >> 3 : planesCovered, planesCovered)
            var block = Int(start >> 4)
            if start & 15 != 0 { block += 1 }  // a block the run starts inside is mixed
            while (block + 1) << 4 <= end {
                classes[block] = raw(entry)
                block += 1
            }
        }
        // The mixed blocks' scalars, in order, walking the runs alongside.
        var entry = 0
        for block in 0..<blockCount where classes[block] == mixed {
            classes[block] = UInt16(classes.count)
            for value in UInt32(block << 4)..<UInt32((block + 1) << 4) {
                while entry + 1 < table.count && table[entry + 1] >> 3 <= value { entry += 1 }
                classes.append(raw(table[entry]))
            }
        }
        return classes
    }()

    /// The class `table` gives `value` (a binary search).
    static func lookUp(_ value: UInt32) -> Kind {
        table.withUnsafeBufferPointer { entries in
            var low = 0
            var high = entries.count  // entries[low] starts at or before value; entries[high] after
            while high - low > 1 {
                let middle = (low + high) / 2
                if entries[middle] >> 3 <= value { low = middle } else { high = middle }
            }
            return Kind(rawValue: UInt8(entries[low] & 7)) ?? .unknown
        }
    }

    /// Where each run of one class starts: `start << 3 | class`, ascending, from U+0000 on.
    static let table: [UInt32] = [
        0x5, 0x100, 0x3FD, 0x500, 0x54C, 0x550, 0x56D, 0x574, 0x578, 0x1801, 0x1B80, 0x2419, 0x2450,
        0x2986, 0x2C80, 0x2C89, 0x2DF0, 0x2DF9, 0x2E00, 0x2E09, 0x2E18, 0x2E21, 0x2E30, 0x2E39, 0x2E40, 0x3006, 0x3030,
        0x3081, 0x30D8, 0x30E5, 0x30E8, 0x3259, 0x3300, 0x3381, 0x3388, 0x36B1, 0x36EE, 0x36F0, 0x36F9, 0x3728, 0x3739,
        0x3748, 0x3751, 0x3770, 0x3806, 0x10000, 0x1005D, 0x10061, 0x1006A, 0x10075, 0x10080, 0x10145, 0x10178,
        0x101E4, 0x101E8, 0x1024C, 0x10250, 0x10305, 0x10380, 0x10681, 0x10788, 0x10914, 0x10918, 0x109CC, 0x109D0,
        0x10CA4, 0x10CD0, 0x10D4C, 0x10D58, 0x118D4, 0x118E0, 0x11944, 0x11948, 0x11E7C, 0x11E80, 0x11F4C, 0x11FA0,
        0x11FC4, 0x11FD8, 0x12614, 0x12618, 0x12D54, 0x12D60, 0x12DB4, 0x12DB8, 0x12E04, 0x12E08, 0x12FDC, 0x12FF8,
        0x13004, 0x13028, 0x13074, 0x13078, 0x1308C, 0x13090, 0x130A4, 0x130B0, 0x130C4, 0x130C8, 0x130EC, 0x130F0,
        0x13104, 0x13108, 0x13114, 0x13120, 0x13134, 0x13138, 0x13154, 0x13158, 0x13174, 0x13180, 0x131C4, 0x131D8,
        0x13204, 0x13208, 0x13214, 0x13218, 0x13244, 0x132A0, 0x132FC, 0x13308, 0x1331C, 0x13320, 0x1332C, 0x13338,
        0x13344, 0x13348, 0x133DC, 0x133E0, 0x133F4, 0x13400, 0x13494, 0x134C0, 0x134CC, 0x134D0, 0x134DC, 0x134E8,
        0x13504, 0x13510, 0x1353C, 0x13540, 0x13554, 0x13560, 0x13584, 0x13590, 0x135EC, 0x135F8, 0x13624, 0x13630,
        0x13644, 0x13648, 0x13674, 0x13680, 0x1368C, 0x13690, 0x1369C, 0x136A8, 0x1374C, 0x13758, 0x13784, 0x137B0,
        0x137BC, 0x137D8, 0x137EC, 0x137F0, 0x13814, 0x13818, 0x1382C, 0x13830, 0x13844, 0x13870, 0x1387C, 0x13880,
        0x13894, 0x13898, 0x138A4, 0x138A8, 0x138B4, 0x138B8, 0x138EC, 0x138F0, 0x1390C, 0x13910, 0x13944, 0x13948,
        0x1399C, 0x139A8, 0x13A24, 0x13A28, 0x13A3C, 0x13A40, 0x13A64, 0x13A68, 0x13A74, 0x13A78, 0x13A9C, 0x13AB0,
        0x13ABC, 0x13AC0, 0x13B1C, 0x13B28, 0x13CAC, 0x13CC0, 0x13D0C, 0x13D10, 0x13D84, 0x13D88, 0x13DFC, 0x13E00,
        0x149A4, 0x149B0, 0x1582C, 0x15840, 0x158DC, 0x158E8, 0x15A84, 0x15A88, 0x15AAC, 0x15AB0, 0x16006, 0x18000,
        0x18151, 0x18184, 0x18188, 0x181EC, 0x181F0, 0x184C9, 0x184D8, 0x18806, 0x27000, 0x50006, 0x56000, 0x6BD86,
        0x6BE38, 0x6BE5E, 0x6BFE0, 0x6C006, 0x7F001, 0x7F086, 0x7F7FD, 0x7F800, 0x7FB36, 0xF8000, 0xF8024, 0xF8028,
        0xF8164, 0xF8180, 0xF84A4, 0xF8500, 0xF857C, 0xF8588, 0xF8604, 0xF8608, 0xF867C, 0xF8688, 0xF87B4, 0xF8800,
        0xF8B84, 0xF8B90, 0xF8BF4, 0xF8C00, 0xF8C74, 0xF8C78, 0xF8C8C, 0xF8CD8, 0xF8D74, 0xF8F33, 0xF9000, 0xF900C,
        0xF9080, 0xF90D4, 0xF90D8, 0xF917C, 0xF9180, 0xF9194, 0xF91D8, 0xF91E4, 0xF9200, 0xF924C, 0xF9300, 0xF9334,
        0xF9910, 0xF9924, 0xF9CA0, 0xF9CB4, 0xF9CC0, 0xF9CCC, 0xF9CE0, 0xF9CF4, 0xF9F88, 0xF9F9C, 0xF9FB0, 0xF9FBC,
        0xF9FD9, 0xFA004, 0xFA7F0, 0xFA7FC, 0xFA9F0, 0xFAA4C, 0xFAA78, 0xFAA84, 0xFAB40, 0xFAB7C, 0xFAB88, 0xFAB9C,
        0xFABD8, 0xFAC3C, 0xFAC40, 0xFAC54, 0xFAC70, 0xFAC84, 0xFAC88, 0xFACAC, 0xFACB8, 0xFAD24, 0xFAD30, 0xFAD44,
        0xFAD48, 0xFAD8C, 0xFAD98, 0xFADE4, 0xFADE8, 0xFAE14, 0xFAE28, 0xFAE8C, 0xFAEA0, 0xFAEE4, 0xFAEF8, 0xFAF0C,
        0xFAF10, 0xFAF1C, 0xFAF20, 0xFAF44, 0xFAF48, 0xFAF7C, 0xFAF80, 0xFAF9C, 0xFAFA0, 0xFAFD4, 0xFB280, 0xFB404,
        0xFB630, 0xFB65C, 0xFB698, 0xFB6AC, 0xFB730, 0xFB74C, 0xFB750, 0xFB75C, 0xFB788, 0xFB79C, 0xFB800, 0xFBED4,
        0xFC000, 0xFC064, 0xFC080, 0xFC244, 0xFC280, 0xFC2D4, 0xFC300, 0xFC444, 0xFC480, 0xFC574, 0xFC580, 0xFC5E4,
        0xFC600, 0xFC614, 0xFC680, 0xFC6CC, 0xFC800, 0xFC864, 0xFC9D8, 0xFC9E4, 0xFCA30, 0xFCA3C, 0xFD000, 0xFD2C4,
        0xFD300, 0xFD374, 0xFD806, 0x700005, 0x700101, 0x700406,
    ]
}
