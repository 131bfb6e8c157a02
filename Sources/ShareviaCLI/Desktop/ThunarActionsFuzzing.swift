/// The uca.xml reader and merger on arbitrary bytes, for the `thunar-actions` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum ThunarActionsFuzzing {
    /// Reads `bytes` as Thunar's uca.xml and, when it is read, adds sharevia's action and takes it
    /// out again; returns how many actions it held, or nil when it was refused. Traps when a rule
    /// breaks:
    /// - a refusal names a line of the text (or 0, the whole file);
    /// - each action found lies inside the text, in order, and starts with `<action`;
    /// - the merged file reads again, with the user's actions byte for byte and one of sharevia's;
    /// - adding again changes nothing, and removing gives back the original bytes exactly (or
    ///   removes the file, when the original was sharevia's own new file).
    public static func merge(_ bytes: [UInt8]) -> Int? {
        let document: ThunarActionsDocument
        do throws(ThunarActionsError) {
            document = try ThunarActionsDocument.read(bytes)
        } catch {
            let lines = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            precondition(error.line >= 0 && error.line <= lines, "line \(error.line) of \(lines)")
            return nil
        }
        var end = 0
        for action in document.actions {
            precondition(action.range.lowerBound >= end && action.range.upperBound <= document.rootEnd)
            precondition(bytes[action.range].starts(with: Array("<action".utf8)))
            end = action.range.upperBound
        }
        let action = DesktopIntegrationTexts(binary: "/usr/bin/share via's %F", destinations: []).thunarAction
        let theirs = document.actions.filter { $0.uniqueID != ThunarActionsFile.uniqueID }.map {
            Array(bytes[$0.range])
        }
        let hadOurs = theirs.count != document.actions.count
        do throws(ThunarActionsError) {
            let merged = try ThunarActionsFile.adding(action, to: bytes) ?? bytes
            let again = try ThunarActionsDocument.read(merged)
            let kept = again.actions.filter { $0.uniqueID != ThunarActionsFile.uniqueID }.map {
                Array(merged[$0.range])
            }
            precondition(kept == theirs, "the user's actions changed")
            precondition(again.actions.count == theirs.count + 1, "not exactly one action of sharevia's")
            let twice = try ThunarActionsFile.adding(action, to: merged)
            precondition(twice == nil, "adding twice changed the file")
            if !hadOurs {
                let removal = try ThunarActionsFile.removing(from: merged)
                precondition(
                    removal == .edited(bytes)
                        || (removal == .removeFile && bytes == Array(ThunarActionsFile.newFile.utf8)),
                    "removing did not give back the original bytes"
                )
            }
        } catch {
            preconditionFailure("a file that was read could not be merged: \(error.description)")
        }
        return document.actions.count
    }
}
