#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A plugin's stdout on arbitrary bytes, for the `plugin-answer` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum PluginAnswerFuzzing {
    /// Finds the one JSON object and decodes it as each answer; returns whether one object was found.
    public static func read(_ bytes: [UInt8]) -> Bool {
        guard case .object(let object) = JSONObjectScanner.single(in: bytes) else { return false }
        let data = Data(object)
        _ = try? JSONDecoder().decode(PluginProtocol.Description.self, from: data)
        _ = try? JSONDecoder().decode(PluginProtocol.CheckAnswer.self, from: data)
        _ = try? JSONDecoder().decode(PluginProtocol.DeliverAnswer.self, from: data)
        return true
    }
}
