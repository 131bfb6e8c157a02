/// Where an account's token is kept.
package enum TokenLocation: String, Sendable, Hashable, Codable {
    /// The desktop keyring, through the freedesktop Secret Service (GNOME Keyring, KWallet,
    /// KeePassXC): an item with the attributes `service=sharevia`, `network` and `account`.
    case keyring
    /// An owner-only file (mode 0600) in the owner-only folder `tokens/` of the state folder,
    /// used when no Secret Service answered at sign-in.
    case file
}
