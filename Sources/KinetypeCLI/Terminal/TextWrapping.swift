/// Wraps help text to the terminal's width.
enum TextWrapping {
    /// `text`'s words in lines of at most `width` columns (a longer word gets a line of its own),
    /// the first line prefixed by `first` and the others by `rest`.
    static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Paragraphs (separated by blank lines) reflowed to `width`, each line of a paragraph joined
    /// first; lines starting with spaces (examples, lists) are kept as written.
    static func reflow(_ text: String, width: Int) -> String {
        var output: [String] = []
        var paragraph: [String] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            output += wrap(paragraph.joined(separator: " "), width: width)
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                flush()
                output.append("")
            } else if line.hasPrefix(" ") {
                flush()
                output.append(String(line))
            } else {
                paragraph.append(String(line))
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// Two columns: each `name` padded to a common width, then its `description` wrapped in the
    /// rest of the line; when the names are too wide for that, descriptions go below, indented.
    static func columns(_ rows: [(name: String, description: String)], width: Int, indent: Int = 2) -> String {
        let margin = String(repeating: " ", count: indent)
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let descriptionColumn = indent + nameWidth + 2
        let sideBySide = width - descriptionColumn >= 30
        var lines: [String] = []
        for row in rows {
            if sideBySide {
                let padding = String(repeating: " ", count: nameWidth - row.name.count + 2)
                lines += wrap(
                    row.description, width: width, first: margin + row.name + padding,
                    rest: String(repeating: " ", count: descriptionColumn))
            } else {
                lines.append(margin + row.name)
                let deeper = String(repeating: " ", count: indent + 6)
                lines += wrap(row.description, width: width, first: deeper, rest: deeper)
            }
        }
        return lines.joined(separator: "\n")
    }
}
