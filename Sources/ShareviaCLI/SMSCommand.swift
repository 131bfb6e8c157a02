import ArgumentParser
import TextFitting

/// `sharevia sms`: SMS tools; `count` tells what a message costs.
struct SMSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sms",
        abstract: "Count SMS segments as carriers bill them (GSM-7 or UCS-2).",
        discussion: """
            A message is GSM-7 (160 characters, or 153 a part when split; € [ ] { } \\ ~ ^ | count 2) \
            when every character is in the GSM 03.38 alphabet, else UCS-2 (70, or 67 a part, in UTF-16 \
            units: an emoji counts 2). Parts never split an escape pair, a surrogate pair or a grapheme \
            cluster. To send one: sharevia --to sms --sms-to NUMBER --text "...".
            """,
        subcommands: [SMSCountCommand.self]
    )
}
