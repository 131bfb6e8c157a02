import HTTPTransport
import ShareCore
import TextFitting

/// `deliver` for a signed-in share: the steps of a post, every request within one deadline that
/// ends before the router's `--timeout`, so a stall is reported as what it is.
///
/// 1. When the plan's limits are not the server's own from the last day, read
///    `GET /api/v2/instance`, cache it, and refuse a post that doesn't fit them (the next share
///    fits to them). A failure to read them is no reason not to post.
/// 2. Upload the card (`POST /api/v2/media`); on 202 poll `GET /api/v1/media/:id` until it has a
///    `url`, backing off from 250 ms to 2 s. A retry reuses the media id an earlier attempt got.
/// 3. Post each status (`POST /api/v1/statuses`) with its `Idempotency-Key`, the first with the
///    media, each next one in reply to the one before; statuses an earlier attempt posted are
///    not sent again.
/// 4. The receipt: `delivered`, the post's URL, its `id`, `url` and `uri`.
struct MastodonPoster: Sendable {
    let destination: DestinationID
    let signIn: MastodonSignIn
    let timeout: Duration
    let cache: MastodonLimitsCache
    let memory: MastodonDeliveryMemory

    func post(_ plan: MastodonPostPlan) async throws(ShareError) -> DeliveryReceipt {
        let clock = ContinuousClock()
        let deadline = clock.now + DeliveryBudget.within(timeout)
        if Task.isCancelled {
            throw ShareError(.cancelled, destination: destination, message: "cancelled before posting to Mastodon")
        }
        let token = try signIn.token(destination: destination)
        let redactor = SecretRedactor([token])
        var limits = plan.limits
        if !plan.limitsAreCurrent, let read = await readLimits(plan.instance, deadline: deadline) {
            limits = read
            try check(plan, against: read)
        }
        var mediaID: String?
        if let media = plan.media, let first = plan.posts.first {
            if let known = await memory.mediaID(for: first.idempotencyKey) {
                mediaID = known
            } else {
                let id = try await upload(media, plan: plan, token: token, limits: limits, deadline: deadline)
                await memory.remember(mediaID: id, for: first.idempotencyKey)
                mediaID = id
            }
        }
        var posted: [MastodonPostedStatus] = []
        for (index, post) in plan.posts.enumerated() {
            if let known = await memory.status(for: post.idempotencyKey) {
                posted.append(known)
                continue
            }
            let status = MastodonStatus(
                text: post.text.isEmpty ? nil : post.text,
                mediaIDs: index == 0 ? (mediaID.map { [$0] } ?? []) : [],
                visibility: plan.visibility,
                language: plan.language,
                spoilerText: plan.spoilerText,
                inReplyToID: posted.last?.id
            )
            let request = try built {
                try MastodonRequests.postStatus(
                    instance: plan.instance.origin,
                    token: token,
                    status: status,
                    idempotencyKey: post.idempotencyKey
                )
            }
            let answer: MastodonPostedStatus
            do throws(ShareError) {
                let response = try await send(
                    request,
                    deadline: deadline,
                    what: "post \(index + 1)",
                    retryKey: "the Idempotency-Key header (\(post.idempotencyKey.value))"
                )
                answer = try read(response.body, what: "status answer") { body throws(MastodonAnswerError) in
                    try MastodonPostedStatus.read(body)
                }
            } catch {
                throw partly(error, posted: posted, of: plan.posts.count)
            }
            let clean = MastodonPostedStatus(
                id: answer.id,
                url: redactor.redact(answer.url),
                uri: redactor.redact(answer.uri)
            )
            await memory.remember(status: clean, for: post.idempotencyKey)
            posted.append(clean)
        }
        return receipt(posted, instance: plan.instance)
    }

    // MARK: The steps

    private func readLimits(
        _ instance: MastodonInstanceAddress,
        deadline: ContinuousClock.Instant
    ) async
        -> MastodonInstanceLimits?
    {
        guard let request = try? MastodonRequests.instanceLimits(instance: instance.origin) else { return nil }
        let remaining = deadline - ContinuousClock.now
        // The limits are worth a third of the time at most: the post matters more.
        let wait = min(remaining / 3, .seconds(5))
        guard wait > .milliseconds(50) else { return nil }
        let client = HTTPClient(
            .init(
                connectTimeout: wait,
                deadline: wait,
                maxResponseBytes: MastodonInstanceLimits.maximumAnswerBytes
            )
        )
        guard let response = try? await client.send(request), response.isSuccess,
            let limits = try? MastodonInstanceLimits.read(response.body)
        else { return nil }
        cache.write(response.body, for: HTTPURLOrigin(instance))
        return limits
    }

