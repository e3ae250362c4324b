import Foundation
import Kinetype

/// Where the tool writes: standard output for results, standard error for errors and progress.
/// Every write is checked: once a stream cannot be written (a full disk, a closed pipe), nothing
/// more is sent to it, and `streamFailures` says which and why, for `main` to report and exit 73.
/// Safe to use from several threads (progress comes from workers): what changes is in `state`, and
/// each write happens under its lock, so lines never interleave.
final class Terminal: Sendable {
    /// Whether standard error is an interactive terminal (progress bars only then).
    let isInteractive: Bool
    /// `TERM=dumb`: a terminal that cannot move the cursor or show colours.
    let isDumb: Bool
    /// `NO_COLOR` is set to something (https://no-color.org).
    let noColorRequested: Bool
    /// The terminal's width in columns, for the progress bar and help; `COLUMNS` when it is not a
    /// terminal, else 80.
    let columns: Int
    /// What changes while the tool runs.
    private struct State {
        var colorMode = ColorMode.auto
        var streamFailures: [StreamFailure] = []
        /// Problems printed so far, and those left out once `Diagnostic.maximumReported` were printed.
        var reported = 0
        var omitted = 0
    }
    private let state = Locked(State())

    /// `--color`; set once the command line is parsed.
    var colorMode: ColorMode {
        get { state.withLock { $0.colorMode } }
        set { state.withLock { $0.colorMode = newValue } }
    }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isInteractive = isatty(STDERR_FILENO) == 1
        isDumb = environment["TERM"] == "dumb"
        noColorRequested = !(environment["NO_COLOR"] ?? "").isEmpty
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            || isInteractive && ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        {
            columns = Int(size.ws_col)
        } else if let given = environment["COLUMNS"].flatMap(Int.init), (20...1000).contains(given) {
            columns = given
        } else {
            columns = 80
        }
    }

    /// Whether messages on standard error are coloured.
    var usesColor: Bool { usesColor(colorMode) }

    private func usesColor(_ colorMode: ColorMode) -> Bool {
        switch colorMode {
        case .always: return true
        case .never: return false
        case .auto: return isInteractive && !isDumb && !noColorRequested
        }
    }

    /// Whether a redrawn progress bar can be shown (an interactive terminal that moves the cursor).
    var canRedraw: Bool { isInteractive && !isDumb }

    /// A standard stream that could not be written: which, the `errno`, and the text that did not
    /// get out.
    struct StreamFailure: Sendable {
        var descriptor: Int32
        var code: Int32
        var text: String

        var streamName: String { descriptor == STDOUT_FILENO ? "standard output" : "standard error" }
    }

    /// The first failed write of each stream, in the order they failed.
    var streamFailures: [StreamFailure] { state.withLock { $0.streamFailures } }

    /// Writes to standard output; a newline is added unless the text ends with one.
    func out(_ text: String) {
        state.withLock { Self.write(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO, &$0) }
    }

    /// Writes to standard error as is, the severity words coloured when `usesColor`.
    func err(_ text: String) {
        state.withLock { err(text, &$0) }
    }

    /// `kinetype: error: <file>:<line>:<col>: <path>: <message>` and its hint (`warning:` and
    /// `note:` for the other severities). After `Diagnostic.maximumReported` errors in one run,
    /// further ones are only counted (see `finishReports`), so a run's error output stays bounded
    /// however many problems it finds.
    func report(_ diagnostic: Diagnostic) {
        if diagnostic.omittedCount > 0 {
            state.withLock { $0.omitted += diagnostic.omittedCount }
        } else if diagnostic.severity == .error {
            problem(diagnostic.reportText)
        } else {
            err(diagnostic.reportText)
        }
    }

    /// Writes one problem's text to standard error, counting it against the run's limit.
    func problem(_ text: String) {
        state.withLock { state in
            guard state.reported < Diagnostic.maximumReported else {
                state.omitted += 1
                return
            }
            state.reported += 1
            err(text, &state)
        }
    }

    /// `kinetype: error: and N more problems` when some were left out.
    func finishReports() {
        state.withLock { state in
            guard state.omitted > 0 else { return }
            let omitted = state.omitted
            state.omitted = 0
            err("kinetype: error: and \(omitted) more problem\(omitted == 1 ? "" : "s") (not shown)\n", &state)
        }
    }

    private func err(_ text: String, _ state: inout State) {
        Self.write(usesColor(state.colorMode) ? SeverityColors.apply(to: text) : text, to: STDERR_FILENO, &state)
    }

    private static func write(_ text: String, to descriptor: Int32, _ state: inout State) {
        guard !state.streamFailures.contains(where: { $0.descriptor == descriptor }) else { return }
        if let code = DescriptorWrite.all(text, to: descriptor) {
            state.streamFailures.append(StreamFailure(descriptor: descriptor, code: code, text: text))
        }
    }
}
