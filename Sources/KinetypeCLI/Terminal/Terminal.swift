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

    /// Problems printed so far, and those left out once `Diagnostic.maximumReported` were printed.
    private var reported = 0
    private var omitted = 0

    /// `kinetype: error: <file>:<line>:<col>: <path>: <message>` and its hint (`warning:` and
    /// `note:` for the other severities). After `Diagnostic.maximumReported` errors in one run,
    /// further ones are only counted (see `finishReports`), so a run's error output stays bounded
    /// however many problems it finds.
    func report(_ diagnostic: Diagnostic) {
        if diagnostic.omittedCount > 0 {
            omitted += diagnostic.omittedCount
            return
        }
        if diagnostic.severity == .error {
            problem(diagnostic.reportText)
        } else {
            err(diagnostic.reportText)
        }
    }

    /// Writes one problem's text to standard error, counting it against the run's limit.
    func problem(_ text: String) {
        guard reported < Diagnostic.maximumReported else {
            omitted += 1
            return
        }
        reported += 1
        err(text)
    }

    /// `kinetype: error: and N more problems` when some were left out.
    func finishReports() {
        guard omitted > 0 else { return }
        err("kinetype: error: and \(omitted) more problem\(omitted == 1 ? "" : "s") (not shown)\n")
        omitted = 0
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