    /// Refuses a post that the server's limits, just read, don't take.
    private func check(_ plan: MastodonPostPlan, against limits: MastodonInstanceLimits) throws(ShareError) {
        let rules = MastodonPostPlanner.rules(limits)
        let again = "the limits are cached now, so sharing again fits the post to them"
        for (index, post) in plan.posts.enumerated() {
            let count = rules.measure(post.text).count
            guard count <= limits.maximumCharacters else {
                throw overLimit(
                    "post \(index + 1) is \(count) characters, over \(plan.instance)'s max_characters of \(limits.maximumCharacters); \(again)",
                    limit: limits.maximumCharacters,
                    found: count
                )
            }
        }
        guard let media = plan.media else { return }
        if let alt = media.altText, alt.unicodeScalars.count > limits.altTextLimit {
            throw overLimit(
                "the alt text is \(alt.unicodeScalars.count) characters, over \(plan.instance)'s description_limit of \(limits.altTextLimit); \(again)",
                limit: limits.altTextLimit,
                found: alt.unicodeScalars.count
            )
        }
        if let size = limits.imageSizeLimit, let count = media.attachment.byteCount, count > size {
            throw overLimit(
                "\(media.attachment.fileName) is \(count) bytes, over \(plan.instance)'s image_size_limit of \(size) bytes; make the card smaller",
                limit: size,
                found: count
            )
        }
        if !limits.accepts(mediaType: media.attachment.mimeType) {
            throw ShareError(
                .permanent,
                destination: destination,
                message: "\(plan.instance) does not take \(media.attachment.mimeType); convert the card to PNG or JPEG",
                detail: .init(.unsupportedType, value: media.attachment.mimeType)
            )
        }
    }

