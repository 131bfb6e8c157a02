/// A place a share can go: Instagram Stories, X, email, the clipboard, a folder.
///
/// A destination is described by data (``descriptor``), reports whether it can deliver now
/// (``availability()``), shapes content without side effects (``prepare(_:)``) and delivers what
/// it prepared (``deliver(_:)``). The router calls them in that order.
///
/// ## The contract
/// A conforming type must:
/// - keep its configuration in its own stored properties: no global state, no process-wide
///   bootstrap, so two differently configured instances can live side by side;
/// - make ``prepare(_:)`` pure and deterministic: the same request gives the same
///   ``PreparedShare``, and nothing is written, sent or spawned;
/// - carry what ``prepare(_:)`` decided to ``deliver(_:)`` in a ``SharePlan`` of its own type, read
///   back with ``PreparedShare/plan(as:for:)``, never in strings that `deliver` parses back;
/// - refuse content it can't carry in ``prepare(_:)`` with ``ShareError/Code/contentRejected``,
///   so nothing happens before the router moves on;
/// - throw only ``ShareError`` from ``deliver(_:)``, choosing the code by what should happen next:
///   `transient` (worth retrying), `permanent` (move on), `unavailable` (move on), `cancelled`;
/// - check for cancellation before any side effect and stop promptly when cancelled;
/// - suspend rather than block in ``deliver(_:)``: blocking work (a `waitpid`, a blocking read)
///   runs on a thread of its own, since the caller's executor may be a single thread that also
///   serves the router's timeout;
/// - never put a secret (password, token) in a descriptor, availability reason, prepared share,
///   receipt or error message, and never print or log one.
///
/// `ShareCoreTesting`'s `DestinationConformance` checks these rules for any destination.
///
/// ## Example
/// ```swift
/// struct StdoutDestination: ShareDestination {
///     let descriptor = DestinationDescriptor(id: "stdout", displayName: "Standard output",
///                                            capabilities: [.text, .link, .hashtags])
///     func availability() async -> Availability { .available() }
///     func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
///         let text = request.content.plainText
///         guard !text.isEmpty else {
///             throw ShareError(.contentRejected, destination: "stdout", message: "nothing to print")
///         }
///         return PreparedShare(destination: "stdout", summary: "stdout: \(text.count) characters", text: text)
///     }
///     func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
///         print(prepared.text ?? "")
///         return DeliveryReceipt(destination: "stdout", summary: "printed")
///     }
/// }
/// ```
public protocol ShareDestination: Sendable {
    /// Identity, capabilities and limits, as data.
    var descriptor: DestinationDescriptor { get }

    /// Whether the destination can deliver now, with a reason a person can act on when not.
    ///
    /// Cheap and side-effect free: look at the environment and the PATH, don't send anything.
    func availability() async -> Availability

    /// Shapes the content for this destination and returns exactly what would be delivered.
    ///
    /// - Throws: ``ShareError`` with `contentRejected` when the content can't be shaped here,
    ///   or `badInput` when the request itself is wrong (an unreadable attachment).
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare

    /// Delivers a prepared share and returns a receipt.
    ///
    /// - Throws: ``ShareError``; the code tells the router whether to retry or move on.
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt
}

extension ShareAttachment {
    /// The path of a file's attachment, else its file name.
    fileprivate var pathOrName: String {
        if case .file(let path) = source { return path }
        return fileName
    }
}

extension ShareDestination {
    /// The destination's id.
    public var id: DestinationID { descriptor.id }

    /// Checks the content against ``DestinationDescriptor/capabilities`` and throws
    /// `contentRejected` when it has nothing this destination can carry, or an attachment an
    /// image-only destination can't take. Parts it can't carry next to parts it can (an image
    /// given to a text-only destination) are left for `prepare` to drop with a note.
    /// A helper for `prepare` implementations.
    public func requireSupported(_ content: ShareContent) throws(ShareError) {
        let caps = descriptor.capabilities
        let name = descriptor.displayName
        let hasText = !(content.text.isEmpty && (content.title ?? "").isEmpty)
        let carried =
            (caps.contains(.text) && hasText)
            || (caps.contains(.link) && !(content.link ?? "").isEmpty)
            || (caps.contains(.hashtags) && !content.hashtags.isEmpty)
            || (caps.contains(.files) && !content.attachments.isEmpty)
            || (caps.contains(.image) && !content.images.isEmpty)
        guard carried else {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "\(name) takes \(caps.names.joined(separator: ", ")), and this share has none of those",
                detail: .init(
                    .nothingCarried,
                    found: content.attachments.filter { $0.mimeType.hasPrefix("text/") }.map(\.pathOrName)
                )
            )
        }
        guard caps.contains(.image), !caps.contains(.files) else { return }
        let images = content.images
        if let other = content.attachments.first(where: { !$0.isImage }) {
            throw ShareError(
                .contentRejected,
                destination: id,
                message:
                    "\(name) takes images only, not \(other.fileName) (\(other.mimeType)); remove it or pick another destination"
            )
        }
        if images.count > 1 {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "\(name) takes one image; this share has \(images.count)"
            )
        }
        if let allowed = descriptor.imageConstraints?.mimeTypes,
            let bad = images.first(where: { !allowed.contains($0.mimeType) })
        {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "\(name) takes \(allowed.joined(separator: " or ")), not \(bad.mimeType) (\(bad.fileName))"
            )
        }
    }
}
