import HTTPTransport
import ShareCore

/// Posts one planned share: a session from the source, the mentions resolved, the card uploaded
/// (re-encoded if it is over the limit), then one `createRecord` per post with the record keys
/// chosen in `prepare`, each reply pointing at the thread's root and the post before it.
///
/// An `ExpiredToken` answer renews the session once (``BlueskySessionSource/renewed(after:client:)``)
/// and sends the call again. A record key that is already taken (an earlier try went out) is
/// read back with `getRecord`, and counts as this share's post only when its text and
/// `createdAt` are the ones planned.
struct BlueskyPoster: Sendable {
    static let createRecord = "com.atproto.repo.createRecord"
    static let uploadBlob = "com.atproto.repo.uploadBlob"
    static let resolveHandle = "com.atproto.identity.resolveHandle"
    static let getRecord = "com.atproto.repo.getRecord"

    let plan: BlueskyPostPlan
    let source: any BlueskySessionSource
    let xrpc: BlueskyXRPC
    private var session: BlueskySession
    private var renewed = false
    private var notes: [String] = []

    private var destination: DestinationID { xrpc.destination }

    /// Starts a post: asks `source` for a session.
    static func start(
        _ plan: BlueskyPostPlan,
        source: any BlueskySessionSource,
        xrpc: BlueskyXRPC
    ) async throws(ShareError) -> BlueskyPoster {
        let session = try await source.session(client: xrpc.client)
        var poster = BlueskyPoster(plan: plan, source: source, xrpc: xrpc, session: session)
        if let notice = session.notice { poster.notes.append(notice) }
        return poster
    }

    private init(plan: BlueskyPostPlan, source: any BlueskySessionSource, xrpc: BlueskyXRPC, session: BlueskySession) {
        self.plan = plan
        self.source = source
        self.xrpc = xrpc
        self.session = session
    }

    /// Sends every call and returns the receipt of the posts made.
    mutating func post() async throws(ShareError) -> DeliveryReceipt {
        let thread = try await thread(embed: try await embed())
        var created: [BlueskyCreatedPost] = []
        for index in thread.posts.indices {
            do {
                created.append(try await create(index, of: thread, after: created))
            } catch {
                throw partly(error, created: created, total: thread.posts.count)
            }
        }
        return receipt(created)
    }

    // MARK: The steps

    private mutating func thread(embed: BlueskyEmbed?) async throws(ShareError) -> BlueskyThread {
        let resolver = BlueskyHandleResolver { [xrpc, session] handle in
            switch try await xrpc.get(Self.resolveHandle, query: [("handle", handle)], session: session) {
            case .success(let body): return try BlueskyAnswers.resolvedDID(body)
            case .expiredToken, .alreadyExists, .recordNotFound: return nil
            }
        }
        var posts: [BlueskyThread.Post] = []
        for (text, key) in zip(plan.texts, plan.recordKeys) {
            let richText: BlueskyRichText
            do {
                richText = try await BlueskyRichText.make(text, resolver: UnresolvedOnRefusal(resolver))
            } catch {
                throw ShareError(.cancelled, destination: destination, message: "cancelled while resolving mentions")
            }
            posts.append(BlueskyThread.Post(recordKey: key, richText: richText))
        }
        do {
            let thread = try BlueskyThread(
                repo: session.did,
                posts: posts,
                createdAt: plan.createdAt,
                langs: plan.langs,
                embed: embed
            )
            notes += thread.notes
            return thread
        } catch {
            throw ShareError(
                .contentRejected,
                destination: destination,
                message: "the post can't be a valid Bluesky record: \(error)"
            )
        }
    }

    private mutating func embed() async throws(ShareError) -> BlueskyEmbed? {
        guard let image = plan.image else { return plan.external.map { .external($0) } }
        let upload = try BlueskyImageBytes.make(image, destination: destination)
        if let note = upload.note { notes.append(note) }
        let answer = try await call { xrpc, session async throws(ShareError) in
            try await xrpc.post(
                Self.uploadBlob,
                body: .bytes(upload.bytes, contentType: upload.mimeType),
                session: session,
                sizeLimit: "\(BlueskyEmbed.maximumImageBytes) bytes (app.bsky.embed.images)"
            )
        }
        do {
            let blob = try BlueskyAnswers.uploadedBlob(answer)
            return .images([try BlueskyEmbed.Image(image: blob, alt: image.alt, aspectRatio: image.aspectRatio)])
        } catch {
            throw ShareError(
                .permanent,
                destination: destination,
                message: "\(session.server)'s answer to uploadBlob can't be used: \(error)"
            )
        }
    }

    private mutating func create(
        _ index: Int,
        of thread: BlueskyThread,
        after created: [BlueskyCreatedPost]
    ) async throws(ShareError) -> BlueskyCreatedPost {
        let key = thread.posts[index].recordKey
        let request: BlueskyCreateRecordRequest
        let body: [UInt8]
        do {
            request = try thread.request(at: index, after: created)
            body = try request.jsonBody()
        } catch {
            throw ShareError(.permanent, destination: destination, message: "can't write post \(index + 1): \(error)")
        }
        var conflict: String?
        let answer = try await call { xrpc, session async throws(ShareError) in
            let answer = try await xrpc.post(
                Self.createRecord,
                body: .json(body),
                session: session,
                retryKey: "the record key \(key)"
            )
            if case .alreadyExists(let message) = answer { conflict = message }
            return answer
        }
        if let conflict { return try await confirm(request, key: key, conflict: conflict) }
        do {
            return try BlueskyAnswers.createdPost(answer, recordKey: key)
        } catch {
            throw ShareError(
                .outcomeUnknown,
                destination: destination,
                message: "\(session.server) answered createRecord with something unreadable (\(error)); "
                    + "the post may have gone out, and the record key \(key) makes a retry safe"
            )
        }
    }

