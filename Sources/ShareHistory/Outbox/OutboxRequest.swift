import ShareCore

/// What the outbox needs to deliver a share again, in a later run, to the destination that
/// failed: the content (its attachments copied, so the item survives the source file moving),
/// the share's options (the same ``ShareID``, so a resend carries the same idempotency key, record
/// key or Message-ID), and the settings the share was made with.
///
/// Stored as JSON in `outbox_items.request`, the attachments' bytes in `outbox_attachments`.
/// Read back by ``OutboxRequest/init(decoding:attachments:)``, a parser with a fuzz target.
package struct OutboxRequest: Sendable, Hashable {
    /// The content, attachments included (as ``ShareAttachment/Source/bytes``).
    package var content: ShareContent
    /// The share's options: its id, `--thread`, `--require-alt`.
    package var options: ShareOptions
    /// The destination flags the share was given (`--mastodon-instance`, `--email-to`, ...), by
    /// long name without dashes; never a secret (secrets come from the keyring, the environment
    /// or the config file, and are read again when the item is sent).
    package var flags: [String: [String]]
    /// `--config`, when the share named a config file.
    package var configFile: String?
    /// The rest of the share's chain: when the item fails for good, the share is queued for the first of these
    /// (with the others after it). Empty for a share the outbox queued after the router fell back already.
    package var fallbacks: [DestinationID]

    package init(
        content: ShareContent,
        options: ShareOptions,
        flags: [String: [String]] = [:],
        configFile: String? = nil,
        fallbacks: [DestinationID] = []
    ) {
        self.content = content
        self.options = options
        self.flags = flags
        self.configFile = configFile
        self.fallbacks = fallbacks
    }
}
