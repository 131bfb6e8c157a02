import TextFitting

/// The rules of every network with a counter.
let fuzzRules: [TextRules] = [.x, .mastodon(), .bluesky, .threads]

/// `text-count`: every counter on any text (the input decoded as UTF-8, bad bytes replaced). A
/// count is never negative; X's full parse keeps its ranges inside the text (NFC may lengthen
/// it: U+0958 becomes two scalars); and fitting the text as a body keeps it within each limit.
@_cdecl("sharevia_fuzz_text_count")
public func fuzzTextCount(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(start, count), as: UTF8.self)
    checkCounts(text)
    for rules in fuzzRules {
        checkFits(TextFitter(rules: rules).fit(PostParts(body: text)), rules, hasLink: false)
    }
    return 0
}

/// The counters' promises on one text, for each of `networks` (the `text-count` target's, and
/// the every-scalar pass's): X's full parse keeps its ranges inside the text and never counts
/// below zero, and every counter measures a count of at least zero and the text's UTF-8 bytes.
func checkCounts(_ text: String, networks: [TextRules] = fuzzRules) {
    if networks.contains(where: { $0.name == "x" }) {
        let parsed = TwitterTextParser(configuration: .v3).parse(text)
        check(parsed.weightedLength >= 0, "x parsed a weighted length of \(parsed.weightedLength)")
        check(
            parsed.validRange.upperBound <= parsed.displayRange.upperBound,
            "x's valid range \(parsed.validRange) is past the text's \(parsed.displayRange)"
        )
    }
    for rules in networks {
        let measured = rules.measure(text)
        check(measured.count >= 0, "\(rules.name) counted \(measured.count)")
        check(measured.utf8Bytes == text.utf8.count, "\(rules.name) measured \(measured.utf8Bytes) bytes")
    }
}

/// `text-fit`: the fitter's promises. The input's first line is the link (kept only if it looks
/// like one), the second the hashtags (space separated), the rest the body. For every network:
/// the post fits unless even the link alone does not; a post that fits counts at most the limit,
/// its text is valid UTF-8 (a Swift `String`) made of whole scalars of the input, and a kept link
/// appears in it whole.
@_cdecl("sharevia_fuzz_text_fit")
public func fuzzTextFit(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = String(decoding: fuzzBytes(start, count), as: UTF8.self)
    let lines = input.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let link = lines.first.flatMap { $0.hasPrefix("https://") && !$0.contains(" ") ? $0 : nil }
    let hashtags = lines.count > 1 ? lines[1].split(separator: " ").map(String.init) : []
    let body = lines.count > 2 ? lines[2] : (link == nil ? input : "")
    for rules in fuzzRules {
        let post = TextFitter(rules: rules).fit(PostParts(body: body, link: link, hashtags: hashtags))
        checkFits(post, rules, hasLink: link != nil)
        guard post.fits else { continue }
        if let link, post.link != nil {
            check(post.text.contains(link), "\(rules.name): the link was cut")
        }
    }
    return 0
}

/// The fitter's promise: the post counts within the limit (and the byte limit), unless only the
/// link is left and it alone is too long.
func checkFits(_ post: FittedPost, _ rules: TextRules, hasLink: Bool) {
    let measured = rules.measure(post.text)
    check(measured.count >= 0, "\(rules.name): a fitted post counts \(measured.count)")
    check(measured == post.measurement, "\(rules.name): the fitted post's measurement is not its text's")
    guard post.fits else {
        check(hasLink && post.body.isEmpty, "\(rules.name): a post without a long link does not fit: \(post.summary)")
        return
    }
    check(measured.count <= rules.limit, "\(rules.name): a fitting post counts \(measured.count) > \(rules.limit)")
    if let maximum = rules.maximumUTF8Bytes {
        check(measured.utf8Bytes <= maximum, "\(rules.name): \(measured.utf8Bytes) bytes > \(maximum)")
    }
}
