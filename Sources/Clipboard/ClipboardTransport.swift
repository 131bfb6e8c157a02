import ShareCore

/// Puts a plan's items on the selections and reads them back: through a command-line tool
/// (``ToolClipboardTransport``) or sharevia's own X11 client (``X11ClipboardTransport``).
///
/// Every failure is a ``ShareError`` whose code tells the router what to do: a missing tool or
/// library is `unavailable`; a timeout, a failed copy or a failed read is `transient`;
/// cancellation is `cancelled`.
protocol ClipboardTransport: Sendable {
    /// Copies every entry, each to its selection as its type.
    func copy(_ entries: [ClipboardEntry]) async throws(ShareError)

    /// Reads `selection` back as `type`, up to `maxBytes` bytes and one more (so a longer content
    /// shows as different).
    ///
    /// - Returns: The bytes, or a failure worth another look (the new owner may not be in
    ///   place yet).
    /// - Throws: ``ShareError`` for failures a repeat won't cure: timeouts, cancellation, a
    ///   missing tool.
    func read(
        _ selection: ClipboardSelection,
        as type: String,
        maxBytes: Int
    ) async throws(ShareError) -> Result<[UInt8], ShareError>

    /// The types `selection` offers, or nil when they can't be listed.
    func offeredTypes(_ selection: ClipboardSelection) async -> [String]?
}

/// One copy: an item of the plan and its bytes.
struct ClipboardEntry: Sendable {
    var item: ClipboardPlan.Item
    var payload: ClipboardPayload
}

/// One item's bytes: a file a tool can read directly, or bytes in memory.
enum ClipboardPayload: Sendable {
    /// The attachment's own file, passed as it is; `attachment` reads it.
    case file(path: String, attachment: ShareAttachment)
    case bytes([UInt8])

    /// The bytes; reads a file payload.
    func contents() throws(ShareError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .file(_, let attachment): Array(try attachment.data())
        }
    }
}
