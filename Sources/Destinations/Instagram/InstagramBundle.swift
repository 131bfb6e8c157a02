import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The hand-off bundle: the image, `NAME.instagram.plist` (the iOS pasteboard item, binary) and
/// `NAME.instagram.json` (the same payload for React Native and Flutter bridges, with the iOS URL,
/// the Android intent and the `adb` line), written atomically into the share folder.
struct InstagramBundle {
    var handOff: InstagramHandOff

    /// What was written.
    struct Written {
        var paths: [String]
        var imagePath: String
        var plistName: String
        var jsonName: String
    }

    /// The JSON payload.
    struct Payload: Encodable {
        struct AndroidIntent: Encodable {
            var action = InstagramHandOff.action
            var package = InstagramHandOff.package
            var type: String
            var extras: [String: String]
        }
        var sourceApplication: String
        var layer: String
        var image: String
        var mimeType: String
        var backgroundTopColor: String?
        var backgroundBottomColor: String?
        var contentURL: String?
        var linkURL: String?
        var linkText: String?
        var iosURL: String
        var pasteboardItem: String
        var pasteboardExpirationSeconds = InstagramPasteboardItem.expirationSeconds
        var androidIntent: AndroidIntent
        var androidShell: String
    }

    func write(into folder: String) throws(ShareError) -> Written {
        let image = handOff.layout.image
        let stem = image.fileName.split(separator: ".").dropLast().joined(separator: ".")
        let base = stem.isEmpty ? image.fileName : stem
        let plist: Data
        do {
            plist = try handOff.pasteboardItem().binaryPropertyList()
        } catch let error as ShareError {
            throw error
        } catch {
            throw ShareError(
                .permanent,
                destination: .instagram,
                message: "encoding the pasteboard item failed: \(error)"
            )
        }
        let imageFile: ExportPlan.File
        switch image.source {
        case .bytes(let data): imageFile = .init(name: image.fileName, bytes: .data(data))
        case .file: imageFile = .init(name: image.fileName, bytes: .attachment(image))
        }
        let files = [imageFile, ExportPlan.File(name: "\(base).instagram.plist", bytes: .data(plist))]
        let handOff = handOff
        let written = try AtomicFolderWriter(directory: folder, destination: .instagram).write(
            files,
            manifest: (
                name: "\(base).instagram.json",
                build: { names in
                    Self.json(handOff, imageName: names.first ?? image.fileName, plistName: names.last ?? "")
                }
            )
        )
        let names = written.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        return Written(paths: written, imagePath: written[0], plistName: names[1], jsonName: names[2])
    }

    static func json(_ handOff: InstagramHandOff, imageName: String, plistName: String) -> Data {
        let item = try? handOff.pasteboardItem()
        let payload = Payload(
            sourceApplication: handOff.appID,
            layer: handOff.layout.layer.rawValue,
            image: imageName,
            mimeType: handOff.layout.image.mimeType,
            backgroundTopColor: item?.backgroundTopColor,
            backgroundBottomColor: item?.backgroundBottomColor,
            contentURL: item?.contentURL,
            linkURL: item?.linkURL,
            linkText: item?.linkText,
            iosURL: InstagramHandOff.iosURL(appID: handOff.appID),
            pasteboardItem: plistName,
            androidIntent: .init(
                type: handOff.layout.image.mimeType,
                extras: Dictionary(handOff.extras, uniquingKeysWith: { first, _ in first })
            ),
            androidShell: handOff.androidShellLine(imageFile: imageName)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(payload)) ?? Data()) + Data("\n".utf8)
    }
}
