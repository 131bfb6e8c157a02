/// The Bluesky answer parsers on arbitrary bytes, for the `bluesky-upload-blob`,
/// `bluesky-create-record` and `bluesky-xrpc-error` fuzz targets (`Fuzz/`).
@_spi(Fuzzing)
public enum BlueskyAnswerFuzzing {
    /// Reads `bytes` as uploadBlob's answer: nil when a blob was read (and it passed the image
    /// checks or failed them with a field named), else the refusal as `field: message`.
    public static func uploadBlob(_ bytes: [UInt8]) -> String? {
        do throws(BlueskyRecordError) {
            let blob = try BlueskyAnswers.uploadedBlob(bytes)
            precondition(ATProtoSyntax.isCID(blob.cid) && blob.size >= 0, "a blob read must be valid")
            _ = try? BlueskyEmbed.Image(image: blob, alt: "", aspectRatio: nil)
            return nil
        } catch {
            return error.description
        }
    }

    /// Reads `bytes` as createRecord's answer: nil when a post was read, else the refusal.
    public static func createRecord(_ bytes: [UInt8]) -> String? {
        do throws(BlueskyRecordError) {
            let post = try BlueskyAnswers.createdPost(bytes)
            precondition(ATProtoSyntax.isRecordKey(post.recordKey), "a record key read must be valid")
            return nil
        } catch {
            return error.description
        }
    }

    /// Reads `bytes` as an XRPC error: its message as quoted, or nil when it is not one.
    public static func xrpcError(_ bytes: [UInt8]) -> String? {
        guard let error = BlueskyAnswers.xrpcError(bytes) else { return nil }
        return error.name + ": " + (error.message ?? "")
    }
}

extension BlueskyAnswerFuzzing {
    /// Reads `bytes` as resolveHandle's answer (`bluesky-resolve-handle`): nil when a DID was
    /// read (and it is one), else the refusal as `field: message`.
    public static func resolveHandle(_ bytes: [UInt8]) -> String? {
        do throws(BlueskyRecordError) {
            let did = try BlueskyAnswers.resolvedDID(bytes)
            precondition(ATProtoSyntax.isDID(did), "a DID read must be valid")
            return nil
        } catch {
            return error.description
        }
    }

    /// Reads `bytes` as getRecord's answer (`bluesky-get-record`): nil when a post was read,
    /// else the refusal as `field: message`.
    public static func getRecord(_ bytes: [UInt8]) -> String? {
        do throws(BlueskyRecordError) {
            let post = try BlueskyAnswers.fetchedPost(bytes)
            precondition(BlueskyRecordURI(post.reference.uri) != nil, "a post read must have an AT URI")
            return nil
        } catch {
            return error.description
        }
    }
}
