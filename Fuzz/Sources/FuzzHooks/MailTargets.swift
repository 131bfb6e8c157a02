@_spi(Fuzzing) import FuzzEntryPoints

/// `mime-write`: the MIME writer on addresses, a subject, a file name and a body taken from any
/// bytes (fields separated by 0xFF; the first byte chooses HTML). Each address must parse or be
/// refused with a `MailContentError`; the writer must refuse with one naming an input field, or
/// write only ASCII, CRLF line endings and lines of at most 998 octets. Its own output check
/// failing (field `message`) is a bug.
@_cdecl("sharevia_fuzz_mime_write")
public func fuzzMimeWrite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let fields = bytes.dropFirst().split(separator: 0xFF, maxSplits: 5, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    var message = MailFuzzing.Message()
    for (index, text) in [(0, field(0)), (1, field(1)), (2, field(2))] where !text.isEmpty {
        switch MailFuzzing.address(text, field: "f\(index)") {
        case .success(let address):
            let spec = address.addrSpec
            check(spec.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "addr-spec not ASCII: \(spec)")
            check(spec.utf8.count <= MailFuzzing.maximumAddressLength, "addr-spec too long")
            switch index {
            case 0: message.from = address
            case 1: message.to.append(address)
            default: message.cc.append(address)
            }
        case .failure(let error):
            check(error.field == "f\(index)" && !error.message.isEmpty, "address error \(error)")
        }
    }
    message.subject = field(3)
    message.text = field(5)
    message.html = (bytes.first ?? 0) & 1 == 1
    message.fileName = field(4)
    message.attachment = Array(bytes.prefix(300))
    switch MailFuzzing.write(message) {
    case .success(let output):
        var previous: UInt8 = 0
        var line = 0
        for byte in output {
            check(byte < 0x80 && byte != 0, "a non-ASCII or NUL byte")
            check(!(previous == 0x0D && byte != 0x0A), "a bare CR")
            check(!(byte == 0x0A && previous != 0x0D), "a bare LF")
            line = byte == 0x0A ? 0 : (byte == 0x0D ? line : line + 1)
            check(line <= 998, "a line over 998 octets")
            previous = byte
        }
        check(output.suffix(2) == [0x0D, 0x0A], "no final CRLF")
    case .failure(let error):
        check(error.field != "message", "the writer's own output check failed: \(error)")
    }
    return 0
}
