import ArgumentParser
import ShareCore

/// `--alt TEXT`, repeated: alt text for the share's images, in order, the card first.
///
/// The first `--alt` describes the first image of the share: the card when `--card` is given
/// (replacing the alt text written from its spec), else the first image file among the arguments;
/// the second describes the next image, and so on. Files that are not images are skipped. An image
/// with no `--alt` of its own has no alt text, unless it is the card: never its file name.
enum ShareAltTexts {
    /// The longest alt text taken, in characters (Unicode code points, as Mastodon counts its
    /// `description`): 1,500, Mastodon's default limit. Bluesky's `alt` has no tighter one. A
    /// server configured lower refuses it with its own message.
    static let maximumLength = ShareOptions.Settings.maximumAltTextLength

    /// ``maximumLength`` as `--help` and errors write it.
    static let maximumLengthWords = "1,500"

    /// Checks one `--alt` value: not blank, at most ``maximumLength`` characters, no control
    /// characters but line breaks and tabs.
    ///
    /// - Throws: `ValidationError` saying which rule the text breaks and what to do.
    static func check(_ text: String, position: Int) throws {
        let name = position == 1 ? "--alt" : "--alt (\(ordinal(position)))"
        if text.allSatisfy(\.isWhitespace) {
            throw ValidationError("\(name) is empty; describe what the image shows, or leave --alt out")
        }
        let length = text.unicodeScalars.count
        if length > maximumLength {
            throw ValidationError(
                "\(name) is \(length) characters long; alt text may have at most \(maximumLengthWords) "
                    + "(Mastodon's limit; Bluesky's is no tighter): shorten it"
            )
        }
        if let control = text.unicodeScalars.first(where: isRefusedControl) {
            let hex = String(control.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw ValidationError(
                "\(name) contains the control character U+\(code); alt text may hold line breaks and tabs, "
                    + "but no other control characters"
            )
        }
    }

    /// `attachments` with the `--alt` values after the card's (the first, when `hasCard`) set on
    /// their images, in order.
    ///
    /// - Returns: The attachments, and the card's alt text when `hasCard` and one was given.
    /// - Throws: `ValidationError` (``refusal(_:images:hasCard:)``) when there are more `--alt`
    ///   values than images.
    static func assign(
        _ alts: [String],
        to attachments: [ShareAttachment],
        hasCard: Bool
    ) throws -> (attachments: [ShareAttachment], cardAltText: String?) {
        guard !alts.isEmpty else { return (attachments, nil) }
        let imageIndices = attachments.indices.filter { attachments[$0].isImage }
        if let refusal = refusal(alts, images: imageIndices.map { attachments[$0].fileName }, hasCard: hasCard) {
            throw ValidationError(refusal)
        }
        var described = attachments
        let forFiles = hasCard ? alts.dropFirst() : alts[...]
        for (index, text) in zip(imageIndices, forFiles) { described[index].altText = text }
        return (described, hasCard ? alts.first : nil)
    }

    /// Why `alts` can't describe a share's images (the files named `images`, after the card when
    /// `hasCard`): there are more of them than images. Nil when they can.
    static func refusal(_ alts: [String], images: [String], hasCard: Bool) -> String? {
        let names = (hasCard ? ["the card"] : []) + images
        guard alts.count > names.count else { return nil }
        if names.isEmpty {
            return "--alt describes an image, but this share has none; attach an image file or draw one with --card"
        }
        return "--alt is given \(alts.count) times, but the share has \(names.count) "
            + (names.count == 1 ? "image" : "images") + " (\(names.joined(separator: ", "))); "
            + "give one --alt per image, in order"
    }

    /// Control characters refused in alt text: every one but tab, line feed and carriage return.
    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
    }

    private static func ordinal(_ number: Int) -> String {
        switch number % 100 {
        case 11, 12, 13: return "\(number)th"
        default: break
        }
        switch number % 10 {
        case 1: return "\(number)st"
        case 2: return "\(number)nd"
        case 3: return "\(number)rd"
        default: return "\(number)th"
        }
    }
}
