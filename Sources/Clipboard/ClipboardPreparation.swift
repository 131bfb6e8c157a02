import ShareCore

/// Shapes a share into a ``ClipboardPlan`` and the prepared share that carries it. Pure.
///
/// The layout:
/// - an image and text: the image goes to the chosen selection (CLIPBOARD by default, so Ctrl+V
///   pastes the card) and the text to the other one (PRIMARY, pasted with a middle click). One
///   X11 owner can serve only one set of bytes per selection, and an image viewer or chat app
///   asked for text would otherwise get nothing: this way neither is lost;
/// - only an image, or only text: it goes to the chosen selection, the other is left alone;
/// - a text-only tool (xsel) with an image and text copies the text and notes the image was left
///   out; with only an image it refuses with `contentRejected`, so the router moves on.
enum ClipboardPreparation {
    static func prepare(
        _ request: ShareRequest,
        configuration: ClipboardDestination.Configuration,
        resolution: ClipboardBackendResolution
    ) throws(ShareError) -> PreparedShare {
        let selection = configuration.selection
        let verify = configuration.verify
        let backend = resolution.kind
        let content = request.content
        let text = content.plainText
        let image = content.images.first
        var notes: [String] = []
        var items: [ClipboardPlan.Item] = []
        var copiedImage: ShareAttachment?

        if let image, backend.carriesImages {
            items.append(.init(selection: selection, type: image.mimeType, source: .attachment))
            copiedImage = image
            if !text.isEmpty { items.append(.init(selection: selection.other, type: backend.textType, source: .text)) }
        } else if let image {
            guard !text.isEmpty else {
                throw ShareError(
                    .contentRejected,
                    destination: .clipboard,
                    message:
                        "\(resolution.kind) can only copy text, and this share is only an image (\(image.fileName)); apt-get install xclip to copy images"
                )
            }
            notes.append(
                "left out \(image.fileName): \(resolution.kind) can only copy text (apt-get install xclip to copy images)"
            )
            items.append(.init(selection: selection, type: backend.textType, source: .text))
        } else {
            items.append(.init(selection: selection, type: backend.textType, source: .text))
        }

        let plan = ClipboardPlan(backend: resolution.kind, verify: verify, items: items)
        let copiesText = items.contains { $0.source == .text }
        let layout = plan.describe(
            imageName: copiedImage?.fileName,
            textBytes: copiesText ? text.utf8.count : 0,
            server: resolution.server
        )
        return PreparedShare(
            destination: .clipboard,
            // `clipboard: card.png (image/png) to CLIPBOARD, text (42 bytes) to PRIMARY, with xclip on :0, verified`.
            summary: "clipboard: \(layout), \(verify ? "verified" : "not verified")",
            text: copiesText ? text : nil,
            attachments: copiedImage.map { [$0] } ?? [],
            plan: plan,
            notes: notes
        )
    }
}