    private func upload(
        _ media: MastodonPostPlan.Media,
        plan: MastodonPostPlan,
        token: Secret,
        limits: MastodonInstanceLimits,
        deadline: ContinuousClock.Instant
    ) async throws(ShareError) -> String {
        let cap = limits.imageSizeLimit ?? ShareAttachment.memoryByteLimit
        let bytes = try media.attachment.data(limit: cap, rule: "\(plan.instance)'s image_size_limit").map { $0 }
        let request = try built {
            try MastodonRequests.uploadMedia(
                instance: plan.instance.origin,
                token: token,
                image: Array(bytes),
                mediaType: media.attachment.mimeType,
                fileName: media.attachment.fileName,
                altText: media.altText,
                focus: (media.focus.x, media.focus.y)
            )
        }
        let sizeLimit = limits.imageSizeLimit.map { "\($0) bytes (the instance's image_size_limit)" }
        let response: HTTPResponse
        do throws(ShareError) {
            response = try await send(request, deadline: deadline, what: "the card's upload", sizeLimit: sizeLimit)
        } catch  where error.code == .outcomeUnknown {
            // An upload that may have arrived posts nothing: it stays unattached, and the
            // server removes it. Sending it again is safe.
            throw ShareError(
                .transient,
                destination: destination,
                message: "\(error.message); nothing was posted, so uploading the card again is safe",
                underlying: error
            )
        }
        var answer = try read(response.body, what: "media answer", unreadable: .permanent) {
            body throws(MastodonAnswerError) in try MastodonMediaAnswer.read(body)
        }
        var wait: Duration = .milliseconds(250)
        while answer.url == nil {
            guard ContinuousClock.now + wait < deadline else {
                throw ShareError(
                    .transient,
                    destination: destination,
                    message:
                        "\(plan.instance) was still processing the card (media \(answer.id)) when time ran out; nothing was posted"
                )
            }
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw ShareError(
                    .cancelled,
                    destination: destination,
                    message: "cancelled while the card was processed"
                )
            }
            wait = min(wait * 2, .seconds(2))
            let poll = try built {
                try MastodonRequests.media(instance: plan.instance.origin, token: token, id: answer.id)
            }
            let polled = try await send(poll, deadline: deadline, what: "the card's processing check")
            if polled.status == 206 { continue }
            answer = try read(polled.body, what: "media answer", unreadable: .permanent) {
                body throws(MastodonAnswerError) in try MastodonMediaAnswer.read(body)
            }
        }
        return answer.id
    }

    // MARK: Requests and errors

    private func send(
        _ request: HTTPRequest,
        deadline: ContinuousClock.Instant,
        what: String,
        sizeLimit: String? = nil,
        retryKey: String? = nil
    ) async throws(ShareError) -> HTTPResponse {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .milliseconds(50) else {
            throw ShareError(
                .transient,
                destination: destination,
                message: "no time was left for \(what) within the \(timeout.formatted) timeout; it was not sent"
            )
        }
        let client = HTTPClient(
            .init(
                connectTimeout: min(remaining, .seconds(10)),
                deadline: remaining,
                maxResponseBytes: MastodonAnswers.maximumAnswerBytes
            )
        )
        let classifier = HTTPErrorClassifier(destination: destination, sizeLimit: sizeLimit, retryKey: retryKey)
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw explained(classifier.error(for: error, to: request), request)
        }
        if let error = classifier.error(for: response, to: request) {
            // 206 while polling is "still processing", which the caller handles.
            guard response.status == 206 else { throw explained(error, request) }
        }
        return response
    }

    /// Adds what to do to the classifier's error: how to sign in again after a 401.
    private func explained(_ error: ShareError, _ request: HTTPRequest) -> ShareError {
        guard error.detail?.code == .signInAgain else { return error }
        var error = error
        let host = request.url.origin
        error.message +=
            " (sign in to Mastodon at \(host) again, or set a new \(MastodonDestination.Configuration.tokenVariable))"
        return error
    }

    /// `error` of a thread's post, saying which posts are already up: a retry goes on from them.
    private func partly(_ error: ShareError, posted: [MastodonPostedStatus], of total: Int) -> ShareError {
        guard let last = posted.last else { return error }
        var error = error
        error.message +=
            "; posts 1 to \(posted.count) of \(total) are up (the last: \(last.link)), and a retry goes on from post \(posted.count + 1)"
        return error
    }

    private func overLimit(_ message: String, limit: Int, found: Int) -> ShareError {
        ShareError(
            .permanent,
            destination: destination,
            message: message,
            detail: .init(.overLimit, value: String(limit), found: [String(found)])
        )
    }

    private func built(_ make: () throws -> HTTPRequest) throws(ShareError) -> HTTPRequest {
        do {
            return try make()
        } catch {
            throw ShareError(.permanent, destination: destination, message: "can't build the request: \(error)")
        }
    }

    private func read<T>(
        _ body: [UInt8],
        what: String,
        unreadable: ShareError.Code = .outcomeUnknown,
        _ parse: ([UInt8]) throws(MastodonAnswerError) -> T
    ) throws(ShareError) -> T {
        do {
            return try parse(body)
        } catch {
            if unreadable != .outcomeUnknown {
                // Nothing is posted without the media's id.
                throw ShareError(
                    unreadable,
                    destination: destination,
                    message: "the server's \(what) can't be read (\(error)); nothing was posted"
                )
            }
            // The status was carried out; only its answer can't be read.
            throw ShareError(
                .outcomeUnknown,
                destination: destination,
                message:
                    "the server's \(what) can't be read (\(error)); the request went through, but what it made is not known",
                detail: .init(.noAnswer)
            )
        }
    }

    private func receipt(_ posted: [MastodonPostedStatus], instance: MastodonInstanceAddress) -> DeliveryReceipt {
        let first = posted[0]
        let summary =
            posted.count == 1
            ? "posted to \(instance.origin.host): \(first.link)"
            : "posted a thread of \(posted.count) to \(instance.origin.host): \(first.link)"
        var receipt = DeliveryReceipt(destination: destination, summary: summary, locations: posted.map(\.link))
        receipt.ids = ["id": first.id, "uri": first.uri]
        if let url = first.url { receipt.ids["url"] = url }
        if posted.count > 1 { receipt.ids["thread_ids"] = posted.map(\.id).joined(separator: ",") }
        return receipt
    }
}
