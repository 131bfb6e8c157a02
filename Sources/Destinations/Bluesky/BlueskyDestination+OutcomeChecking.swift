import HTTPTransport
import ShareCore

extension BlueskyDestination: OutcomeChecking {
    /// Looks each post of the share up with `getRecord` under the record key `prepare` chose for
    /// it (the same for every try of the share):
    /// - every post found, with the planned text and `createdAt` → `arrived`, with the posts' URLs;
    /// - a post not found (`RecordNotFound`) → `notArrived`: sending again can't post twice, since
    ///   a post already made keeps its key and is confirmed, not made again;
    /// - any other answer or failure → `cannotTell`, quoting the server.
    ///
    /// A hand-off can't be looked up: `cannotTell`.
    public func checkOutcome(of prepared: PreparedShare, sinceFirstSent: Duration) async -> OutcomeCheck {
        guard !(prepared.plan is WebIntentPlan) else {
            return .cannotTell(
                "a hand-off to the Bluesky app can't be looked up; only you can tell whether you posted it"
            )
        }
        let plan: BlueskyPostPlan
        do {
            plan = try prepared.plan(as: BlueskyPostPlan.self, for: id)
        } catch {
            return .cannotTell(error.message)
        }
        guard let source else {
            return .cannotTell("not signed in to Bluesky, so the post can't be looked up; " + Self.signInHint)
        }
        let xrpc = BlueskyXRPC(client: client, destination: id, now: now)
        do throws(ShareError) {
            var session = try await source.session(client: client)
            var created: [BlueskyCreatedPost] = []
            for (text, key) in zip(plan.texts, plan.recordKeys) {
                let query = [("repo", session.did), ("collection", BlueskyPostRecord.type), ("rkey", key.description)]
                var answer = try await xrpc.get(BlueskyPoster.getRecord, query: query, session: session)
                if case .expiredToken = answer {
                    session = try await source.renewed(after: session, client: client)
                    answer = try await xrpc.get(BlueskyPoster.getRecord, query: query, session: session)
                }
                switch answer {
                case .success(let body):
                    guard let fetched = try? BlueskyAnswers.fetchedPost(body), fetched.text == text,
                        fetched.createdAt == plan.createdAt, let uri = BlueskyRecordURI(fetched.reference.uri)
                    else {
                        return .cannotTell(
                            "\(session.server) holds a record under the key \(key) that is not this share's post"
                        )
                    }
                    created.append(
                        BlueskyCreatedPost(
                            reference: fetched.reference,
                            repository: uri.repository,
                            recordKey: uri.recordKey
                        )
                    )
                case .recordNotFound:
                    return .notArrived
                case .expiredToken, .alreadyExists:
                    return .cannotTell("\(session.server) still refused the access token after it was renewed")
                }
            }
            return .arrived(
                BlueskyPoster.receipt(
                    created,
                    handle: session.handle,
                    notes: ["found with getRecord after the first try got no answer"],
                    destination: id
                )
            )
        } catch {
            return .cannotTell("looking the post up failed: \(error.message)")
        }
    }
}
