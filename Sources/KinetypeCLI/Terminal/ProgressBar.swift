import Foundation
import Kinetype

/// Progress of a long-running command on standard error, in the `--progress` style: a redrawn
/// one-line bar (units done, units per second, time left), plain lines for CI logs, JSON lines
/// for tools, or nothing.
///
/// Safe to call from several threads at once (`batch` reports from its worker queue). The rate
/// and the time left are measured per phase: when the label changes (a GIF's palette pass, then
/// its frames pass), or the count starts over, the clock restarts.
final class ProgressBar: Sendable {
    private let terminal: Terminal
    private let style: ProgressStyle
    /// The current phase and what was last drawn.
    private struct State {
        var phase = ""
        var phaseStarted = Date()
        var lastDone = 0
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
        default: self.style = style
        }
    }

    /// Shows `done` of `total` units of work labelled `label` (e.g. "frames").
    func update(done: Int, total: Int, label: String) {
        guard style != .none else { return }
        state.withLock { state in
            // Written under the bar's lock, so updates from several threads appear in order.
            if let text = nextText(done: done, total: total, label: label, &state) { terminal.err(text) }
        }
    }

    /// What to write for this update, or nil when nothing is due; `state` is updated.
    private func nextText(done: Int, total: Int, label: String, _ state: inout State) -> String? {
        let now = Date()
        if label != state.phase || done < state.lastDone {
            state.phase = label
            state.phaseStarted = now
            state.lastTenth = -1
        }
        state.lastDone = done
        let elapsed = now.timeIntervalSince(state.phaseStarted)
        switch style {
        case .bar:
            guard done == total || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            state.drawn = true
            let line = Self.line(done: done, total: total, label: label, elapsed: elapsed, columns: terminal.columns)
            return "\r" + line + "\u{1B}[K"
        case .plain:
            let tenth = total > 0 ? done * 10 / total : 10
            guard tenth > state.lastTenth else { return nil }
            state.lastTenth = tenth
            return "kinetype: " + Self.plainLine(done: done, total: total, label: label, elapsed: elapsed) + "\n"
        case .json:
            guard done == total || now.timeIntervalSince(state.lastDraw) >= 0.5 else { return nil }
            state.lastDraw = now
            return Self.jsonLine(done: done, total: total, label: label, elapsed: elapsed) + "\n"
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

    /// The bar's text for `done` of `total` after `elapsed` seconds of the current phase.
    static func line(done: Int, total: Int, label: String, elapsed: TimeInterval, columns: Int) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let stats = String(
            format: " %ld/%ld %@  %.1f/s  ETA %@", done, total, label, rate,
            clock(remaining(done: done, total: total, elapsed: elapsed)))
        let barWidth = max(10, min(40, columns - stats.count - 4))
        let fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 1
        let filled = Int(Double(barWidth) * fraction)
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
            + stats
    }

    /// `frames 30/149 (20%), 24.1/s, ETA 0:05`.
    static func plainLine(done: Int, total: Int, label: String, elapsed: TimeInterval) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        return String(
            format: "%@ %ld/%ld (%ld%%), %.1f/s, ETA %@", label, done, total, percent, rate,
            clock(remaining(done: done, total: total, elapsed: elapsed)))
    }

    /// `{"phase":"frames","done":30,"total":149,"elapsed":1.25,"remaining":4.96}` (seconds).
    static func jsonLine(done: Int, total: Int, label: String, elapsed: TimeInterval) -> String {
        let remaining = remaining(done: done, total: total, elapsed: elapsed)
        let object: [String: Any] = [
            "phase": label, "done": done, "total": total,
            "elapsed": (elapsed * 1000).rounded() / 1000, "remaining": (remaining * 1000).rounded() / 1000,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Seconds left at the current phase's rate; 0 before any unit is done.
    static func remaining(done: Int, total: Int, elapsed: TimeInterval) -> Double {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        return rate > 0 ? Double(max(0, total - done)) / rate : 0
    }

    /// `m:ss`, capped at 99:59:59 so a nearly stalled rate never prints nonsense.
    static func clock(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 359_999).rounded()) : 359_999
        if whole >= 3600 { return String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60) }
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
