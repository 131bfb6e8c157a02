@_spi(Fuzzing) import ShareviaCLI

/// `thunar-actions`: Thunar's uca.xml on any bytes: read or refused (naming a line), and when read,
/// sharevia's action added keeps the user's actions byte for byte and taking it out gives the file back.
@_cdecl("sharevia_fuzz_thunar_actions")
public func fuzzThunarActions(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = ThunarActionsFuzzing.merge(fuzzBytes(start, count))
    return 0
}
