@_spi(Fuzzing) import Destinations

/// `mastodon-instance`: `/api/v2/instance`'s answer on any bytes: limits are read within their
/// ranges, with the scopes the version allows, or the answer is refused with the field at fault
/// named.
@_cdecl("sharevia_fuzz_mastodon_instance")
public func fuzzMastodonInstance(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let (refusal, broken) = MastodonInstanceFuzzing.read(fuzzBytes(start, count))
    check(broken.isEmpty, broken.joined(separator: "; "))
    if let refusal {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}
