import ShareCards

/// `card-spec`: the card spec parser on any bytes: it reads a spec (whose share text can be
/// filled) or refuses with a message, and a refusal about a value names its JSON path.
@_cdecl("sharevia_fuzz_card_spec")
public func fuzzCardSpec(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do throws(CardError) {
        let spec = try CardSpecParser.parse(fuzzBytes(start, count))
        _ = ShareTextTemplates.text(for: spec)
        check(CardSize.sides.contains(spec.size.width) && CardSize.sides.contains(spec.size.height), "size \(spec.size)")
    } catch {
        check(!error.message.isEmpty, "an empty message")
        if let path = error.path { check(path.hasPrefix("$") && error.message.contains(path), "path \(path)") }
    }
    return 0
}
