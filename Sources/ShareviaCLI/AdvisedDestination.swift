import ShareCore

/// A destination whose availability reasons, errors, notes and receipts carry the command line's
/// advice.
struct AdvisedDestination<Base: ShareDestination>: ShareDestination {
    let base: Base

    var descriptor: DestinationDescriptor { base.descriptor }

    func availability() async -> Availability {
        ErrorAdvice.availability(await base.availability(), destination: base.descriptor.id)
    }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        do throws(ShareError) {
            var prepared = try base.prepare(request)
            prepared.notes = prepared.notes.map { ErrorAdvice.mentioningFlags($0, destination: id) }
            return prepared
        } catch {
            throw advised(error)
        }
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        do throws(ShareError) {
            var receipt = try await base.deliver(prepared)
            receipt.summary = ErrorAdvice.mentioningFlags(receipt.summary, destination: id)
            return receipt
        } catch {
            throw advised(error)
        }
    }

    private func advised(_ error: ShareError) -> ShareError {
        guard let detail = error.detail else { return error }
        let destination = error.destination ?? base.descriptor.id
        guard let text = ErrorAdvice.text(error.message, detail, destination: destination, stage: .share) else {
            return error
        }
        var copy = error
        copy.message = text
        return copy
    }
}

extension DestinationRegistry {
    /// This registry with every destination wrapped in an ``AdvisedDestination``, each still
    /// built only when something asks for it.
    func advised() -> DestinationRegistry {
        var advised = DestinationRegistry()
        for descriptor in descriptors {
            let original = self
            // Ids and aliases come from a valid registry: registering them again can't clash.
            try? advised.register(descriptor) {
                guard let destination = original.destination(descriptor.id) else {
                    preconditionFailure("registered above")
                }
                return Self.advising(destination)
            }
        }
        return advised
    }

    private static func advising(_ destination: some ShareDestination) -> any ShareDestination {
        AdvisedDestination(base: destination)
    }
}
