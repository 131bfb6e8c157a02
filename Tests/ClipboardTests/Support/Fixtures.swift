import Foundation
import ShareCore
import TestSupport

/// Content used across the clipboard tests.
enum Fixtures {
    /// Emoji (with a ZWJ sequence and a flag), CJK, an RTL word, newlines, a tab, trailing newline.
    static let tricky = "7-day streak 🔥👩‍👩‍👧🇯🇵\n七日連続達成！한국어 العربية\n\tindented line\n\n"

    static let png = Data(PNGBytes.randomRGBFile(width: 64, height: 48, seed: 7))

    static func image(_ data: Data = png, name: String = "card.png") -> ShareAttachment {
        .bytes(data, mimeType: "image/png", fileName: name)
    }

    /// A destination environment whose PATH holds stand-ins for `tools` in `bin`.
    static func environment(
        bin: TemporaryFolder,
        tools: [String] = ["xclip"],
        display: String = ":0"
    ) throws -> ShareEnvironment {
        try bin.fakeExecutables(tools)
        return ShareEnvironment(["DISPLAY": display, "PATH": bin.path, "TMPDIR": bin.path])
    }
}
