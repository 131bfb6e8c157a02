import ShareCore

/// The caps of what the outbox stores and reads back, so one share or a damaged database can't
/// grow the database or a reader's memory without bound. Each is checked when an item is queued
/// and again when its stored request is read.
package enum OutboxLimits {
    /// Bytes of one stored request (the JSON in `outbox_items.request`), checked before it is parsed.
    package static let requestBytes = 8 << 20
    /// Bytes of the text.
    package static let textBytes = 1 << 20
    /// Bytes of the title and of the link, each.
    package static let titleBytes = 16_384
    package static let linkBytes = 16_384
    /// Hashtags, and bytes of each.
    package static let hashtags = 256
    package static let hashtagBytes = 1_024
    /// Bytes of the content kind (`generic`, `achievement`, ...).
    package static let kindBytes = 64
    /// Flags (by long name), bytes of a name, values of all flags together, bytes of each value.
    package static let flags = 64
    package static let flagNameBytes = 64
    package static let flagValues = 256
    package static let flagValueBytes = 4_096
    /// Bytes of the config file's path.
    package static let configFileBytes = 4_096
    /// Destinations after the first in a queued share's chain.
    package static let fallbacks = 16
    /// Attachments of one item.
    package static let attachments = 32
    /// Bytes of one attachment: what sharevia holds in memory for one attachment (64 MiB).
    package static let attachmentBytes = ShareAttachment.memoryByteLimit
    /// Bytes of all attachments of one item together.
    package static let allAttachmentBytes = 256 << 20
    /// Bytes of an attachment's file name and of its media type, each.
    package static let fileNameBytes = 255
    package static let mediaTypeBytes = 255
    /// Bytes of an attachment's alt text.
    package static let altTextBytes = 16_384
    /// Bytes of the last error's words kept; longer words are cut at a character and end with `…`.
    package static let lastErrorBytes = 4_096
    /// Bytes of a stored receipt, encoded.
    package static let receiptBytes = HistoryLimits.receiptBytes
    /// Items one listing returns at most.
    package static let listedItems = 10_000
}
