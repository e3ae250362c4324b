import Foundation
import Kinetype

/// Progress of a long-running command on standard error, in the `--progress` style: a redrawn
/// one-line bar (units done, units per second, time left), plain lines for CI logs, JSON lines
/// for tools, or nothing.
///
/// Safe to call from several threads at once (`batch` reports from its worker queue). One bar
/// covers a whole command: its fill and the time left follow the share of all the work done
/// (`fraction`, over a GIF's palette and frames passes alike), measured from the first update;
/// the count and the rate are those of the current phase.
final class ProgressBar: Sendable {
    private let terminal: Terminal
    private let style: ProgressStyle
    /// The current phase and what was last drawn.
    private struct State {
        var started: Date?
        var phase = ""
        var phaseStarted = Date()
        var lastDone = 0
        /// The largest share reported so far: the bar never moves back.
        var fraction = 0.0
        var lastDraw = Date.distantPast
        var lastTenth = -1
        var drawn = false
    }
    private let state = Locked(State())

    /// `style` `.auto` shows the bar only on an interactive terminal that is not `TERM=dumb`, and
    /// nothing when `quiet`; the other styles are what was asked for.
    init(terminal: Terminal, style: ProgressStyle = .auto, quiet: Bool) {
        self.terminal = terminal
        switch style {
        case .auto: self.style = terminal.canRedraw && !quiet ? .bar : .none
        case .bar, .plain, .json, .none: self.style = style
        }
    }

    /// Shows `done` of `total` `unit`s of the phase `label` (e.g. "palette", "frames"), with
    /// `fraction` of the whole command done (by default `done / total`).
    func update(done: Int, total: Int, label: String, unit: String = "frames", fraction: Double? = nil) {
        guard style != .none else { return }
        state.withLock { state in
            // Written under the bar's lock, so updates from several threads appear in order.
            let share = fraction ?? (total > 0 ? Double(done) / Double(total) : 1)
            if let text = nextText(done: done, total: total, label: label, unit: unit, share: share, &state) {
                terminal.err(text)
            }
        }
    }

    /// What to write for this update, or nil when nothing is due; `state` is updated.
    private func nextText(
        done: Int, total: Int, label: String, unit: String, share: Double, _ state: inout State
    ) -> String? {
        let now = Date()
        let started = state.started ?? now
        state.started = started
        if label != state.phase || done < state.lastDone {
            state.phase = label
            state.phaseStarted = now
        }
        state.lastDone = done
        state.fraction = max(state.fraction, min(1, max(0, share.isFinite ? share : 0)))
        let snapshot = Snapshot(
            done: done, total: total, label: label, unit: unit, fraction: state.fraction,
            phaseElapsed: now.timeIntervalSince(state.phaseStarted), elapsed: now.timeIntervalSince(started))
        let finished = state.fraction >= 1
        switch style {
        case .bar:
            guard finished || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            state.drawn = true
            return "\r" + Self.line(snapshot, columns: terminal.columns) + "\u{1B}[K"
        case .plain:
            let tenth = Int(state.fraction * 10)
            guard tenth > state.lastTenth else { return nil }
            state.lastTenth = tenth
            return "kinetype: " + Self.plainLine(snapshot) + "\n"
        case .json:
            guard finished || now.timeIntervalSince(state.lastDraw) >= 0.5 else { return nil }
            state.lastDraw = now
            return Self.jsonLine(snapshot) + "\n"
        case .auto, .none:
            return nil
        }
    }

    /// Clears the bar so the next line starts clean.
    func finish() {
        guard style == .bar else { return }
        state.withLock { state in
            guard state.drawn else { return }
            terminal.err("\r\u{1B}[K")
            state.drawn = false
        }
    }

    /// One moment of the work, as the three styles show it.
    struct Snapshot {
        var done: Int
        var total: Int
        var label: String
        var unit: String
        /// The share of the whole command done.
        var fraction: Double
        /// Seconds since the phase began (for its rate) and since the command began (for the time left).
        var phaseElapsed: TimeInterval
        var elapsed: TimeInterval

        /// Units of the phase per second.
        var rate: Double { phaseElapsed > 0 ? Double(done) / phaseElapsed : 0 }

        /// Seconds left at the command's pace so far; 0 before anything is done.
        var remaining: Double { fraction > 0 ? elapsed * (1 - fraction) / fraction : 0 }

        /// `24.1 frames/s`: three significant digits at most, never a long fraction.
        var rateText: String {
            let digits = rate >= 100 ? 0 : rate >= 10 ? 1 : 2
            return String(format: "%.\(digits)f \(unit)/s", rate)
        }
    }

    /// The bar's text: `[████░░░░] 571/3600 frames  400 frames/s  ETA 0:08`.
    static func line(_ snapshot: Snapshot, columns: Int) -> String {
        let stats = String(
            format: " %ld/%ld %@  %@  ETA %@", snapshot.done, snapshot.total, snapshot.label, snapshot.rateText,
            clock(snapshot.remaining))
        let barWidth = max(10, min(40, columns - stats.count - 4))
        let filled = Int(Double(barWidth) * min(1, max(0, snapshot.fraction)))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
            + stats
    }

    /// `frames 30/149 (20%), 24.1 frames/s, ETA 0:05`; the percentage is of the whole command.
    static func plainLine(_ snapshot: Snapshot) -> String {
        String(
            format: "%@ %ld/%ld (%ld%%), %@, ETA %@", snapshot.label, snapshot.done, snapshot.total,
            Int(snapshot.fraction * 100), snapshot.rateText, clock(snapshot.remaining))
    }

    /// `{"done":30,"elapsed":1.25,"fraction":0.2,"phase":"frames","remaining":4.96,"total":149}` (seconds).
    static func jsonLine(_ snapshot: Snapshot) -> String {
        let rounded = { (value: Double) in (value * 1000).rounded() / 1000 }
        let object: [String: Any] = [
            "phase": snapshot.label, "done": snapshot.done, "total": snapshot.total,
            "fraction": rounded(snapshot.fraction), "elapsed": rounded(snapshot.elapsed),
            "remaining": rounded(snapshot.remaining),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `m:ss`, capped at 99:59:59 so a nearly stalled rate never prints nonsense.
    static func clock(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 359_999).rounded()) : 359_999
        if whole >= 3600 { return String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60) }
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
