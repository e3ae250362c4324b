import Foundation

/// A one-line progress bar on standard error: frames done, frames per second, time left.
/// Draws nothing when standard error is not a terminal or output is quiet.
final class ProgressBar {
    private let terminal: Terminal
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(terminal: Terminal, quiet: Bool) {
        self.terminal = terminal
        self.enabled = terminal.isInteractive && !quiet
    }

    /// Shows `done` of `total` units of work labelled `label` (e.g. "frames").
    func update(done: Int, total: Int, label: String) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = now.timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let stats = String(format: " %ld/%ld %@  %.1f/s  ETA %@", done, total, label, rate, Self.clock(remaining))
        let barWidth = max(10, min(40, terminal.columns - stats.count - 4))
        let filled = total > 0 ? min(barWidth, Int(clamping: Double(barWidth) * Double(done) / Double(total))) : barWidth
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        terminal.err("\r[\(bar)]\(stats)\u{1B}[K")
        drawn = true
    }

    /// Clears the bar so the next line starts clean.
    func finish() {
        guard enabled, drawn else { return }
        terminal.err("\r\u{1B}[K")
        drawn = false
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(clamping: seconds.rounded())
        return String(format: "%ld:%02ld", whole / 60, whole % 60)
    }
}
