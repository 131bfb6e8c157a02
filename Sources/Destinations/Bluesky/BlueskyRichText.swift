/// Turns a handle into the DID a mention facet needs (`com.atproto.identity.resolveHandle`).
///
/// Answer nil for a handle that does not exist; throw for a failure to ask (the mention then
/// stays plain text too, with the failure in its note). Cancellation is passed on.
package protocol BlueskyHandleResolving: Sendable {
    /// The DID of `handle`, or nil when no account has it.
    func did(forHandle handle: String) async throws -> String?
}

/// A resolver made of a closure, for tests and for wiring HTTP in later.
package struct BlueskyHandleResolver: BlueskyHandleResolving {
    private let resolve: @Sendable (String) async throws -> String?

    /// A resolver that calls `resolve` for each handle.
    package init(_ resolve: @escaping @Sendable (String) async throws -> String?) {
        self.resolve = resolve
    }

    package func did(forHandle handle: String) async throws -> String? { try await resolve(handle) }
}

/// A post's text with its facets: links and tags as found, mentions resolved to DIDs; a mention
/// that does not resolve stays plain text and gets a note.
package struct BlueskyRichText: Sendable, Hashable {
    /// The text, unchanged.
    package var text: String
    /// The facets, by position.
    package var facets: [BlueskyFacet]
    /// What the report should say: one line per mention left as plain text.
    package var notes: [String]

    /// Detects the facets of `text` and resolves its mentions, each distinct handle once.
    ///
    /// - Parameters:
    ///   - text: The post's text.
    ///   - resolver: Finds the DID of each mentioned handle.
    /// - Throws: `CancellationError` when the task is cancelled; nothing else.
    package static func make(_ text: String, resolver: some BlueskyHandleResolving) async throws -> BlueskyRichText {
        let detection = BlueskyFacetDetector.detect(text)
        var facets = detection.facets
        var notes: [String] = []
        var answers: [String: Result<String, MentionProblem>] = [:]
        for mention in detection.mentions {
            let key = mention.handle.lowercased()
            if answers[key] == nil {
                answers[key] = try await resolve(key, with: resolver)
            }
            switch answers[key]! {
            case .success(let did):
                facets.append(BlueskyFacet(bytes: mention.bytes, feature: .mention(did: did)))
            case .failure(let problem):
                let note = "@\(mention.handle) stays plain text: \(problem.reason)"
                if !notes.contains(note) { notes.append(note) }
            }
        }
        facets.sort { $0.index.byteStart < $1.index.byteStart }
        return BlueskyRichText(text: text, facets: facets, notes: notes)
    }

    private struct MentionProblem: Error {
        var reason: String
    }

    private static func resolve(
        _ handle: String,
        with resolver: some BlueskyHandleResolving
    ) async throws -> Result<String, MentionProblem> {
        do {
            guard let did = try await resolver.did(forHandle: handle) else {
                return .failure(MentionProblem(reason: "no account has that handle"))
            }
            guard ATProtoSyntax.isDID(did) else {
                return .failure(MentionProblem(reason: "the handle resolved to something that is not a DID"))
            }
            return .success(did)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            return .failure(MentionProblem(reason: "the handle could not be resolved (\(error))"))
        }
    }
}
