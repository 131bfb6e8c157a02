import ShareCore

/// The share errors for attachment files that can't be read, with what to do.
enum AttachmentFileError {
    /// The limit of a regular file attached to a share.
    static let fileLimit = InputLimit(
        bytes: ShareAttachment.fileByteLimit,
        rule: "sharevia's limit for one attachment"
    )

    /// The limit of a pipe read into memory.
    static let pipeLimit = InputLimit(
        bytes: ShareAttachment.memoryByteLimit,
        rule: "sharevia's limit for an attachment read from a pipe"
    )

    /// The share error for an input error, with what to do; its underlying error is `error`.
    static func shareError(
        _ error: InputFileError,
        wait: Duration? = nil,
        code: ShareError.Code = .badInput
    ) -> ShareError {
        let path = error.path
        let message: String
        var detail: ShareError.Detail?
        switch error.problem {
        case .missing:
            message = "\(path): no such file. Check the path."
            detail = .init(.missingFile, value: path)
        case .notAFile(.directory):
            message = "\(path) is a directory; pass an image or other file to attach."
        case .notAFile:
            message = "\(error.message); save what you want to share to a file and pass that file"
        case .unreadable(let reason):
            message = "\(path) can't be read: \(reason). Check its permissions with ls -l and fix them with chmod."
        case .tooLarge(let limit) where limit == pipeLimit:
            message =
                "\(error.message); save it to a file and pass that file (files up to \(InputLimit.describe(ShareAttachment.fileByteLimit)) can be attached)"
        case .tooLarge:
            message = "\(error.message); pass a smaller file"
        case .timedOut:
            let within = wait.map { " within \($0.formatted)" } ?? ""
            message =
                "'\(path)' is a pipe that sent no end of file\(within); close its writer, or save the content to a file and pass that file"
        case .cancelled:
            return ShareError(.cancelled, message: error.message, underlying: error)
        }
        return ShareError(code, message: message, detail: detail, underlying: error)
    }
}

extension InputFileError.Problem {
    /// True for ``tooLarge(_:)``.
    package var isOverLimit: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}
