import ProcessRunning
import ShareCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What one delivery attempt started, so it can be undone when the attempt does not succeed:
/// the programs it ran (and what they forked) and its private temporary folder.
///
/// Every program gets ``tagVariable``=``tag`` in its environment (see ``TaggedProcesses``). The
/// attempt ends exactly once:
/// - ``commit()`` on success: the temporary folder goes, the selection owners stay;
/// - ``abandon()`` on failure, timeout or cancellation: every tagged process is killed (the
///   tool waited on, and the child it forked to own the selection), and the built-in X11
///   client's owner (`sharevia-clip`, started with this process's environment, so untagged) recorded with
///   ``recordOwner(pid:)``, then the folder goes.
///
/// Once it has ended nothing new may start (``mayStart()``); a program whose spawn was under way
/// when the attempt was abandoned is killed by its runner as soon as it runs (``gate``), and one
/// that was already running carries the tag, so the abandon's look in `/proc` finds it.
///
/// ``abandon()`` is also what the destination's cancellation handler calls, synchronously,
/// because the router does not wait for a delivery it gave up on: the process may exit moments
/// later, and a copy left running would take the clipboard once a frozen display server resumes.
final class ClipboardAttempt: Sendable {
    /// The environment variable that carries the tag.
    static let tagVariable = "SHAREVIA_CLIPBOARD_ATTEMPT"

    /// This attempt's tag: 32 random hex digits.
    let tag: String
    /// Closed when the attempt is abandoned: a program whose spawn was under way then is killed
    /// by its runner as soon as it runs, before the caller's own look for tagged processes could
    /// miss it.
    let gate = StartGate()
    private let state: Mutex<State>

    private struct State {
        var scratch: PrivateTemporaryDirectory
        var ending: Ending?
        var copied: [ClipboardSelection] = []
        /// A pidfd for the built-in X11 client's owner process, or nil.
        var owner: Int32?
    }

    /// How an attempt ended.
    enum Ending: Sendable, Equatable {
        case committed
        /// Abandoned; `killed` processes were stopped, `withdrawn` selections had been taken.
        case abandoned(killed: Int, withdrawn: [ClipboardSelection])
    }

    /// An attempt whose temporary files go in a new private folder under `temporaryParent`.
    init(temporaryParent: String) {
        tag = TaggedProcesses.newTag()
        state = Mutex(State(scratch: PrivateTemporaryDirectory(parent: temporaryParent)))
    }

    /// Writes `bytes` to a private temporary file and returns its path.
    ///
    /// - Throws: ``ShareError``: `cancelled` once the attempt was abandoned, `permanent` when the
    ///   file can't be written.
    func writeTemporary(_ bytes: [UInt8], name: String) throws(ShareError) -> String {
        let result: Result<String, ShareError> = state.withLock { state in
            guard state.ending == nil else {
                return .failure(ShareError(.cancelled, destination: .clipboard, message: "cancelled before copying"))
            }
            do throws(ShareError) {
                return .success(try state.scratch.write(bytes, name: name))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether a program may still be started for this attempt: false once it has ended.
    func mayStart() -> Bool {
        state.withLock { $0.ending == nil }
    }

    /// Records the built-in X11 client's owner process, which is killed (through a pidfd, so a
    /// reused pid is never hit) if the attempt is abandoned. When the attempt was already
    /// abandoned, the owner is killed at once.
    func recordOwner(pid: Int32) {
        let pidfd = TaggedProcesses.pidfd(pid)
        guard pidfd >= 0 else { return }  // already gone
        state.withLock { state in
            switch state.ending {
            case nil:
                if let previous = state.owner { close(previous) }
                state.owner = pidfd
            case .committed:
                close(pidfd)
            case .abandoned(let killed, let withdrawn):
                let sent = TaggedProcesses.send(SIGKILL, through: pidfd)
                close(pidfd)
                state.ending = .abandoned(killed: killed + (sent ? 1 : 0), withdrawn: withdrawn)
            }
        }
    }

    deinit {
        state.withLock { state in
            if let owner = state.owner { close(owner) }
            state.owner = nil
        }
    }

    /// Removes the temporary files written so far (the tool has read them).
    func removeTemporaryFiles() {
        state.withLock { $0.scratch.remove() }
    }

    /// Records that `selection` now belongs to a program of this attempt.
    func recordCopy(to selection: ClipboardSelection) {
        state.withLock { $0.copied.append(selection) }
    }

    /// Ends a successful attempt: removes the temporary folder and keeps the selection owners.
    ///
    /// - Returns: False when the attempt had already been abandoned (its owners are gone).
    func commit() -> Bool {
        state.withLock { state in
            guard state.ending == nil else { return state.ending == .committed }
            state.ending = .committed
            state.scratch.remove()
            if let owner = state.owner { close(owner) }
            state.owner = nil
            return true
        }
    }

    /// Ends a failed, timed-out or cancelled attempt: kills every process that carries the tag
    /// and the recorded X11 owner, then removes the temporary folder. Does nothing after
    /// ``commit()``. A later call kills again (a program may have started after the first) and
    /// returns the first one's ending with the kills added up.
    @discardableResult
    func abandon() -> Ending {
        state.withLock { state in
            var killed = 0
            var withdrawn = state.copied
            switch state.ending {
            case .committed: return .committed
            case .abandoned(let before, let taken):
                killed = before
                withdrawn = taken
            case nil:
                gate.close()
                // The files first: a tool killed anyway needs them no more, and the process may
                // exit right after this handler's first moments.
                state.scratch.remove()
            }
            if let owner = state.owner {
                if TaggedProcesses.send(SIGKILL, through: owner) { killed += 1 }
                close(owner)
                state.owner = nil
            }
            killed += TaggedProcesses.kill(variable: Self.tagVariable, value: tag)
            let ending = Ending.abandoned(killed: killed, withdrawn: withdrawn)
            state.ending = ending
            return ending
        }
    }
}
