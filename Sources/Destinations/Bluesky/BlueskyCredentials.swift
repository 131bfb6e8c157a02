import ShareCore

/// Bluesky's credential settings, and the session source they give.
///
/// Filled in by issue 25's session work: an app password from `SHAREVIA_BLUESKY_HANDLE` +
/// `SHAREVIA_BLUESKY_APP_PASSWORD` (or the config's references), else the account signed in with
/// `sharevia login bluesky`. Until then no source is found, and the destination hands off.
package enum BlueskyCredentials {
    /// Every setting of Bluesky's credentials, declared here only.
    package static let settings: [ShareSetting] = []

    /// The session source that `settings` and `environment` give for `server`, or nil when there
    /// are no credentials (the destination then hands off and says how to sign in).
    package static func source(
        reading settings: SettingsReader,
        problems: inout [SettingError],
        environment: ShareEnvironment,
        server: BlueskyServer
    ) -> (any BlueskySessionSource)? {
        nil
    }
}
