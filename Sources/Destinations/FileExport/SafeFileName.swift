import ShareCore

/// Checks that a name is a plain file name that stays inside the output folder.
enum SafeFileName {
    /// - Throws: ``ShareError`` (`badInput`) naming the file and the rule it breaks.
    static func check(_ name: String) throws(ShareError) {
        func refuse(_ rule: String) -> ShareError {
            let shown = name.unicodeScalars.map {
                $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined()
            return ShareError(
                .badInput,
                destination: .file,
                message: "attachment name '\(shown)' \(rule); give the attachment a plain file name such as card.png"
            )
        }
        if name.isEmpty { throw refuse("is empty") }
        if name == "." || name == ".." { throw refuse("would escape the output folder") }
        if name.hasPrefix("/") { throw refuse("is an absolute path, which would escape the output folder") }
        if name.contains("/") { throw refuse("contains '/', which would escape the output folder") }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) { throw refuse("contains a NUL byte") }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw refuse("contains a control character")
        }
        if name.utf8.count > 200 { throw refuse("is longer than 200 bytes") }
        if name.hasPrefix(AtomicFolderWriter.temporaryPrefix) {
            throw refuse("uses the prefix sharevia reserves for temporary files")
        }
    }
}
