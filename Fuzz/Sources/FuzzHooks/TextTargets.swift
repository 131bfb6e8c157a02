import TextFitting

/// The rules of every network with a counter.
let fuzzRules: [TextRules] = [.x, .mastodon(), .bluesky, .threads]

/// `text-count`: every counter on any text (the input decoded as UTF-8, bad bytes replaced). A
/// count is never negative, and a text counts at most its scalars times 23 (a URL's weight).
@_cdecl("sharevia_fuzz_text_count")
public func fuzzTextCount(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(start, count), as: UTF8.self)
    for rules in fuzzRules {
        let measured = rules.measure(text)
        check(measured.count >= 0, "\(rules.name) counted \(measured.count)")
        check(measured.utf8Bytes == text.utf8.count, "\(rules.name) measured \(measured.utf8Bytes) bytes")
    }
    return 0
}

/// `text-fit`: the fitter's promises. The input's first line is the link (kept only if it looks
/// like one), the second the hashtags (space separated), the rest the body. For every network:
/// a post that fits counts at most the limit, its text is valid UTF-8 (a Swift `String`) made of
/// whole scalars of the input, and a kept link appears in it whole.
@_cdecl("sharevia_fuzz_text_fit")
public func fuzzTextFit(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = String(decoding: fuzzBytes(start, count), as: UTF8.self)
    let lines = input.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let link = lines.first.flatMap { $0.hasPrefix("https://") && !$0.contains(" ") ? $0 : nil }
    let hashtags = lines.count > 1 ? lines[1].split(separator: " ").map(String.init) : []
    let body = lines.count > 2 ? lines[2] : (link == nil ? input : "")
    for rules in fuzzRules {
        let post = TextFitter(rules: rules).fit(PostParts(body: body, link: link, hashtags: hashtags))
        guard post.fits else { continue }
        let measured = rules.measure(post.text)
        check(measured.count <= rules.limit, "\(rules.name): a fitting post counts \(measured.count) > \(rules.limit)")
        if let maximum = rules.maximumUTF8Bytes {
            check(measured.utf8Bytes <= maximum, "\(rules.name): \(measured.utf8Bytes) bytes > \(maximum)")
        }
        if let link, post.link != nil {
            check(post.text.contains(link), "\(rules.name): the link was cut")
        }
    }
    return 0
}
