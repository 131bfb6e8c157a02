@_spi(Fuzzing) import Destinations
@_spi(Fuzzing) import ShareviaCLI

/// `config-parse`: the config file reader on any bytes: it reads or refuses, and a refusal names
/// a line of the text.
@_cdecl("sharevia_fuzz_config_parse")
public func fuzzConfigParse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = ConfigFuzzing.parse(fuzzBytes(start, count))
    return 0
}

/// `plugin-answer`: a plugin's stdout on any bytes: the one-object scanner and the answer decoders.
@_cdecl("sharevia_fuzz_plugin_answer")
public func fuzzPluginAnswer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = PluginAnswerFuzzing.read(fuzzBytes(start, count))
    return 0
}

/// `accounts-file`: the accounts file reader on any bytes: it reads (and what it reads survives
/// being written and read again) or refuses as a damaged file.
@_cdecl("sharevia_fuzz_accounts_file")
public func fuzzAccountsFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = AccountsFileFuzzing.parse(fuzzBytes(start, count))
    return 0
}
