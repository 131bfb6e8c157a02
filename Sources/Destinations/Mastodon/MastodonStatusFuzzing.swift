/// The readers of Mastodon's media and status answers on arbitrary bytes, for the
/// `mastodon-status` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum MastodonStatusFuzzing {
    /// Reads `bytes` as `POST /api/v2/media`'s answer and as `POST /api/v1/statuses`'s: the
    /// broken invariants of what was read (empty when they hold), or each refusal as
    /// `field: message`.
    public static func read(_ bytes: [UInt8]) -> (refusals: [String], broken: [String]) {
        var refusals: [String] = []
        var broken: [String] = []
        func checkID(_ id: String) {
            let size = id.utf8.count
            if size == 0 || size > MastodonAnswers.maximumIDBytes { broken.append("an id of \(size) bytes") }
            if id.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == 0x2F }) {
                broken.append("an id read: \(id)")
            }
        }
        func checkLink(_ link: String) {
            if link.utf8.count > MastodonAnswers.maximumURLBytes { broken.append("a URL over the cap") }
            if !(link.lowercased().hasPrefix("https://") || link.lowercased().hasPrefix("http://")) {
                broken.append("a URL that is not http(s): \(link)")
            }
            if link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
                broken.append("a URL with a space or control character")
            }
        }
        do throws(MastodonAnswerError) {
            let media = try MastodonMediaAnswer.read(bytes)
            checkID(media.id)
            media.url.map(checkLink)
        } catch {
            refusals.append(error.description)
            if error.field.isEmpty { broken.append("a refusal without its field") }
        }
        do throws(MastodonAnswerError) {
            let status = try MastodonPostedStatus.read(bytes)
            checkID(status.id)
            checkLink(status.uri)
            status.url.map(checkLink)
        } catch {
            refusals.append(error.description)
            if error.field.isEmpty { broken.append("a refusal without its field") }
        }
        if bytes.count > MastodonAnswers.maximumAnswerBytes, refusals.count < 2 {
            broken.append("an answer over the cap was read")
        }
        return (refusals, broken)
    }
}
