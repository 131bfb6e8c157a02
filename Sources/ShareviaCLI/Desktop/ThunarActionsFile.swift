/// Adding sharevia's custom action to Thunar's `uca.xml` and taking it out again, as byte edits
/// that leave every other byte of the file as it was.
///
/// 1. The file is read with ``ThunarActionsDocument`` first; one that is not well-formed is refused.
/// 2. Adding: an `<action>` whose `<unique-id>` is ``uniqueID`` is replaced in place; without one,
///    sharevia's action and a line break go in just before `</actions>` (at the start of its line
///    when only white space precedes it there). A missing file becomes ``newFile`` with the action.
/// 3. Removing takes out each such action and the line break after it, which is exactly what
///    adding put in; a file left exactly as ``newFile`` (sharevia created it) is removed whole.
enum ThunarActionsFile {
    /// The unique id that marks sharevia's action.
    static let uniqueID = "sharevia-integrate-desktop"

    /// What sharevia writes when there is no uca.xml yet (before its action goes in).
    static let newFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Thunar's custom actions. Created by 'sharevia integrate desktop'; its remove option takes this \
        file away again while it holds no other action. -->
        <actions>
        </actions>

        """

    /// `existing` (nil: no file) with `action` in it, or nil when the file already holds exactly that.
    ///
    /// - Throws: ``ThunarActionsError`` when `existing` is not a well-formed uca.xml.
    static func adding(_ action: String, to existing: [UInt8]?) throws(ThunarActionsError) -> [UInt8]? {
        let bytes = existing ?? Array(newFile.utf8)
        let document = try ThunarActionsDocument.read(bytes)
        let ours = document.actions.filter { $0.uniqueID == uniqueID }
        let element = Array(action.utf8)
        guard let first = ours.first else {
            var insertAt = document.rootEnd
            var start = insertAt
            while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
                start -= 1
            }
            if start == 0 || bytes[start - 1] == UInt8(ascii: "\n") { insertAt = start }
            var result = bytes
            result.insert(contentsOf: element + [UInt8(ascii: "\n")], at: insertAt)
            return result
        }
        if ours.count == 1, Array(bytes[first.range]) == element { return existing == nil ? bytes : nil }
        // One of ours in place of the first; any others taken out (last first, so offsets hold).
        var result = bytes
        for extra in ours.dropFirst().reversed() { result.removeSubrange(withLineBreak(extra.range, in: bytes)) }
        result.replaceSubrange(first.range, with: element)
        return result
    }

    /// What removing sharevia's action from `bytes` leaves.
    enum Removal: Equatable {
        /// The file holds no action of sharevia's.
        case absent
        /// The file without sharevia's actions.
        case edited([UInt8])
        /// Only what sharevia created is left: remove the file.
        case removeFile
    }

    /// `bytes` without sharevia's actions.
    ///
    /// - Throws: ``ThunarActionsError`` when `bytes` is not a well-formed uca.xml.
    static func removing(from bytes: [UInt8]) throws(ThunarActionsError) -> Removal {
        let document = try ThunarActionsDocument.read(bytes)
        let ours = document.actions.filter { $0.uniqueID == uniqueID }
        guard !ours.isEmpty else { return .absent }
        var result = bytes
        for action in ours.reversed() { result.removeSubrange(withLineBreak(action.range, in: bytes)) }
        return result == Array(newFile.utf8) ? .removeFile : .edited(result)
    }

    /// `range` and the line feed right after it, if there is one.
    private static func withLineBreak(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        range.upperBound < bytes.count && bytes[range.upperBound] == UInt8(ascii: "\n")
            ? range.lowerBound..<(range.upperBound + 1) : range
    }
}
