import ShareCore

extension FileExportDestination {
    /// The file export as a built-in: it writes into the shared `--out` / `output.folder`
    /// (``ShareSettings/outputFolder``) and has no settings of its own.
    public static let builtIn = BuiltInDestination(settings: [], purpose: .local) { context in
        [
            BuiltInDestination.Entry(descriptor: standardDescriptor) {
                FileExportDestination(
                    configuration: .init(directory: context.outputDirectory),
                    environment: context.environment
                )
            }
        ]
    }
}
