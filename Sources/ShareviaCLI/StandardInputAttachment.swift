import ArgumentParser
import LocalFiles
import ShareCore

/// `-` among a share's files: the attachment read from standard input
/// (`flameshot gui --raw | sharevia --to bluesky - --text "…"`). Standard input can be read once,
/// so `-` is refused twice, and beside `--text -` or `--card -`. A file named `-` is `./-`.
enum StandardInputAttachment {
    /// The word that stands for standard input.
    static let word = "-"

    /// Refuses a command line on which more than one thing reads standard input.
    ///
    /// - Throws: `ValidationError` saying which two, and what to do instead.
    static func check(files: [String], text: String?, card: String?) throws {
        let count = files.filter { $0 == word }.count
        guard count > 0 else { return }
        if count > 1 {
            throw ValidationError(
                "'-' is given \(count) times, but standard input holds one file; pipe one in, and name the others (a file named '-' is ./-)"
            )
        }
        if text == word {
            throw ValidationError(
                "the file '-' and --text - both want standard input; give the text as --text \"…\" (or the file by its name)"
            )
        }
        if card == word {
            throw ValidationError(
                "the file '-' and --card - both want standard input; give the card spec as a file (or the image by its name)"
            )
        }
    }

    /// The attachment on standard input, or a usage failure that says what to do.
    ///
    /// - Throws: ``CommandFailure`` (usage) when standard input is a terminal, empty, unreadable
    ///   or over its limit.
    static func read() throws -> ShareAttachment {
        do throws(ShareError) {
            return try ShareAttachment.standardInput()
        } catch {
            throw usageFailure(
                "'-': \(error.message); pipe the file in (such as flameshot gui --raw | sharevia --to file -), "
                    + "or name the file instead of '-'"
            )
        }
    }
}
