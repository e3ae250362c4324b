import Foundation
import KinetypeEncode

/// Writes a run's scene summaries (`SceneSummaries`) as the jobs finish, in plan order, so memory
/// does not grow with the entries. While the run records what the old `.kinetype/scene-summaries`
/// holds, in its order (an unchanged re-run), nothing is written; from the first difference the
/// records go into a temporary file beside it, which `finish` puts in place. Summaries are a
/// cache: a file that cannot be written only means the next run prepares its scenes again.
final class SceneSummaryWriter {
    private let known: SceneSummaries
    private let path: String
    /// The temporary file, from the first record that differs from the old file's.
    private var file: AtomicFile?
    private var descriptor: Int32 = -1
    /// Set when the file cannot be written: nothing more is tried.
    private var failed = false
    private var buffer: [UInt8] = []
    /// How many bytes of the old file this run recorded again, in order, before anything else.
    private var sameBytes = 0
    /// The keys recorded in this run, and the input sets written.
    private var recorded: Set<String> = []
    private var writtenInputs: Set<String> = []

    /// A writer replacing `known`'s file in `folder`.
    init(replacing known: SceneSummaries, in folder: BatchFolderPaths) {
        self.known = known
        path = SceneSummaries.path(in: folder)
    }

    private static let bufferSize = 64 << 10

    /// Adds a job's record, after its input set when that is not written yet.
    func add(_ record: SceneSummaryRecord) {
        // Only a run that may keep old records needs to know which it recorded again.
        if !known.known.isEmpty { recorded.insert(record.key) }
        if writtenInputs.insert(record.inputs.id).inserted { append(record.inputs.line) }
        append(record.line)
    }

    /// Puts the file in place when it differs from the old one. With `keepingOthers` (a shard,
    /// which does not see every entry) the old records of keys this run did not record are kept
    /// after this run's, with their input sets; otherwise a record of no job of the batch is
    /// dropped.
    func finish(keepingOthers: Bool) {
        if keepingOthers {
            for (key, record) in known.known.sorted(by: { $0.key < $1.key }) where !recorded.contains(key) {
                add(record)
            }
        }
        // Fewer records than before: the old file's first part only.
        if file == nil, sameBytes != known.knownBytes.count { start() }
        guard let file = file.take() else { return }
        let written = flush() && close(descriptor) == 0
        descriptor = -1
        guard written else { return file.discard() }
        try? file.commit()
    }

    /// Leaves the old file as it is (an interrupted run).
    func discard() {
        file.take()?.discard()
        failed = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    private func append(_ line: String) {
        guard !failed else { return }
        let bytes = Array(line.utf8)
        if file == nil {
            let old = known.knownBytes
            if old.count - sameBytes >= bytes.count, Self.holds(old, bytes, at: sameBytes) {
                sameBytes += bytes.count
                return
            }
            self.start()
            guard !failed else { return }
        }
        buffer += bytes
        if buffer.count >= Self.bufferSize { _ = flush() }
    }

    /// Whether `data` holds `bytes` at `offset` (compared as memory: an unchanged re-run compares
    /// every record).
    private static func holds(_ data: Data, _ bytes: [UInt8], at offset: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        return data.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in memcmp(old.baseAddress! + offset, new.baseAddress!, new.count) == 0 }
        }
    }

    /// Makes the temporary file, with the part of the old file recorded again.
    private func start() {
        guard let file = try? AtomicFile(destination: URL(fileURLWithPath: path)) else {
            failed = true
            return
        }
        descriptor = open(file.temporaryURL.path, O_WRONLY | O_APPEND)
        self.file = consume file
        buffer = [UInt8](known.knownBytes.prefix(sameBytes))
    }

    /// Writes the buffer out; false when the file could not be written (it is then discarded).
    private func flush() -> Bool {
        guard descriptor >= 0 else {
            failed = true
            return false
        }
        let written = buffer.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        buffer.removeAll(keepingCapacity: true)
        if !written {
            close(descriptor)
            descriptor = -1
            failed = true
        }
        return written
    }
}
