@_spi(Fuzzing) import Destinations

/// `mastodon-oauth`: the sign-in's readers on any bytes (the app, token and account answers and
/// the loopback redirect's request head): values within their caps, or a refusal that names the
/// answer.
@_cdecl("sharevia_fuzz_mastodon_oauth")
public func fuzzMastodonOAuth(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let broken = MastodonOAuthFuzzing.read(fuzzBytes(start, count))
    check(broken.isEmpty, broken.joined(separator: "; "))
    return 0
}
