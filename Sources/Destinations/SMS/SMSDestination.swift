import LocalFiles
import ProcessRunning
import ShareCore
import TextFitting

/// SMS: counted as carriers bill it, sent through a paired phone when one is reachable, else handed
/// off as an `sms:` URI (RFC 5724).
///
/// 1. The message is the title and text, the link, then the hashtags, each on its own line.
///    With ``Configuration/smartEncoding``, look-alikes are replaced when that keeps it GSM-7;
///    with ``Configuration/maxSegments``, it is trimmed to fit (hashtags first, then the body at a
///    grapheme boundary; the link is kept whole).
/// 2. With recipients and `kdeconnect-cli` listing a paired, reachable phone
///    (`--list-available`), the phone sends it to each recipient (`--send-sms`), with the card as
///    an attachment when this KDE Connect has `--attachment`: `delivered`, to the phone.
/// 3. Otherwise an `sms:` URI is built, opened with `xdg-open` in a desktop session or printed,
///    and the share is `handed-off`: a person sends it from a messaging app.
public struct SMSDestination: ShareDestination {
    /// SMS's descriptor, the same for every instance.
    public static let standardDescriptor = DestinationDescriptor(
        id: .sms,
        displayName: "SMS",
        summary:
            "Sends an SMS through a phone paired with KDE Connect, else opens or prints an sms: URI; counts GSM-7/UCS-2 segments as carriers bill them.",
        capabilities: [.text, .link, .hashtags, .image],
        outcomes: [.delivered, .handedOff]
    )

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    /// Recipients, device and shaping, completed from the environment.
    public let configuration: Configuration
    /// A problem with an `SHAREVIA_SMS_*` variable, which makes the destination unavailable.
    let environmentProblem: String?
    /// Where `PATH`, `DISPLAY` and `WAYLAND_DISPLAY` are read.
    public let environment: ShareEnvironment
    /// What runs `kdeconnect-cli` and `xdg-open`.
    package let runner: any CommandRunning

    /// Creates the destination; empty configuration fields come from `SHAREVIA_SMS_*`.
    public init(configuration: Configuration = Configuration(), environment: ShareEnvironment) {
        self.init(configuration: configuration, environment: environment, runner: ProcessRunner())
    }

    /// Creates the destination with what runs `kdeconnect-cli` and `xdg-open` (a test's fake).
    package init(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        runner: any CommandRunning
    ) {
        (self.configuration, environmentProblem) = configuration.completed(from: environment)
        self.environment = environment
        self.runner = runner
    }

    private var uriDelivery: WebIntentDelivery {
        WebIntentDelivery(
            environment: environment,
            runner: runner,
            wording: .init(
                noun: "sms: URI",
                printedNextStep: "open this sms: URI on a phone to send the message",
                openedNextStep: "send the message from the messaging app"
            )
        )
    }

    /// What the availability note says when ``Configuration/recipients`` is empty.
    public static let noRecipientNote =
        "no recipient (Configuration.recipients or \(Configuration.recipientsVariable))"

    /// Where a note names ``Configuration/smartEncoding``.
    static let smartEncodingMention = SettingMention(
        "(Configuration.smartEncoding)",
        advice: "(\(flag: Settings.smartEncoding))"
    )

    /// ``noRecipientNote`` for a caller that names ``Settings/recipients`` its way.
    static let noRecipientMention = SettingMention(
        noRecipientNote,
        advice: "no recipient (\(flag: Settings.recipients) NUMBER or \(variable: Settings.recipients))"
    )

    /// Always available unless an `SHAREVIA_SMS_*` variable is wrong; says how it will deliver and,
    /// when it can't send through a phone, exactly what is missing.
    public func availability() async -> Availability {
        if let environmentProblem { return .unavailable(environmentProblem) }
        var missing: [String] = []
        if configuration.recipients.isEmpty {
            missing.append(Self.noRecipientNote)
        }
        if environment.executable(named: "kdeconnect-cli") == nil {
            missing.append("kdeconnect-cli is not installed (apt-get install kdeconnect)")
        }
        let uri = uriDelivery.note.replacing("the URL", with: "an sms: URI")
        if missing.isEmpty {
            return .available("sends through a phone paired with KDE Connect when one is reachable, else \(uri)")
        }
        return .available(
            "\(uri); can't send through a phone: \(missing.joined(separator: "; "))",
            detail: configuration.recipients.isEmpty
                ? .init(.missingSetting, setting: "recipients", mentions: [Self.noRecipientMention]) : nil
        )
    }

