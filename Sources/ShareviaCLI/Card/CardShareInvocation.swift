import ShareCards
import ShareCore

/// `sharevia --to DEST --card SPEC`: the share's content from a card spec plus the command line.
enum CardShareInvocation {
    /// The spec's content: its share text unless `--text` was given, the command line's link,
    /// hashtags and files added, and the card drawn per destination by the router, with the alt
    /// text written from the spec unless `altText` (the first `--alt`) replaces it.
    ///
    /// - Throws: ``CommandFailure`` (printed) when the spec can't be read or is invalid.
    static func content(
        spec path: String,
        adding given: ShareContent,
        textGiven: Bool,
        altText: String? = nil,
        pipeWait: Duration = CardSpecFile.defaultPipeWait
    ) throws -> CardShareContent {
        let spec = try CardSpecFile.load(path, pipeWait: pipeWait)
        return CardShareContent(
            spec: spec,
            title: given.title,
            text: textGiven ? given.text : nil,
            link: given.link,
            hashtags: given.hashtags,
            attachments: given.attachments,
            cardAltText: altText
        )
    }
}
