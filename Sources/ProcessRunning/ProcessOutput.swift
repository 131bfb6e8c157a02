/// What a finished (or killed) program did.
package struct ProcessOutput: Sendable, Hashable {
    /// The exit code, or nil when a signal ended it.
    package var exitStatus: Int?
    /// The signal that ended it, if any.
    package var signal: Int?
    /// True when the deadline passed and the runner killed it.
    package var timedOut: Bool
    /// True when the calling task was cancelled and the runner killed it (or never started it).
    package var cancelled: Bool
    /// Captured standard output.
    package var standardOutput: [UInt8]
    /// Captured standard error.
    package var standardError: [UInt8]
    /// True when stdout held a complete JSON object but the child did not exit within
    /// ``ProcessInvocation/answerGracePeriod``, so its process group was killed.
    package var answeredThenLingered = false

    /// Creates an output; test doubles use this to fake a program's result.
    package init(
        exitStatus: Int? = 0,
        signal: Int? = nil,
        timedOut: Bool = false,
        cancelled: Bool = false,
        standardOutput: [UInt8] = [],
        standardError: [UInt8] = []
    ) {
        self.exitStatus = exitStatus
        self.signal = signal
        self.timedOut = timedOut
        self.cancelled = cancelled
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// True when it exited with status 0 in time.
    package var succeeded: Bool { exitStatus == 0 && !timedOut && !cancelled }

    /// Standard error as text, trimmed, for error messages.
    package var errorText: String {
        String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: " \n\r\t")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
