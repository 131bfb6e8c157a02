import ImagePipeline
import ShareCore

/// The bytes of the card to upload: the file as shared when it is within the lexicon's image
/// limit, else re-encoded as JPEG at falling quality until it is.
struct BlueskyImageBytes: Sendable {
    /// The qualities tried, best first.
    static let qualities = [90, 80, 70, 60, 50, 40, 30]
    /// The largest card read to re-encode: 64 MiB.
    static let maximumSourceBytes = 64 << 20

    /// The bytes sent.
    var bytes: [UInt8]
    /// Their media type.
    var mimeType: String
    /// What the report should say when the card was re-encoded.
    var note: String?

    /// Reads `image`, re-encoding it when it is over `limit` bytes.
    ///
    /// - Throws: ``ShareError``: `contentRejected` (`over-limit`) when even the lowest quality is
    ///   over `limit`, or when the image can't be decoded to re-encode it; a read failure as the
    ///   attachment reports it.
    static func make(
        _ image: BlueskyPostPlan.Image,
        limit: Int = BlueskyEmbed.maximumImageBytes,
        destination: DestinationID
    ) throws(ShareError) -> BlueskyImageBytes {
        let data = try image.attachment.data(
            limit: maximumSourceBytes,
            rule: "sharevia's limit for a Bluesky image before it is re-encoded"
        )
        let original = [UInt8](data)
        guard original.count > limit else {
            return BlueskyImageBytes(bytes: original, mimeType: image.attachment.mimeType, note: nil)
        }
        let name = image.attachment.fileName
        let decoded: RGBAImage
        do {
            decoded = try ImageDecoder().decode(data: original)
        } catch {
            throw ShareError(
                .contentRejected,
                destination: destination,
                message: "\(name) is \(original.count) bytes, over Bluesky's \(limit)-byte image limit, "
                    + "and can't be decoded to re-encode it smaller: \(error)",
                detail: .init(.overLimit, value: String(limit), found: [String(original.count)]),
                underlying: error
            )
        }
        var smallest = original.count
        for quality in qualities {
            let jpeg: [UInt8]
            do {
                jpeg = try JPEGEncoder(quality: quality).encode(decoded)
            } catch {
                throw ShareError(
                    .contentRejected,
                    destination: destination,
                    message: "\(name) is \(original.count) bytes, over Bluesky's \(limit)-byte image limit, "
                        + "and can't be re-encoded as JPEG: \(error)",
                    detail: .init(.overLimit, value: String(limit), found: [String(original.count)]),
                    underlying: error
                )
            }
            smallest = min(smallest, jpeg.count)
            if jpeg.count <= limit {
                let note =
                    "\(name) was \(original.count) bytes, over Bluesky's \(limit)-byte image limit: "
                    + "re-encoded as JPEG at quality \(quality) (\(jpeg.count) bytes)"
                return BlueskyImageBytes(bytes: jpeg, mimeType: "image/jpeg", note: note)
            }
        }
        throw ShareError(
            .contentRejected,
            destination: destination,
            message: "\(name) is \(original.count) bytes, and even as a JPEG at quality \(qualities.last!) it is "
                + "\(smallest) bytes, over Bluesky's \(limit)-byte image limit; share a smaller image",
            detail: .init(.overLimit, value: String(limit), found: [String(smallest)])
        )
    }
}
