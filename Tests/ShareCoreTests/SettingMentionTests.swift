import Foundation
import ShareCore
import Testing

/// Words that name a setting, tied to its declaration: each caller names the setting its way,
/// and the library's own words stay as they are.
@Suite struct SettingMentionTests {
    static let appID = ShareSetting(
        key: "instagram.app_id",
        flag: "instagram-app-id",
        variable: "SHAREVIA_INSTAGRAM_APP_ID",
        kind: .digits
    )

    /// Names a setting as a caller with flags would.
    static func flags(_ setting: ShareSetting, _ name: SettingAdvice.Name) -> String {
        switch name {
        case .variable: setting.variable ?? "?"
        case .key: setting.key ?? "?"
        default: "--" + (setting.flag ?? "?")
        }
    }

    @Test func theAdviceNamesEachSettingAsTheCallerSays() {
        let advice: SettingAdvice =
            "pass \(flag: Self.appID) ID, set \(variable: Self.appID) or \(key: Self.appID) (\(3) tries)"
        #expect(
            advice.worded(naming: Self.flags)
                == "pass --instagram-app-id ID, set SHAREVIA_INSTAGRAM_APP_ID or instagram.app_id (3 tries)"
        )
        #expect(
            advice.worded { setting, _ in "the app id" } == "pass the app id ID, set the app id or the app id (3 tries)"
        )
    }

    @Test func theMentionedWordsAreSaidAsTheAdviceOnlyWhereTheyOccur() {
        let mentions = [
            SettingMention("set Configuration.appID or", advice: "pass \(flag: Self.appID) ID or set"),
            SettingMention("Configuration.nothing", setting: Self.appID),
        ]
        let text = "no Facebook App ID: set Configuration.appID or SHAREVIA_INSTAGRAM_APP_ID"
        #expect(
            SettingMention.words(text, with: mentions, naming: Self.flags)
                == "no Facebook App ID: pass --instagram-app-id ID or set SHAREVIA_INSTAGRAM_APP_ID"
        )
        #expect(SettingMention.words("unrelated", with: mentions, naming: Self.flags) == "unrelated")
    }

    @Test func aReportCarriesTheMentionsButEncodesOnlyTheWords() throws {
        var receipt = DeliveryReceipt(destination: "x", summary: "sent (Configuration.appID)")
        receipt.mentions = [SettingMention("Configuration.appID", setting: Self.appID)]
        var attempt = ShareReport.Attempt(destination: "x", result: .delivered, reason: "sent", durationMilliseconds: 1)
        attempt.mentions = receipt.mentions
        let report = ShareReport(chain: ["x"], attempts: [attempt], receipt: receipt)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("sent (Configuration.appID)"))
        #expect(!json.contains("mentions") && !json.contains("instagram-app-id"))
    }
}
