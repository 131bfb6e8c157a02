@_spi(Fuzzing) import FuzzEntryPoints
import TextFitting

/// `sms-count`: the SMS counter, smart encoding and trimming on any text (the input decoded as
/// UTF-8, bad bytes replaced). The count agrees with the parts it packs (joined they are the
/// text, each within its capacity, as many as the segments, the units left matching the last);
/// the encoding is GSM-7 exactly when every scalar is in the alphabet; smart encoding, when
/// applied, gives GSM-7 in no more segments; a trimmed message that fits takes at most the limit and keeps the link
/// (the first line, when it looks like one) whole. The one-pass line counter also gets the raw
/// bytes, bad ones included: it refuses exactly bytes that are not UTF-8.
@_cdecl("sharevia_fuzz_sms_count")
public func fuzzSMSCount(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let text = String(decoding: bytes, as: UTF8.self)
    checkCount(text)
    checkLineCounter(text)
    checkLineCounterOnRawBytes(bytes)

    let smart = SMSSmartEncoding.encode(text)
    if smart.applied {
        check(GSM7Alphabet.canEncode(smart.text), "smart encoding applied but left non-GSM text")
        check(
            SMSSegmentCounter.count(smart.text).segments <= SMSSegmentCounter.count(text).segments,
            "smart encoding applied but took more segments"
        )
        check(!smart.replacements.isEmpty, "smart encoding applied with no replacement")
        checkCount(smart.text)
    } else {
        check(smart.text == text, "smart encoding changed a text it did not apply to")
    }

    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let link = lines.first.flatMap { $0.hasPrefix("https://") && !$0.contains(" ") ? $0 : nil }
    let hashtags = lines.count > 1 ? lines[1].split(separator: " ").map(String.init) : []
    let body = lines.count > 2 ? lines[2] : (link == nil ? text : "")
    for limit in 1...4 {
        let fitted = SMSTrimmer(maxSegments: limit).fit(SMSMessageParts(body: body, link: link, hashtags: hashtags))
        check(fitted.count == SMSSegmentCounter.count(fitted.text), "the fitted count is not the text's count")
        guard fitted.fits else {
            check(link != nil, "a message without a link did not fit \(limit) segments")
            continue
        }
        check(fitted.count.segments <= limit, "a fitting message takes \(fitted.count.segments) > \(limit) segments")
        if let link { check(fitted.text.contains(link), "the link was cut") }
    }
    return 0
}

private func checkCount(_ text: String) {
    let count = SMSSegmentCounter.count(text)
    let gsm = GSM7Alphabet.canEncode(text)
    check(
        count.encoding == (gsm ? .gsm7 : .ucs2),
        "encoding \(count.encoding) for a text GSM-7 \(gsm ? "can" : "can't") carry"
    )
    let units = gsm ? text.unicodeScalars.reduce(0) { $0 + GSM7Alphabet.septets(for: $1) } : text.utf16.count
    check(count.units == units, "units \(count.units), expected \(units)")
    check(count.segments >= 1, "\(count.segments) segments")
    let parts = SMSSegmentCounter.parts(text)
    check(parts.count == count.segments, "\(parts.count) parts for \(count.segments) segments")
    check(parts.joined() == text, "the parts do not join into the text")
    let sizes = parts.map { part in
        gsm ? part.unicodeScalars.reduce(0) { $0 + GSM7Alphabet.septets(for: $1) } : part.utf16.count
    }
    check(
        sizes.allSatisfy { $0 <= count.capacityPerSegment },
        "a part over \(count.capacityPerSegment) units: \(sizes)"
    )
    check(count.unitsLeftInLastSegment == count.capacityPerSegment - (sizes.last ?? 0), "units left disagree")
    if count.segments > 1 {
        check(count.units > count.encoding.singleCapacity, "split a message that fits one part")
    }
}

/// `sms count --lines`' line counter counts every line of a String, as the full analysis says.
private func checkLineCounter(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var copy = String(line)
        let (counted, output) = copy.withUTF8 { SMSLineFuzzing.count($0) }
        check(counted, "the line counter refused a String's bytes: \(copy.debugDescription)")
        let analysis = SMSAnalysis(copy)
        let expected = ([analysis.count.summary] + analysis.notes).joined(separator: "; ") + "\n"
        check(
            String(decoding: output, as: UTF8.self) == expected,
            "the line counter disagrees on \(copy.debugDescription)"
        )
    }
}

/// On any bytes, the line counter refuses exactly the bytes that are not UTF-8, and
/// what it counts is valid UTF-8 with the full analysis's line.
private func checkLineCounterOnRawBytes(_ bytes: [UInt8]) {
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        let (counted, output) = line.withUnsafeBufferPointer { SMSLineFuzzing.count($0) }
        let text = String(validating: line, as: UTF8.self)
        switch counted {
        case false:
            check(text == nil, "the line counter refused valid UTF-8: \(Array(line))")
            check(output.isEmpty, "the line counter wrote for bytes it refused")
        case true:
            guard let text else {
                check(false, "the line counter counted bytes that are not UTF-8: \(Array(line))")
                return
            }
            let analysis = SMSAnalysis(text)
            let expected = ([analysis.count.summary] + analysis.notes).joined(separator: "; ") + "\n"
            check(String(decoding: output, as: UTF8.self) == expected, "the line counter disagrees on \(Array(line))")
        }
    }
}
