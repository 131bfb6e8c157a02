import Clipboard
import ProcessRunning
import Testing

/// The command lines each backend builds: checked without a display.
struct BackendCommandTests {
    @Test(arguments: ClipboardSelection.allCases)
    func xclipCopiesAFileToTheSelectionAsTheType(selection: ClipboardSelection) {
        let command = XclipClipboard().copyCommand(selection: selection, type: "image/png", path: "/tmp/a/card.png")
        #expect(command.executable == "xclip")
        #expect(command.arguments == ["-selection", selection.rawValue, "-t", "image/png", "-i", "/tmp/a/card.png"])
        #expect(command.standardInput == .none)
    }

    @Test func xclipNeverTakesAPathForAnOption() {
        let command = XclipClipboard().copyCommand(selection: .clipboard, type: "image/png", path: "-rf.png")
        #expect(command.arguments.last == "./-rf.png")
    }

    @Test func xclipListsTargetsAndReadsBackWithoutForking() {
        let backend = XclipClipboard()
        #expect(
            backend.listTypesCommand(selection: .primary)?.arguments == [
                "-selection", "primary", "-t", "TARGETS", "-o",
            ]
        )
        #expect(
            backend.pasteCommand(selection: .clipboard, type: "UTF8_STRING").arguments
                == ["-selection", "clipboard", "-t", "UTF8_STRING", "-o"]
        )
        #expect(backend.textType == "UTF8_STRING")
        #expect(backend.carriesImages)
    }

    @Test func wlCopyReadsTheFileOnStdinAndFlagsPrimary() {
        let backend = WlCopyClipboard()
        let clipboard = backend.copyCommand(selection: .clipboard, type: "image/png", path: "/tmp/card.png")
        #expect(clipboard.executable == "wl-copy")
        #expect(clipboard.arguments == ["--type", "image/png"])
        #expect(clipboard.standardInput == .file(path: "/tmp/card.png"))
        let primary = backend.copyCommand(selection: .primary, type: backend.textType, path: "/tmp/t")
        #expect(primary.arguments == ["--primary", "--type", "text/plain;charset=utf-8"])
    }

    @Test func wlPasteListsTypesAndReadsWithoutAddingANewline() {
        let backend = WlCopyClipboard()
        #expect(backend.listTypesCommand(selection: .clipboard)?.executable == "wl-paste")
        #expect(backend.listTypesCommand(selection: .primary)?.arguments == ["--primary", "--list-types"])
        #expect(
            backend.pasteCommand(selection: .clipboard, type: "image/jpeg").arguments
                == ["--no-newline", "--type", "image/jpeg"]
        )
    }

    @Test func xselIsTextOnlyAndCantListTypes() {
        let backend = XselClipboard()
        #expect(!backend.carriesImages)
        #expect(backend.listTypesCommand(selection: .clipboard) == nil)
        let copy = backend.copyCommand(selection: .primary, type: "UTF8_STRING", path: "/tmp/t")
        #expect(copy.arguments == ["--primary", "--logfile", "/dev/null", "--input"])
        #expect(copy.standardInput == .file(path: "/tmp/t"))
        #expect(copy.environment == ["HOME": "/"], "xsel exits at once without HOME")
        let paste = backend.pasteCommand(selection: .clipboard, type: "UTF8_STRING")
        #expect(paste.arguments == ["--clipboard", "--output"])
        #expect(paste.environment == ["HOME": "/"])
        #expect(
            XclipClipboard().copyCommand(selection: .clipboard, type: "UTF8_STRING", path: "/t").environment.isEmpty
        )
    }

    @Test(arguments: ClipboardBackendKind.allCases)
    func eachKindNamesItsPackageWhenMissing(kind: ClipboardBackendKind) {
        let expected = [
            "x11": "libxcb.so.1 not found (apt-get install libxcb1)",
            "xclip": "xclip not found (apt-get install xclip)",
            "wl-copy": "wl-copy not found (apt-get install wl-clipboard)",
            "xsel": "xsel not found (apt-get install xsel)",
        ]
        #expect(kind.notFoundReason() == expected[kind.rawValue])
        #expect(kind.tool?.kind ?? .x11 == kind)
    }
}
