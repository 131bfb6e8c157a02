// Times BlueskyFacetDetector over a corpus read from standard input (one text per line), five passes.
// Built with the detector's sources by scripts/bench-bluesky-facets.sh.
#if canImport(Glibc)
import Glibc
#endif
var lines: [String] = []  // "|" in a line stands for a line break inside the text
while let line = readLine() { lines.append(line.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\n")) }
var start = timespec(); clock_gettime(CLOCK_MONOTONIC, &start)
var facets = 0
for _ in 0..<5 { for line in lines { let d = BlueskyFacetDetector.detect(line); facets += d.facets.count + d.mentions.count } }
var end = timespec(); clock_gettime(CLOCK_MONOTONIC, &end)
let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
print("swift: \(lines.count * 5) texts in \(seconds) s, \(Int(Double(lines.count * 5) / seconds)) texts/s, \(facets) facets")
