import Clipboard
import ShareCore

/// Settings for the built-in destinations that come from the caller (command-line flags, later a
/// config file) rather than the environment: one typed field per destination that has settings.
///
/// A field left nil means "read the environment" (`SHAREVIA_*`), then the destination's default.
public struct DestinationSettings: Sendable, Hashable {
    /// The Mastodon server, overriding `SHAREVIA_MASTODON_INSTANCE`.
    public var mastodonInstance: String?
    /// The folder the file export (and any destination that leaves files) writes into, an
    /// absolute path; nil for ``FileExportDestination/defaultDirectory(environment:)``.
    public var outputDirectory: String?
    /// How the clipboard copies: selection, read-back, backend (`.automatic` reads
    /// `SHAREVIA_CLIPBOARD_BACKEND`).
    public var clipboard: ClipboardDestination.Configuration
    /// Instagram Stories: app id (else `SHAREVIA_INSTAGRAM_APP_ID`), layer, colours, device; its
    /// bundle goes to ``outputDirectory`` unless it names a folder of its own.
    public var instagram: InstagramDestination.Configuration
    /// How plugins run: timeouts, their settings and secrets.
    public var plugins: PluginSettings
    /// The plugins found and described for this share; each becomes a destination.
    public var pluginCatalog: PluginCatalog
    /// SMS: recipients, KDE Connect device, smart encoding, segment limit (else `SHAREVIA_SMS_*`).
    public var sms: SMSDestination.Configuration
    /// Email: SMTP server, addresses, subject, TLS (nil settings read `SHAREVIA_SMTP_*`); a draft
    /// goes to ``outputDirectory`` unless it names a folder of its own.
    public var email: EmailDestination.Configuration

    /// Settings that leave every destination to the environment and its defaults.
    public init(
        mastodonInstance: String? = nil,
        outputDirectory: String? = nil,
        clipboard: ClipboardDestination.Configuration = ClipboardDestination.Configuration(),
        instagram: InstagramDestination.Configuration = InstagramDestination.Configuration(),
        plugins: PluginSettings = PluginSettings(),
        pluginCatalog: PluginCatalog = PluginCatalog(),
        sms: SMSDestination.Configuration = SMSDestination.Configuration(),
        email: EmailDestination.Configuration = EmailDestination.Configuration()
    ) {
        self.mastodonInstance = mastodonInstance
        self.outputDirectory = outputDirectory
        self.clipboard = clipboard
        self.instagram = instagram
        self.plugins = plugins
        self.pluginCatalog = pluginCatalog
        self.sms = sms
        self.email = email
    }
}