    /// The post an earlier try made under `key`, read back and compared with what this try sends.
    private mutating func confirm(
        _ request: BlueskyCreateRecordRequest,
        key: BlueskyTID,
        conflict: String
    ) async throws(ShareError) -> BlueskyCreatedPost {
        let query = [("repo", session.did), ("collection", BlueskyPostRecord.type), ("rkey", key.description)]
        let answer: [UInt8]
        do {
            answer = try await call { xrpc, session async throws(ShareError) in
                try await xrpc.get(Self.getRecord, query: query, session: session)
            }
        } catch {
            throw ShareError(
                .outcomeUnknown,
                destination: destination,
                message: "\(session.server) says the record key \(key) is taken (\"\(conflict)\"), "
                    + "and reading it back failed (\(error.message)); an earlier try may have posted it",
                underlying: error
            )
        }
        guard let fetched = try? BlueskyAnswers.fetchedPost(answer),
            fetched.text == request.record.text, fetched.createdAt == request.record.createdAt,
            let uri = BlueskyRecordURI(fetched.reference.uri)
        else {
            throw ShareError(
                .permanent,
                destination: destination,
                message: "\(session.server) says the record key \(key) is taken (\"\(conflict)\") by a post "
                    + "that is not this share's; nothing was posted again"
            )
        }
        notes.append("post under record key \(key) was made by an earlier try (confirmed with getRecord)")
        return BlueskyCreatedPost(reference: fetched.reference, repository: uri.repository, recordKey: uri.recordKey)
    }

    /// Sends a call; when the server says the access token expired, renews the session once and
    /// sends it again.
    private mutating func call(
        _ send: (BlueskyXRPC, BlueskySession) async throws(ShareError) -> BlueskyXRPC.Answer
    ) async throws(ShareError) -> [UInt8] {
        while true {
            switch try await send(xrpc, session) {
            case .success(let body): return body
            case .alreadyExists: return []
            case .recordNotFound(let message):
                throw ShareError(
                    .permanent,
                    destination: destination,
                    message: "\(session.server) has no such record: \"\(message)\""
                )
            case .expiredToken:
                guard !renewed else {
                    throw ShareError(
                        .permanent,
                        destination: destination,
                        message: "\(session.server) still refused the access token as expired after it was "
                            + "renewed; sign in again",
                        detail: .init(.signInAgain, found: [session.server.description])
                    )
                }
                renewed = true
                session = try await source.renewed(after: session, client: xrpc.client)
                if let notice = session.notice, !notes.contains(notice) { notes.append(notice) }
            }
        }
    }

    // MARK: The report

    private func receipt(_ created: [BlueskyCreatedPost]) -> DeliveryReceipt {
        Self.receipt(created, handle: session.handle, notes: notes, destination: destination)
    }

    /// The receipt of the posts `created` as `handle`: their URLs, and each post's `uri` and `cid`.
    static func receipt(
        _ created: [BlueskyCreatedPost],
        handle: String,
        notes: [String],
        destination: DestinationID
    ) -> DeliveryReceipt {
        let urls = created.map { $0.url(handle: handle) }
        let what = created.count == 1 ? "posted to Bluesky" : "posted a thread of \(created.count) posts to Bluesky"
        var summary = "\(what) as @\(handle): \(urls[0])"
        if !notes.isEmpty { summary += " (" + notes.joined(separator: "; ") + ")" }
        var receipt = DeliveryReceipt(destination: destination, summary: summary, locations: urls)
        for (index, post) in created.enumerated() {
            let suffix = index == 0 ? "" : ".\(index + 1)"
            receipt.ids["uri" + suffix] = post.reference.uri
            receipt.ids["cid" + suffix] = post.reference.cid
        }
        return receipt
    }

    /// `error` for post `created.count + 1`, saying which posts of the thread went out before it.
    private func partly(_ error: ShareError, created: [BlueskyCreatedPost], total: Int) -> ShareError {
        guard !created.isEmpty else { return error }
        var error = error
        let urls = created.map { $0.url(handle: session.handle) }.joined(separator: " ")
        error.message =
            "posts 1-\(created.count) of \(total) went out (\(urls)); post \(created.count + 1): \(error.message)"
        return error
    }
}

/// A resolver that leaves a mention as plain text when asking fails, and passes cancellation on.
private struct UnresolvedOnRefusal: BlueskyHandleResolving {
    let base: BlueskyHandleResolver
    init(_ base: BlueskyHandleResolver) { self.base = base }

    func did(forHandle handle: String) async throws -> String? {
        do {
            return try await base.did(forHandle: handle)
        } catch let error as ShareError where error.code == .cancelled {
            throw CancellationError()
        } catch let error as ShareError
            where error.detail?.code == .rejectedByServer
        {
            // resolveHandle answers 400 "Unable to resolve handle" for a handle no one has.
            return nil
        }
    }
}
