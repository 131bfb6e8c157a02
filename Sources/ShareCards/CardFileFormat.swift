import ImagePipeline

/// The image format a card is written in, chosen by the output file's name: JPEG for `.jpg` and
/// `.jpeg`, PNG for `.png` and for a name without an extension.
package enum CardFileFormat: String, Sendable, Hashable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The JPEG quality cards are written at: text edges stay clean, and a story card is about a
    /// third of its PNG's size.
    package static let jpegQuality = 90

    /// The extensions each format is written for, lowercased and without the dot.
    package var extensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        }
    }

    /// The format `name` asks for, or nil when its extension names neither (`card.webp`).
    ///
    /// The extension is what follows the last dot of the last path component, in any case; a name
    /// without one (`card`, `.hidden`, `-`) gets PNG.
    package init?(fileName name: String) {
        let last = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else {
            self = .png
            return
        }
        let suffix = last[last.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.extensions.contains(suffix) }) else { return nil }
        self = format
    }

    /// What the refusal of a name says: the extensions that are written.
    package static var acceptedExtensions: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// The image's file bytes in this format: PNG with ImagePipeline's fast settings (see
    /// ``RenderedCard/png()``), JPEG at ``jpegQuality`` with libjpeg-turbo (loaded at the first JPEG).
    ///
    /// - Throws: ``CardError``: `libraryMissing` when libturbojpeg can't be loaded,
    ///   `renderFailed` when encoding fails.
    package func encode(_ image: RGBAImage) throws(CardError) -> [UInt8] {
        do {
            switch self {
            case .png: return try PNGEncoder(options: .fast).encode(image)
            case .jpeg: return try JPEGEncoder(quality: Self.jpegQuality).encode(image)
            }
        } catch let error as ImageError where error.code == .decodingUnsupported {
            throw CardError(.libraryMissing, error.message)
        } catch {
            throw CardError(.renderFailed, "encoding the card as \(rawValue) failed: \(error)")
        }
    }
}
