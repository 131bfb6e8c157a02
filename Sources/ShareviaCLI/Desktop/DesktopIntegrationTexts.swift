/// The text of each file `sharevia integrate desktop` installs, for one `sharevia` binary and the
/// destinations available when it runs. Every file carries ``marker``, which is how `--remove`
/// knows a file is sharevia's to remove.
struct DesktopIntegrationTexts {
    /// A destination the Dolphin menu offers.
    struct Destination: Equatable {
        var id: String
        var name: String
    }

    /// The line every file sharevia writes carries (a key in the desktop files, a comment in the script).
    static let marker = "X-Sharevia-Integration"
    /// The MIME types the entries are offered for.
    static let mimeTypes = "image/png;image/jpeg;image/gif;image/webp;text/plain;"
    /// The name people see in menus.
    static let label = "Share with sharevia"
    /// The icon, from the freedesktop Icon Naming Specification.
    static let icon = "document-send"

    /// The absolute path of the `sharevia` binary the commands run.
    var binary: String
    /// The destinations the Dolphin menu offers one action each for, in `sharevia destinations`' order.
    var destinations: [Destination]

    /// `applications/sharevia.desktop`: "Open With → Share with sharevia".
    var desktopEntry: String {
        """
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=\(Self.label)
        GenericName=Share
        Comment=Pick a destination and share the files, falling back so the share is never lost
        Exec=\(DesktopQuoting.execArgument(binary)) share --pick --notify %F
        Icon=\(Self.icon)
        Terminal=false
        MimeType=\(Self.mimeTypes)
        Categories=Utility;
        \(Self.marker)=desktop

        """
    }

    /// `kio/servicemenus/sharevia.desktop`: Dolphin's right-click submenu (KDE 6), with "Share…"
    /// then one action per destination.
    var serviceMenu: String {
        let exec = DesktopQuoting.execArgument(binary)
        var actions = ["pick"]
        var groups = """

            [Desktop Action pick]
            Name=Share…
            Icon=\(Self.icon)
            Exec=\(exec) share --pick --notify %F

            """
        for destination in destinations {
            let action = "to-" + destination.id
            actions.append(action)
            groups += """

                [Desktop Action \(action)]
                Name=Share to \(DesktopQuoting.stringValue(destination.name))
                Icon=\(Self.icon)
                Exec=\(exec) share --to \(destination.id) --notify %F

                """
        }
        return """
            [Desktop Entry]
            Type=Service
            X-KDE-ServiceTypes=KonqPopupMenu/Plugin
            MimeType=\(Self.mimeTypes)
            Actions=\(actions.joined(separator: ";"));
            X-KDE-Submenu=\(Self.label)
            Icon=\(Self.icon)
            \(Self.marker)=desktop

            """ + groups
    }

    /// `nautilus/scripts/Share with sharevia`: Nautilus passes the selected files' paths one a line
    /// in `NAUTILUS_SCRIPT_SELECTED_FILE_PATHS`.
    var nautilusScript: String {
        """
        #!/bin/sh
        # \(Self.label): written by 'sharevia integrate desktop', removed by 'sharevia integrate desktop --remove'.
        # \(Self.marker): desktop
        # Nautilus passes the selected files in NAUTILUS_SCRIPT_SELECTED_FILE_PATHS, one a line: split
        # on line breaks only, without expanding wildcards.
        set -f
        IFS='
        '
        # shellcheck disable=SC2086  # split on line breaks on purpose
        exec \(DesktopQuoting.shellWord(binary)) share --pick --notify $NAUTILUS_SCRIPT_SELECTED_FILE_PATHS

        """
    }

    /// sharevia's `<action>` in Thunar's `uca.xml`, in the layout Thunar writes, marked by its unique id.
    var thunarAction: String {
        """
        <action>
        \t<icon>\(Self.icon)</icon>
        \t<name>\(Self.label)</name>
        \t<submenu></submenu>
        \t<unique-id>\(ThunarActionsFile.uniqueID)</unique-id>
        \t<command>\(DesktopQuoting.xmlText(DesktopQuoting.thunarWord(binary))) share --pick --notify %F</command>
        \t<description>Pick a destination and share the selected files</description>
        \t<range></range>
        \t<patterns>*</patterns>
        \t<image-files/>
        \t<text-files/>
        </action>
        """
    }
}
