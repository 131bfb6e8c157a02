import ShareCore

extension HistoryStore {
    /// The spool folder beside the database: `history-spool/`.
    package var spoolFolder: String { HistorySpool(databasePath: path).folder }

    /// Records a share's report as one file in the history spool (see ``HistorySpool``), without
    /// opening the database: what `sharevia --to file` does after its report, at a fraction of a
    /// millisecond. ``importSpool()`` moves spooled shares into the database before history is
    /// read. Never throws.
    ///
    /// - When the record is larger than ``HistoryLimits/spoolFileBytes`` or the spool can't be
    ///   written, the share is written to the database directly
    ///   (``record(report:options:card:keepContent:exitCode:)``).
    /// - When the spool then holds more than ``HistoryLimits/spoolFiles`` files (no one has read
    ///   history for a long while), this share imports the spool itself, so it can't grow
    ///   without bound.
    ///
    /// Content (`--keep-content`) is not spooled: a share that keeps it calls `record`.
    package func spool(
        report: ShareReport,
        options: ShareOptions,
        card: HistoryCard? = nil,
        exitCode: Int32? = nil
    ) -> HistoryRecording {
        let row = HistoryRow(report: report, options: options, card: card, content: nil, exitCode: exitCode)
        let spool = HistorySpool(databasePath: path)
        guard let bytes = HistorySpoolFile.encode(row), bytes.count <= HistoryLimits.spoolFileBytes,
            spool.add(bytes, id: row.id) == nil
        else {
            return record(report: report, options: options, card: card, exitCode: exitCode)
        }
        guard spool.names(limit: HistoryLimits.spoolFiles + 1).count > HistoryLimits.spoolFiles else {
            return HistoryRecording(recorded: true)
        }
        let imported = importSpool()
        return HistoryRecording(
            recorded: true,
            warnings: imported.warnings + (imported.error.map { [spoolWarning($0)] } ?? [])
        )
    }

    /// Moves the spooled shares into the database: up to ``HistoryLimits/spoolBatch`` files at a
    /// time are read (each at most ``HistoryLimits/spoolFileBytes``), inserted in one
    /// transaction (a share already there is left as it is), committed, and only then removed.
    /// A crash between the commit and the removal imports them again harmlessly, and two
    /// importers at once each insert the same shares once. A file that can't be read as a spooled
    /// share is renamed `NAME.damaged` with a warning; the others are imported.
    ///
    /// Call it before reading history (`sharevia history`, `sharevia stats`) and from any command
    /// that opens the database anyway. Does nothing (opens no database) when the spool is empty.
    /// Never throws: a database that is refused or busy is ``HistorySpoolImport/error``, and the
    /// files stay for the next import.
    package func importSpool() -> HistorySpoolImport {
        let spool = HistorySpool(databasePath: path)
        var result = HistorySpoolImport()
        // Bounded, though sharers may keep adding while it runs.
        for _ in 0..<(HistoryLimits.spoolFiles / HistoryLimits.spoolBatch + 100) {
            let names = spool.names(limit: HistoryLimits.spoolBatch)
            if names.isEmpty { break }
            var rows: [HistoryRow] = []
            var read: [String] = []
            for name in names {
                let (bytes, problem) = spool.contents(of: name)
                var refusal = problem
                if let bytes {
                    do throws(HistorySpoolFile.Problem) {
                        rows.append(try HistorySpoolFile.decode(bytes))
                        read.append(name)
                        continue
                    } catch {
                        refusal = error.description
                    }
                }
                guard let refusal, let movedTo = spool.moveAside(name) else { continue }
                result.damaged.append(movedTo)
                result.warnings.append(
                    HistoryWarning("history: \(spool.folder)/\(name) was moved to \(movedTo): \(refusal)")
                )
            }
            if !rows.isEmpty {
                let written = write(rows, unwritten: "the spooled shares were not imported")
                result.warnings += written.warnings.filter { $0.movedTo != nil }
                guard written.recorded else {
                    result.error = written.warnings.compactMap(\.error).last
                    return result
                }
                for name in read { spool.remove(name) }
                result.imported += rows.count
            }
            if names.count < HistoryLimits.spoolBatch { break }
        }
        return result
    }

    private func spoolWarning(_ error: SQLiteError) -> HistoryWarning {
        HistoryWarning("history: the spooled shares were not imported: \(error)", error: error)
    }
}
