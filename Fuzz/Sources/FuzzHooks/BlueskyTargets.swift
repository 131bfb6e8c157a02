@_spi(Fuzzing) import Destinations

/// `bluesky-upload-blob`: uploadBlob's answer on any bytes: a blob is read or refused with the
/// field at fault named.
@_cdecl("sharevia_fuzz_bluesky_upload_blob")
public func fuzzBlueskyUploadBlob(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let refusal = BlueskyAnswerFuzzing.uploadBlob(fuzzBytes(start, count)) {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}

/// `bluesky-create-record`: createRecord's answer on any bytes: a post is read or refused with
/// the field at fault named.
@_cdecl("sharevia_fuzz_bluesky_create_record")
public func fuzzBlueskyCreateRecord(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let refusal = BlueskyAnswerFuzzing.createRecord(fuzzBytes(start, count)) {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}

/// `bluesky-xrpc-error`: an XRPC error answer on any bytes: when read, it quotes on one line,
/// within its caps.
@_cdecl("sharevia_fuzz_bluesky_xrpc_error")
public func fuzzBlueskyXRPCError(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let line = BlueskyAnswerFuzzing.xrpcError(fuzzBytes(start, count)) {
        check(line.count <= 101 + 2 + 301, "an error quoted over its caps: \(line.count) characters")
        check(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a control character quoted")
    }
    return 0
}

/// `bluesky-resolve-handle`: resolveHandle's answer on any bytes: a DID is read or refused with
/// the field at fault named.
@_cdecl("sharevia_fuzz_bluesky_resolve_handle")
public func fuzzBlueskyResolveHandle(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let refusal = BlueskyAnswerFuzzing.resolveHandle(fuzzBytes(start, count)) {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}

/// `bluesky-get-record`: getRecord's answer on any bytes: a post is read or refused with the
/// field at fault named.
@_cdecl("sharevia_fuzz_bluesky_get_record")
public func fuzzBlueskyGetRecord(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let refusal = BlueskyAnswerFuzzing.getRecord(fuzzBytes(start, count)) {
        check(refusal.contains(": ") && !refusal.hasPrefix(": "), "a refusal without its field: \(refusal)")
    }
    return 0
}
