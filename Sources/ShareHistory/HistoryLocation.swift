import Accounts
import ShareCore

/// Where the history database lives: `$XDG_STATE_HOME/sharevia/sharevia.sqlite`, else
/// `~/.local/state/sharevia/sharevia.sqlite` (the state folder the accounts file shares).
package enum HistoryLocation {
    /// The database file's name in the state folder.
    package static let fileName = "sharevia.sqlite"

    /// The database's path, or nil when neither `XDG_STATE_HOME` nor `HOME` is an absolute path.
    package static func path(environment: ShareEnvironment) -> String? {
        StateFolder.path(environment: environment).map { $0 + "/" + fileName }
    }
}
