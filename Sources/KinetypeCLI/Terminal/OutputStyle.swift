import Foundation

/// `--color`: whether `error:`, `warning:` and `note:` are coloured.
enum ColorMode: String, CaseIterable, Sendable {
    /// Colour when standard error is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset.
    case auto
    case always
    case never
}

/// `--progress`: how long-running commands report progress on standard error.
enum ProgressStyle: String, CaseIterable, Sendable {
    /// A redrawn bar on an interactive terminal (not `TERM=dumb`); nothing otherwise.
    case auto
    /// The redrawn bar, even when standard error is not a terminal.
    case bar
    /// A plain line at every tenth of the work and at the end, for CI logs.
    case plain
    /// One JSON object per line: phase, done, total, elapsed and remaining seconds.
    case json
    case none
}

/// ANSI styling of the severity words in kinetype's messages.
enum SeverityColors {
    private static let styles = [
        ("kinetype: error:", "\u{1B}[1;31merror:\u{1B}[0m"),
        ("kinetype: warning:", "\u{1B}[1;33mwarning:\u{1B}[0m"),
        ("kinetype: note:", "\u{1B}[1;36mnote:\u{1B}[0m"),
    ]

    /// `text` with every `kinetype: error:` (warning, note) prefix at a line start coloured.
    static func apply(to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            for (plain, styled) in styles where lines[index].hasPrefix(plain) {
                lines[index] = "kinetype: " + styled + lines[index].dropFirst(plain.count)
            }
        }
        return lines.joined(separator: "\n")
    }
}
