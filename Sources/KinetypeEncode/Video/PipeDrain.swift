import Foundation
import KinetypeCore

/// Reads a child process's pipe to its end on a background thread, so a chatty ffmpeg or ffprobe
/// never blocks on a full pipe and two pipes of one process can be drained at once.
final class PipeDrain: Sendable {
    /// The pipe to give the process (as its standard error, say).
    let pipe = Pipe()
    /// Everything read, once the pipe reached its end.
    private let contents = Locked<Data?>(nil)
    private let isReading = Locked(false)

    /// Starts reading; call it once the process runs.
    func start() {
        isReading.withLock { $0 = true }
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [contents] in
            let read = handle.readDataToEndOfFile()
            contents.withLock { $0 = read }
        }
    }

    /// Waits for the end of the pipe and returns everything read; empty when reading never started.
    @discardableResult
    func wait() -> Data {
        guard isReading.withLock({ $0 }) else { return Data() }
        return contents.withLock(waitingUntil: { $0 != nil }, { $0 ?? Data() })
    }

    /// Everything read, as text (complete once `wait()` returned).
    var text: String { String(decoding: contents.withLock { $0 } ?? Data(), as: UTF8.self) }

    /// ": <the last five lines>", or "" when the process printed nothing.
    var suffix: String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        return ": " + text.split(separator: "\n").suffix(5).joined(separator: "\n")
    }
}
