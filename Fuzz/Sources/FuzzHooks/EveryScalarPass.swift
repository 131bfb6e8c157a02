import Dispatch
import Synchronization
@_spi(_Unicode) import Swift
import TextFitting

/// Every Unicode scalar, and every scalar's canonical decomposition where it differs, repeated to
/// just over each network's limit (by two measures: one more than the limit divided by the
/// unit's own count, and one more copy than the limit), through that network's counter
/// (``checkCounts(_:networks:)``: no trap, no count below zero, X's ranges inside the text).
/// `scripts/every-scalar` runs it in an optimised build without sanitizers: the same pass in the
/// tests' debug build would take minutes of CPU. `EveryScalarTests` fit the texts too, for the
/// first and last of each group of scalars the counters treat alike.
///
/// Prints how many units and texts it checked; a broken promise traps, naming it.
@_cdecl("sharevia_every_scalar")
public func everyScalarPass() -> CInt {
    // Blocks of 4096 scalars, shared among the cores.
    let blocks = 0x110000 / 0x1000
    let totals = Mutex((units: 0, texts: 0))
    DispatchQueue.concurrentPerform(iterations: blocks) { block in
        var units = 0
        var texts = 0
        for value in UInt32(block * 0x1000)..<UInt32((block + 1) * 0x1000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let single = String(scalar)
            var decomposed = String.UnicodeScalarView()
            decomposed.append(contentsOf: single._nfd)
            let forms = decomposed.elementsEqual(single.unicodeScalars) ? [single] : [single, String(decomposed)]
            for unit in forms {
                units += 1
                for rules in fuzzRules {
                    let each = max(1, rules.counter.count(unit))
                    for length in Set([rules.limit / each + 1, rules.limit + 1]) {
                        checkCounts(String(repeating: unit, count: length), networks: [rules])
                        texts += 1
                    }
                }
            }
        }
        totals.withLock { $0 = ($0.units + units, $0.texts + texts) }
    }
    let (units, texts) = totals.withLock { $0 }
    print("every-scalar: \(units) units (every scalar, and its decomposition where it differs), \(texts) texts, none broken")
    return units > 1_112_064 ? 0 : 1
}
