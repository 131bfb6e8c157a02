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

/// `mastodon-status`: the answers of `POST /api/v2/media` (and `GET /api/v1/media/:id`) and
/// `POST /api/v1/statuses` on any bytes: ids and URLs are read within their caps and character
/// rules, or the answer is refused with the field at fault named.
@_cdecl("sharevia_fuzz_mastodon_status")
public func fuzzMastodonStatus(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let (refusals, broken) = MastodonStatusFuzzing.read(fuzzBytes(start, count))
    check(broken.isEmpty, broken.joined(separator: "; "))
    for refusal in refusals {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}
