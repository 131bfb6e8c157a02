import ShareCore

/// Share reports of every kind a share can end in, for the history tests.
enum HistoryReports {
    static func attempt(
        _ destination: DestinationID,
        _ result: ShareReport.Result,
        _ reason: String,
        try number: Int = 1,
        milliseconds: Double = 10,
        code: ShareError.Detail.Code? = nil
    ) -> ShareReport.Attempt {
        var attempt = ShareReport.Attempt(
            destination: destination,
            result: result,
            reason: reason,
            attempt: number,
            durationMilliseconds: milliseconds
        )
        attempt.detail = code.map { ShareError.Detail($0) }
        return attempt
    }

    /// The file destination wrote the card at once.
    static var delivered: ShareReport {
        var receipt = DeliveryReceipt(
            destination: "file",
            summary: "wrote 1 file to /home/me/shares",
            locations: ["/home/me/shares/card.png"]
        )
        receipt.log = "a helper's log, never kept"
        return ShareReport(
            chain: ["file"],
            attempts: [attempt("file", .delivered, "wrote 1 file to /home/me/shares", milliseconds: 3.5)],
            receipt: receipt
        )
    }

    /// X's web intent handed the share to a person.
    static var handedOff: ShareReport {
        ShareReport(
            chain: ["x"],
            attempts: [attempt("x", .handedOff, "open this URL to post: https://x.com/intent/post?text=hi")],
            receipt: .handedOff(
                destination: "x",
                summary: "printed the intent URL",
                nextStep: "open this URL to post: https://x.com/intent/post?text=hi",
                locations: ["https://x.com/intent/post?text=hi"]
            )
        )
    }

    /// Mastodon was rate-limited twice, then the share fell back to a file.
    static var fellBack: ShareReport {
        var receipt = DeliveryReceipt(destination: "file", summary: "wrote 2 files", locations: ["/tmp/a", "/tmp/b"])
        receipt.ids = ["name": "share.txt"]
        return ShareReport(
            chain: ["mastodon", "file"],
            attempts: [
                attempt("mastodon", .transientFailure, "HTTP 429: \"Too many requests\"", code: .rateLimited),
                attempt("mastodon", .transientFailure, "HTTP 429: \"Too many requests\"", try: 2, code: .rateLimited),
                attempt("file", .delivered, "wrote 2 files", milliseconds: 2),
            ],
            receipt: receipt
        )
    }

    /// Email failed for good and nothing else was in the chain.
    static var failed: ShareReport {
        ShareReport(
            chain: ["email"],
            attempts: [attempt("email", .permanentFailure, "550 mailbox unavailable", milliseconds: 40)]
        )
    }

    /// Bluesky took the post and never answered; the clipboard then was unavailable.
    static var unknown: ShareReport {
        ShareReport(
            chain: ["bluesky", "clipboard"],
            attempts: [
                attempt("bluesky", .unknown, "no answer within 30 s after the request was sent", code: .noAnswer),
                attempt("clipboard", .unavailable, "no display"),
            ]
        )
    }
}
