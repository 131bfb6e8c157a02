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

/// `card-catalogue`: the catalogue parser on any bytes: it reads entries within its caps (keys
/// of the allowed characters, plural forms of CLDR's categories, no empty text) or refuses with
/// a message naming the file.
@_cdecl("sharevia_fuzz_card_catalogue")
public func fuzzCardCatalogue(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let limits = CardFuzzing.catalogueLimits
    switch CardFuzzing.parseCatalogue(fuzzBytes(start, count)) {
    case .entries(let entries):
        check(count <= limits.bytes, "\(count) bytes were read")
        check(entries.values.reduce(0) { $0 + $1.count } <= limits.entries, "too many entries")
        let categories: Set = ["", "zero", "one", "two", "few", "many", "other"]
        for (key, forms) in entries {
            check(!key.isEmpty && key.count <= 64 && !key.contains(" ") && !key.contains("="), "key '\(key)'")
            for (form, text) in forms {
                check(categories.contains(form), "form '\(form)'")
                check(!text.isEmpty && text.count <= limits.textLength, "text of \(key)")
            }
        }
    case .refused(let message):
        check(message.hasPrefix("fuzz.txt"), "a refusal that doesn't name the file: \(message)")
    }
    return 0
}
