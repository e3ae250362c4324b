import Foundation

/// A one-line progress bar on standard error: units done, units per second, time left.
/// Draws nothing when standard error is not a terminal or output is quiet.
///
/// Safe to call from several threads at once (`batch` reports from its worker queue). The rate
/// and the time left are measured per phase: when the label changes (a GIF's palette pass, then
/// its frames pass), or the count starts over, the clock restarts.
// Unchecked: the mutable state and every use of `terminal` (not Sendable) are under `lock`.
final class ProgressBar: @unchecked Sendable {
    private let terminal: Terminal
    private let enabled: Bool
    private let lock = NSLock()
    private var phase = ""
    private var phaseStarted = Date()
    private var lastDone = 0
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(terminal: Terminal, quiet: Bool) {
        self.terminal = terminal
        self.enabled = terminal.isInteractive && !quiet
    }

    /// Shows `done` of `total` units of work labelled `label` (e.g. "frames").
    func update(done: Int, total: Int, label: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        if label != phase || done < lastDone {
            phase = label
            phaseStarted = now
        }
        lastDone = done
        guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let line = Self.line(
            done: done, total: total, label: label, elapsed: now.timeIntervalSince(phaseStarted),
            columns: terminal.columns)
        terminal.err("\r" + line + "\u{1B}[K")
        drawn = true
    }

    /// Clears the bar so the next line starts clean.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        guard drawn else { return }
        terminal.err("\r\u{1B}[K")
        drawn = false
    }

    /// The bar's text for `done` of `total` after `elapsed` seconds of the current phase.
    static func line(done: Int, total: Int, label: String, elapsed: TimeInterval, columns: Int) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(max(0, total - done)) / rate : 0
        let stats = String(format: " %ld/%ld %@  %.1f/s  ETA %@", done, total, label, rate, clock(remaining))
        let barWidth = max(10, min(40, columns - stats.count - 4))
        let fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 1
        let filled = Int(Double(barWidth) * fraction)
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
            + stats
    }

    /// `m:ss`, capped at 99:59:59 so a nearly stalled rate never prints nonsense.
    static func clock(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 359_999).rounded()) : 359_999
        if whole >= 3600 { return String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60) }
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
