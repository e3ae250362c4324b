import Foundation
import KinetypeCore

/// Where the tool writes: standard output for results, standard error for errors and progress.
final class Terminal {
    /// Whether standard error is an interactive terminal (progress bars only then).
    let isInteractive: Bool
    /// The terminal's width in columns, for the progress bar.
    let columns: Int

    init() {
        isInteractive = isatty(STDERR_FILENO) == 1
        var size = winsize()
        if isInteractive, ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            columns = Int(size.ws_col)
        } else {
            columns = 80
        }
    }

    /// Writes to standard output; a newline is added unless the text ends with one.
    func out(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n", to: FileHandle.standardOutput)
    }

    /// Writes to standard error as is.
    func err(_ text: String) {
        write(text, to: FileHandle.standardError)
    }

    /// `kinetype: error: <file>:<line>:<col>: <path>: <message>` and its hint.
    func report(_ diagnostic: Diagnostic) {
        var text = "kinetype: error: \(diagnostic)\n"
        if let hint = diagnostic.hint { text += "  hint: \(hint)\n" }
        err(text)
    }

    /// `kinetype: warning: …`.
    func warn(_ message: String) {
        err("kinetype: warning: \(message)\n")
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