    /// Composes, smart-encodes and trims the message and counts it; nothing is sent.
    ///
    /// - Throws: ``ShareError`` `unavailable` when an `SHAREVIA_SMS_*` variable is wrong;
    ///   `contentRejected` when the share has nothing an SMS carries, or the link alone needs more
    ///   segments than ``Configuration/maxSegments``.
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        if let environmentProblem { throw ShareError(.unavailable, destination: id, message: environmentProblem) }
        let content = request.content
        try requireSupported(content)
        var parts = SMSMessageParts(
            body: [content.title ?? "", content.text].filter { !$0.isEmpty }.joined(separator: "\n"),
            link: content.link,
            hashtags: content.hashtags
        )
        var notes: [String] = []
        if configuration.smartEncoding {
            let smart = SMSSmartEncoding.encode(parts.text)
            if smart.applied {
                parts.body = SMSSmartEncoding.replacingLookAlikes(in: parts.body).text
                parts.link = parts.link.map { SMSSmartEncoding.replacingLookAlikes(in: $0).text }
                parts.hashtags = parts.hashtags.map { SMSSmartEncoding.replacingLookAlikes(in: $0).text }
                notes.append("smart encoding: " + smart.replacements.map(\.description).joined(separator: ", "))
            }
        }
        var text = parts.text
        if let maxSegments = configuration.maxSegments {
            let fitted = SMSTrimmer(maxSegments: maxSegments).fit(parts)
            guard fitted.fits else {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message:
                        "the link alone takes \(fitted.count.segments) SMS segments, over Configuration.maxSegments \(maxSegments); raise the limit or share a shorter link",
                    detail: .init(
                        .overLimit,
                        setting: "maxSegments",
                        value: "\(maxSegments)",
                        found: ["\(fitted.count.segments)"],
                        mentions: [SettingMention("Configuration.maxSegments", setting: Settings.maxSegments)]
                    )
                )
            }
            text = fitted.text
            notes += fitted.notes
        }
        let analysis = SMSAnalysis(text)
        notes += analysis.notes.map {
            $0.replacing("would make it", with: "(Configuration.smartEncoding) would make it")
        }
        let image = content.images.first
        if let image { notes.append(imageNote(image.fileName)) }
        let count = analysis.count
        let plan = SMSPlan(
            recipients: configuration.recipients,
            count: count,
            uri: SMSURI.make(recipients: configuration.recipients, body: text),
            device: configuration.device
        )
        return PreparedShare(
            destination: id,
            summary: "sms: " + count.summary,
            text: text,
            attachments: image.map { [$0] } ?? [],
            plan: plan,
            notes: notes,
            mentions: [Self.smartEncodingMention]
        )
    }

    /// What happens to the image: it can go only through KDE Connect, so the note says it is not
    /// carried when no phone can send (no recipient, no `kdeconnect-cli`), and otherwise on what
    /// that depends.
    func imageNote(_ fileName: String) -> String {
        let uriOnly = "not carried (an sms: URI takes text only)"
        if configuration.recipients.isEmpty {
            return "image \(fileName): \(uriOnly), and with no recipient no phone can send it"
        }
        if environment.executable(named: "kdeconnect-cli") == nil {
            return "image \(fileName): \(uriOnly), and kdeconnect-cli is not installed to send it from a phone"
        }
        return "image \(fileName): sent as an attachment if a paired phone is reachable through KDE Connect "
            + "and its kdeconnect-cli has --attachment; otherwise \(uriOnly)"
    }

    /// Sends through a paired, reachable phone (`delivered`), else opens or prints the `sms:` URI
    /// (`handed-off`).
    ///
    /// - Throws: ``ShareError`` `permanent` when `--sms-device` names a phone KDE Connect does not
    ///   list, when several are listed and none is chosen, or when sending failed after some
    ///   recipients already got the message (so a retry would send it twice); `transient` when the
    ///   first send fails; `cancelled`.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled before sending") }
        let plan = try prepared.plan(as: SMSPlan.self, for: id)
        let text = prepared.text ?? ""
        var why: String
        if plan.recipients.isEmpty {
            why = "no recipient, so no phone could send it"
        } else if let executable = environment.executable(named: "kdeconnect-cli") {
            let kdeConnect = KDEConnect(executable: executable, runner: runner, timeout: .seconds(20))
            let devices = await kdeConnect.availableDevices()
            if let devices, let device = try chooseDevice(devices) {
                return try await send(
                    text,
                    prepared: prepared,
                    plan: plan,
                    through: device,
                    kdeConnect: kdeConnect
                )
            }
            why =
                devices == nil
                ? "kdeconnect-cli could not list devices (is the KDE Connect daemon running?)"
                : "no paired, reachable phone on KDE Connect"
        } else {
            if let device = configuration.device {
                throw ShareError(
                    .unavailable,
                    destination: id,
                    message:
                        "device \(device) (Configuration.device) needs kdeconnect-cli, which is not installed (apt-get install kdeconnect)",
                    detail: .init(
                        .unusableSetting,
                        setting: "device",
                        value: device,
                        mentions: [
                            SettingMention(
                                "device \(device) (Configuration.device)",
                                advice: "\(flag: Settings.device) \(device)"
                            )
                        ]
                    )
                )
            }
            why = "kdeconnect-cli is not installed"
        }
        if let image = prepared.attachments.first {
            why += "; \(image.fileName) not carried (an sms: URI takes text only)"
        }
        var receipt = try await uriDelivery.deliver(plan.uri, destination: id)
        receipt.summary += " (\(why))"
        return receipt
    }

    /// The device to send through: the configured one, or the only one; nil when none is listed.
    func chooseDevice(_ devices: [KDEConnect.Device]) throws(ShareError) -> KDEConnect.Device? {
        let listed = devices.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
        if let wanted = configuration.device {
            guard let device = devices.first(where: { $0.id == wanted || $0.name == wanted }) else {
                throw ShareError(
                    .permanent,
                    destination: id,
                    message:
                        "phone \(wanted) is not paired and reachable on KDE Connect; "
                        + (devices.isEmpty ? "kdeconnect-cli lists none" : "kdeconnect-cli lists \(listed)")
                )
            }
            return device
        }
        guard devices.count <= 1 else {
            throw ShareError(
                .permanent,
                destination: id,
                message:
                    "\(devices.count) phones are paired and reachable (\(listed)); Configuration.device picks none",
                detail: .init(
                    .choiceNeeded,
                    setting: "device",
                    found: devices.map { "\($0.id) (\($0.name))" },
                    mentions: [
                        SettingMention(
                            "Configuration.device picks none",
                            advice: "pick one with \(flag: Settings.device) ID"
                        )
                    ]
                )
            )
        }
        return devices.first
    }

    private func send(
        _ text: String,
        prepared: PreparedShare,
        plan: SMSPlan,
        through device: KDEConnect.Device,
        kdeConnect: KDEConnect
    ) async throws(ShareError) -> DeliveryReceipt {
        var attachment: String?
        var attachmentNote = ""
        if let image = prepared.attachments.first {
            if case .file(let path) = image.source, await kdeConnect.supportsAttachments() {
                attachment = path
                attachmentNote = ", with \(image.fileName)"
            } else {
                attachmentNote = "; \(image.fileName) not attached (this kdeconnect-cli has no --attachment)"
            }
        }
        var sent: [String] = []
        for number in plan.recipients {
            if Task.isCancelled, sent.isEmpty {
                throw ShareError(.cancelled, destination: id, message: "cancelled before sending")
            }
            let arguments = KDEConnect.sendArguments(
                device: device.id,
                text: text,
                number: number,
                attachment: attachment
            )
            do throws(ShareError) {
                try await kdeConnect.send(arguments, device: device)
            } catch {
                guard sent.isEmpty else {
                    throw ShareError(
                        .permanent,
                        destination: id,
                        message:
                            "sent to \(sent.joined(separator: ", ")) but not to \(number): \(error.message); send that one yourself (a retry would send the others twice)",
                        underlying: error
                    )
                }
                throw error
            }
            sent.append(number.description)
        }
        return DeliveryReceipt(
            destination: id,
            summary:
                "sent through \(device.name) (KDE Connect \(device.id)) to \(sent.joined(separator: ", ")): \(plan.segments)\(attachmentNote)",
            locations: [device.id] + sent
        )
    }
}

extension DestinationID {
    /// SMS, through a paired phone or an `sms:` URI.
    public static let sms: DestinationID = "sms"
}
