#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits input into runs of whole lines, so that the runs can be counted at the same time on
/// several cores and their outputs written one after the other.
enum LineRuns {
    /// How many threads count runs at once here: the online CPUs, at most 8.
    static var parallelism: Int { max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Up to `count` runs covering `bytes` in order, each ending just after a line feed (the
    /// last at the end of the input), each at least `minimumBytes` long (but the last);
    /// one run for input too short to share out.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, into count: Int, minimumBytes: Int) -> [Range<Int>] {
        let runs = max(1, min(count, bytes.count / max(1, minimumBytes)))
        guard runs > 1, let base = bytes.baseAddress else { return [0..<bytes.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 1..<runs {
            let target = max(start + minimumBytes, bytes.count * index / runs)
            guard target < bytes.count, let found = memchr(base + target, 0x0A, bytes.count - target) else { break }
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            ranges.append(start..<end)
            start = end
        }
        if start < bytes.count || ranges.isEmpty { ranges.append(start..<bytes.count) }
        return ranges
    }
}
