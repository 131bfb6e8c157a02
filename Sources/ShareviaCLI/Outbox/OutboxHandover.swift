import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands a command that needs the PostgreSQL outbox over to `sharevia-outbox-postgres`, the same command line in a
/// program that links the PostgreSQL backend, so `sharevia` itself stays lean: the process is replaced (`execv`),
/// with the same arguments, environment, standard streams and process id.
enum OutboxHandover {
    /// The program's name.
    static let programName = "sharevia-outbox-postgres"
    /// A variable naming the program's path, for an install that keeps it elsewhere.
    static let pathVariable = "SHAREVIA_OUTBOX_POSTGRES"

    /// Replaces this process with `sharevia-outbox-postgres` and the same arguments; returns only by throwing.
    /// - Throws: ``CommandFailure`` (internal error) when the program is not there or can't be started, saying
    ///   where it was looked for and how to get it.
    static func handOver(environment: ShareEnvironment) throws -> Never {
        let path = environment[pathVariable] ?? besideThisProgram()
        guard let path, access(path, X_OK) == 0 else {
            throw OutboxCommands.failure(
                "the PostgreSQL outbox is handled by \(programName), which is not installed"
                    + (path.map { " (looked for \($0))" } ?? "")
                    + "; build it with 'swift build -c release --product \(programName)' and put it beside sharevia "
                    + "('scripts/install.sh' does), or name it with \(pathVariable)"
            )
        }
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        let reason = String(cString: strerror(errno))
        throw OutboxCommands.failure("can't start \(path): \(reason)")
    }

    /// `sharevia-outbox-postgres` in the folder of this program's executable.
    private static func besideThisProgram() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let me = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = me.lastIndex(of: "/") else { return nil }
        return String(me[..<slash]) + "/" + programName
    }
}
