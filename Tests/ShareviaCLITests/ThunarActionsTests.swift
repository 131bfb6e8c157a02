import Foundation
import TestSupport
import Testing

@_spi(Fuzzing) @testable import ShareviaCLI

/// The uca.xml reader and merger behind `sharevia integrate desktop`, and the quoting of the
/// commands it writes, in process.
@Suite struct ThunarActionsTests {
    @Test(arguments: [
        ("<actions></actions>", 0),
        ("\u{FEFF}<?xml version='1.0'?><!-- c --><actions><action/><action a=\"&lt;\"></action></actions><?x y?>\n", 2),
        ("<actions><action><unique-id><![CDATA[sharevia-integrate-desktop]]></unique-id></action></actions>", 1),
        ("<actions>\r\n<action><name>&#x26;&#38;&amp;</name></action>\r\n</actions>\r\n", 1),
    ])
    func wellFormedFilesAreRead(text: String, actions: Int) throws {
        let document = try ThunarActionsDocument.read(Array(text.utf8))
        #expect(document.actions.count == actions)
    }

    @Test(arguments: [
        ("", "there is no root element"),
        ("<action></action>", "the root element is <action>, not <actions>"),
        ("<actions>", "<actions> is never closed"),
        ("<actions><a></b></actions>", "the end tag </b> closes <a>"),
        ("<actions></actions><actions></actions>", "there is more after the root element"),
        ("<actions><a x='1' x='2'/></actions>", "the attribute x twice"),
        ("<actions><a x=1/></actions>", "not in quotes"),
        ("<actions>&nbsp;</actions>", "&nbsp; is not one of XML's entities"),
        ("<actions>&#0;</actions>", "&#0; is not a character XML allows"),
        ("<actions>&#+38;</actions>", "&#+38; is not one of XML's entities"),
        ("<actions><!-- a -- b --></actions>", "a comment holds --"),
        ("<actions><![CDATA[x</actions>", "never closed with ]]>"),
        ("<!DOCTYPE actions><actions></actions>", "<!DOCTYPE>"),
        ("<actions>\u{1}</actions>", "the control character 1"),
        ("<actions>]]></actions>", "]]> outside a CDATA section"),
        ("<actions></actions><?xml version='1.0'?>", "not at the start of the file"),
    ])
    func malformedFilesAreRefusedWithTheRule(text: String, problem: String) {
        #expect(throws: ThunarActionsError.self) { try ThunarActionsDocument.read(Array(text.utf8)) }
        do {
            _ = try ThunarActionsDocument.read(Array(text.utf8))
        } catch {
            #expect(error.problem.contains(problem), "\(error.description)")
        }
    }

    @Test func notUTF8AndTooLargeAreRefused() {
        #expect(throws: ThunarActionsError.self) { try ThunarActionsDocument.read([0x3C, 0xFF, 0x3E]) }
        let big =
            Array("<actions>".utf8) + Array(repeating: 0x20, count: ThunarActionsDocument.byteLimit)
            + Array("</actions>".utf8)
        #expect(throws: ThunarActionsError.self) { try ThunarActionsDocument.read(big) }
    }

    @Test func deepNestingIsRefused() {
        let depth = ThunarActionsDocument.depthLimit + 1
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: ThunarActionsError.self) {
            try ThunarActionsDocument.read(Array(("<actions>" + text + "</actions>").utf8))
        }
    }

    /// Adding goes in before `</actions>` at the start of its line, and removing gives the bytes back.
    @Test(arguments: [
        "<actions>\n  <action/>\n  </actions>\n", "<actions><action/></actions>", "<actions>\r\n</actions>",
    ])
    func addingThenRemovingGivesTheBytesBack(text: String) throws {
        let bytes = Array(text.utf8)
        let ours = "<action><unique-id>\(ThunarActionsFile.uniqueID)</unique-id></action>"
        let merged = try #require(try ThunarActionsFile.adding(ours, to: bytes))
        #expect(try ThunarActionsFile.adding(ours, to: merged) == nil)
        #expect(try ThunarActionsFile.removing(from: merged) == .edited(bytes))
        #expect(try ThunarActionsFile.removing(from: bytes) == .absent)
    }

    @Test func aFileShareviaCreatedIsRemovedWhole() throws {
        let texts = DesktopIntegrationTexts(binary: "/usr/bin/sharevia", destinations: [])
        let created = try #require(try ThunarActionsFile.adding(texts.thunarAction, to: nil))
        #expect(try ThunarActionsFile.removing(from: created) == .removeFile)
    }

    @Test func theFuzzHookReadsItsSeeds() throws {
        let seeds = "\(PackageRoot.path)/Fuzz/seeds/thunar-actions"
        let expected = ["two-actions.xml": 2, "empty.xml": 0, "crlf-bom.xml": 1, "ours-inline.xml": 2]
        for (name, count) in expected {
            let bytes = try #require(FileManager.default.contents(atPath: "\(seeds)/\(name)"))
            #expect(ThunarActionsFuzzing.merge(Array(bytes)) == count, "\(name)")
        }
        let malformed = try #require(FileManager.default.contents(atPath: "\(seeds)/malformed.xml"))
        #expect(ThunarActionsFuzzing.merge(Array(malformed)) == nil)
    }

    @Test func commandsAreQuotedForEachPlace() {
        let path = #"/opt/my apps/a"b$c`d\e%f's"#
        #expect(DesktopQuoting.execArgument(path) == #""/opt/my apps/a\\"b\\$c\\`d\\\\e%%f's""#)
        #expect(DesktopQuoting.shellWord(path) == #"'/opt/my apps/a"b$c`d\e%f'\''s'"#)
        #expect(DesktopQuoting.thunarWord("/a%b") == "'/a%%b'")
        #expect(DesktopQuoting.xmlText("a<b&c>") == "a&lt;b&amp;c&gt;")
        #expect(DesktopQuoting.stringValue("a\nb\\") == #"a\nb\\"#)
    }
}
