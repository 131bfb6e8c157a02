import ArgumentParser
import Destinations

/// The SMS options of the share command, declared once here.
struct SMSOptions: ParsableArguments {
    @Option(
        name: .customLong("sms-to"),
        help: ArgumentHelp(
            "SMS: a recipient, E.164 (+14155550123) or local digits; repeat for more (or SHAREVIA_SMS_TO).",
            valueName: "number"
        )
    )
    var recipients: [String] = []

    @Option(
        name: .customLong("sms-device"),
        help: ArgumentHelp(
            "SMS: the KDE Connect device id (or name) of the phone to send through when several are paired.",
            valueName: "id"
        )
    )
    var device: String?

    @Flag(
        name: .customLong("sms-smart-encoding"),
        help: "SMS: replace curly quotes, dashes, … and special spaces by GSM-7 ones when that keeps it GSM-7."
    )
    var smartEncoding = false

    @Option(
        name: .customLong("sms-max-segments"),
        help: ArgumentHelp(
            "SMS: trim the message to at most this many segments (the link is kept whole).",
            valueName: "n"
        )
    )
    var maxSegments: Int?

    func validate() throws {
        for number in recipients {
            do throws(PhoneNumberError) {
                _ = try PhoneNumber(validating: number)
            } catch {
                throw ValidationError("--sms-to: \(error.description)")
            }
        }
        if let maxSegments, maxSegments < 1 { throw ValidationError("--sms-max-segments must be at least 1") }
        if let device, device.isEmpty { throw ValidationError("--sms-device needs a KDE Connect device id") }
    }

    /// The destination's configuration (numbers already validated).
    var configuration: SMSDestination.Configuration {
        SMSDestination.Configuration(
            recipients: recipients.compactMap { try? PhoneNumber(validating: $0) },
            device: device,
            smartEncoding: smartEncoding,
            maxSegments: maxSegments
        )
    }
}
