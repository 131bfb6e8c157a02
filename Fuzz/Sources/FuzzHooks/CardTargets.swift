@_spi(Fuzzing) import FuzzEntryPoints

/// `card-spec`: the card spec parser on any bytes: it reads a spec (whose share text can be
/// filled) or refuses with a message, and a refusal about a value names its JSON path.
@_cdecl("sharevia_fuzz_card_spec")
public func fuzzCardSpec(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    switch CardFuzzing.parse(fuzzBytes(start, count)) {
    case .spec(let width, let height, _):
        let sides = CardFuzzing.sides
        check(sides.contains(width) && sides.contains(height), "size \(width)x\(height)")
    case .refused(let message, let path):
        check(!message.isEmpty, "an empty message")
        if let path { check(path.hasPrefix("$") && message.contains(path), "path \(path)") }
    }
    return 0
}
