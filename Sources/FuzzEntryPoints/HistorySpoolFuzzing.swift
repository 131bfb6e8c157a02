import ShareHistory

/// The history spool file's parser for the `history-spool` fuzz target (`Fuzz/`): any bytes as a
/// spooled share (`history-spool/<shareID>.json`). ShareHistory's API is `package`; this is the
/// one way in from outside the package.
@_spi(Fuzzing)
public enum HistorySpoolFuzzing {
    /// What became of the bytes.
    public struct Outcome: Sendable, Hashable {
        /// Whether the bytes were read as a spooled share.
        public var accepted: Bool
        /// Whether what was read, written and read again, is the same share, within every cap.
        public var roundTrips: Bool
        /// The refusal, when refused.
        public var refusal: String?
    }

    /// Reads `bytes` as a spool file; writes what was read and reads it again.
    public static func read(_ bytes: [UInt8]) -> Outcome {
        do throws(HistorySpoolFile.Problem) {
            _ = try HistorySpoolFile.shareID(of: bytes)
        } catch {
            return Outcome(accepted: false, roundTrips: true, refusal: error.description)
        }
        return Outcome(accepted: true, roundTrips: HistorySpoolFile.roundTripsWithinCaps(bytes) == true, refusal: nil)
    }
}
