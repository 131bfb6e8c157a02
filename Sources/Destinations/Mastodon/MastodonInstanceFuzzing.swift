/// The Mastodon instance reader on arbitrary bytes, for the `mastodon-instance` fuzz target
/// (`Fuzz/`).
@_spi(Fuzzing)
public enum MastodonInstanceFuzzing {
    /// Reads `bytes` as `/api/v2/instance`'s answer: the broken invariants of what was read
    /// (empty when it holds), or the refusal as `field: message`.
    public static func read(_ bytes: [UInt8]) -> (refusal: String?, broken: [String]) {
        let limits: MastodonInstanceLimits
        do throws(MastodonAnswerError) {
            limits = try MastodonInstanceLimits.read(bytes)
        } catch {
            return (error.description, error.field.isEmpty ? ["a refusal without its field"] : [])
        }
        var broken: [String] = []
        if limits.maximumCharacters <= 0 { broken.append("max_characters \(limits.maximumCharacters)") }
        if limits.charactersPerURL < 0 { broken.append("characters_reserved_per_url \(limits.charactersPerURL)") }
        if limits.maximumMedia <= 0 { broken.append("max_media_attachments \(limits.maximumMedia)") }
        if limits.altTextLimit <= 0 { broken.append("description_limit \(limits.altTextLimit)") }
        if let size = limits.imageSizeLimit, size <= 0 { broken.append("image_size_limit \(size)") }
        if let types = limits.supportedMediaTypes {
            if types.count > MastodonInstanceLimits.maximumMediaTypes { broken.append("\(types.count) media types") }
            if !types.allSatisfy({ $0.contains("/") && $0 == $0.lowercased() }) { broken.append("a media type read") }
        }
        let profile = limits.version.map { $0 >= MastodonVersion.profileScope } ?? false
        if limits.hasProfileScope != profile || limits.postingScopes.count != 3 {
            broken.append("scopes disagree with the version")
        }
        return (nil, broken)
    }
}
