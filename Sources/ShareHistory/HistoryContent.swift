/// What a share carried, kept in history only when asked (`--keep-content`,
/// `history.keep_content: true`): privacy by default.
package struct HistoryContent: Sendable, Hashable {
    /// One image as it was shared.
    package struct Image: Sendable, Hashable {
        /// Its media type, such as `image/png`.
        package var mediaType: String
        /// Its alt text, if it had one.
        package var altText: String?
        /// Its bytes.
        package var bytes: [UInt8]

        package init(mediaType: String, altText: String? = nil, bytes: [UInt8]) {
            self.mediaType = mediaType
            self.altText = altText
            self.bytes = bytes
        }
    }

    /// The share's text (with its link and hashtags, as it was shared).
    package var text: String?
    /// The share's images, in order.
    package var images: [Image]

    package init(text: String? = nil, images: [Image] = []) {
        self.text = text
        self.images = images
    }
}
