@_spi(Fuzzing) import ShareviaCLI

/// `thunar-actions`: Thunar's uca.xml on any bytes: read or refused (naming a line), and when read,
/// sharevia's action added keeps the user's actions byte for byte and taking it out gives the file back.
@_cdecl("sharevia_fuzz_thunar_actions")
public func fuzzThunarActions(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = ThunarActionsFuzzing.merge(fuzzBytes(start, count))
    return 0
}

/// `picker-answer`: `--pick`'s remembered choice and terminal answers on any bytes: a well-formed
/// id or nothing, and an answer names one of the choices or none.
@_cdecl("sharevia_fuzz_picker_answer")
public func fuzzPickerAnswer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = PickerFuzzing.read(fuzzBytes(start, count))
    return 0
}
