@_spi(Fuzzing) import Destinations

/// `bluesky-session`: createSession's and refreshSession's answer on any bytes: a session is
/// read (DID, handle, header-safe tokens) or refused with the field at fault named, never quoting
/// the token it refuses.
@_cdecl("sharevia_fuzz_bluesky_session")
public func fuzzBlueskySession(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let refusal = BlueskySessionFuzzing.session(fuzzBytes(start, count)) {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}
