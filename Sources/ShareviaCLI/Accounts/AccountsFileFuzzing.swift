import Accounts

/// The accounts file reader on arbitrary bytes, for the `accounts-file` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum AccountsFileFuzzing {
    /// Reads `bytes` as an accounts file; returns how many accounts it held, or nil when it was
    /// refused. A refusal is a `damaged` error naming the file; what is read is written back and
    /// read again to the same accounts, every one of them valid.
    public static func parse(_ bytes: [UInt8]) -> Int? {
        let path = "/fuzz/accounts.json"
        do {
            let accounts = try AccountsFile.parse(bytes, path: path)
            let again = try AccountsFile.parse(AccountsFile.encode(accounts), path: path)
            precondition(again == accounts, "written and read back differently: \(accounts) \(again)")
            for account in accounts { _ = try account.validated() }
            return accounts.count
        } catch {
            precondition(
                error.code == .damaged && error.message.hasPrefix("the accounts file \(path) is damaged: "),
                "refused with \(error.code): \(error.message)"
            )
            return nil
        }
    }
}
