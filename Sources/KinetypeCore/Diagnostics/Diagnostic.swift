/// A line and column in a source file, both counted from 1 (columns in characters).
public struct SourcePosition: Equatable, Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Where each JSON path of a decoded file starts (`layers[1].font.size` → 14:9), so stages
/// after decoding can still point users at the place in their file.
public struct SourceMap: Equatable, Sendable {
    /// The file name shown in messages (as the user gave it).
    public var fileName: String?
    public var positions: [String: SourcePosition]

    public init(fileName: String? = nil, positions: [String: SourcePosition] = [:]) {
        self.fileName = fileName
        self.positions = positions
    }

    /// The position of `path`, or of its nearest ancestor that has one.
    public func position(of path: String) -> SourcePosition? {
        var current = path
        while true {
            if let position = positions[current] { return position }
            guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { return positions[""] }
            current = String(current[..<cut])
        }
    }

    /// A diagnostic at `path` in this file.
    public func diagnostic(
        at path: String, _ message: String, hint: String? = nil,
        kind: DiagnosticKind = .invalidScene
    ) -> Diagnostic {
        Diagnostic(kind: kind, file: fileName, position: position(of: path), path: path, message: message, hint: hint)
    }

    /// A warning at `path` in this file: reported, and the run goes on.
    public func warning(at path: String, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(
            .warning, kind: .invalidScene, file: fileName, position: position(of: path), path: path,
            message: message, hint: hint)
    }
}

/// What kind of failure a diagnostic reports; decides the exit status.
public enum DiagnosticKind: Hashable, Sendable {
    /// Wrong command-line usage.
    case usage
    /// The scene or data is malformed or invalid.
    case invalidScene
    /// An input file (scene, font, image, data) is missing or unreadable.
    case missingInput
    /// An output cannot be written.
    case cannotWrite
    /// Rendering or verification failed.
    case renderFailure

    /// How a run that ends with an error of this kind exits.
    public var exitStatus: ExitStatus {
        switch self {
        case .usage: return .usage
        case .invalidScene: return .invalidInput
        case .missingInput: return .missingInput
        case .cannotWrite: return .cannotWrite
        case .renderFailure: return .failure
        }
    }

    /// The kind that decides the exit status when errors of several kinds end a run: a usage
    /// mistake first, then a missing input, invalid input, an unwritable output, a failed render.
    public static func mostSevere(_ kinds: some Collection<DiagnosticKind>) -> DiagnosticKind? {
        [DiagnosticKind.usage, .missingInput, .invalidScene, .cannotWrite, .renderFailure].first(where: kinds.contains)
    }
}

/// How serious a diagnostic is: an error stops the run and decides the exit code; a warning and a
/// note are reported and the run goes on.
public enum DiagnosticSeverity: String, Hashable, Sendable {
    case error
    case warning
    case note
}

/// For a `.usage` problem: what the command line prints after the message.
public enum UsageFollowUp: Hashable, Sendable {
    /// Nothing more.
    case none
    /// The running command's USAGE line.
    case usageLine
    /// The USAGE line of the named command and a pointer to its help.
    case commandHelp(String)
    /// A pointer to the list of commands (the mistake came before any command).
    case commandList
}

/// One problem, with everything a user needs to find and fix it. It is never thrown alone:
/// errors travel as a `DiagnosticList` (see `Diagnostic.fail`).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: DiagnosticSeverity = .error
    public var kind: DiagnosticKind
    public var file: String?
    public var position: SourcePosition?
    /// The JSON path, e.g. `layers[1].animations[0].easing`; empty for the whole document.
    public var path: String
    /// What is wrong, as a sentence fragment without a trailing period.
    public var message: String
    /// How to fix it, when there is something useful to say.
    public var hint: String?
    /// For the summary that stands for problems left out (`and 12 more problems`): how many; else 0.
    public var omittedCount: Int = 0
    /// How many times this problem was found at this place: a text with `{{nope}}` written 1000
    /// times is one problem, `unknown placeholder "{{nope}}" (1000 times)`.
    public var occurrences: Int = 1
    /// For a `.usage` problem: what the command line prints after it.
    public var usageFollowUp: UsageFollowUp = .usageLine

    public init(
        _ severity: DiagnosticSeverity = .error, kind: DiagnosticKind = .invalidScene, file: String? = nil,
        position: SourcePosition? = nil, path: String = "", message: String, hint: String? = nil
    ) {
        self.severity = severity
        self.kind = kind
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `intro.json:14:9: layers[1].easing: unknown easing "easyInOut"; did you mean "easeInOut"?`,
    /// ending with `(1000 times)` for a problem found that many times at its place.
    public var description: String {
        var prefix = ""
        if let file {
            prefix += file
            if let position { prefix += ":\(position.line):\(position.column)" }
            prefix += ": "
        }
        if !path.isEmpty { prefix += path + ": " }
        return prefix + message + (occurrences > 1 ? " (\(occurrences) times)" : "")
    }
}

extension Diagnostic {
    /// A warning: reported, and the run goes on.
    public static func warning(_ message: String, hint: String? = nil, kind: DiagnosticKind = .renderFailure)
        -> Diagnostic
    {
        Diagnostic(.warning, kind: kind, message: message, hint: hint)
    }

    /// How the command line prints it: `kinetype: error: intro.json:14:9: …` (or `warning:`,
    /// `note:`), then `  hint: …` when there is a hint; each line ends with a newline.
    public var reportText: String {
        var text = "kinetype: \(severity.rawValue): \(description)\n"
        if let hint { text += "  hint: \(hint)\n" }
        return text
    }

    /// The same problem counted once: what two reports of it have in common.
    var once: Diagnostic {
        var single = self
        single.occurrences = 1
        return single
    }

    /// This error as the thrown value: `throw Diagnostic(...).fail()`.
    public func fail() -> DiagnosticList { DiagnosticList(self) }

    /// The most problems one run reports; the rest are counted in one `and N more problems`.
    public static let maximumReported = 50

    /// `and N more problems`, standing for `count` problems that are not shown.
    public static func more(_ count: Int, kind: DiagnosticKind = .invalidScene, file: String? = nil) -> Diagnostic {
        var summary = Diagnostic(
            kind: kind, file: file, message: "and \(count) more problem\(count == 1 ? "" : "s")",
            hint: "fix the problems above and run again to see the rest")
        summary.omittedCount = count
        return summary
    }

    /// The first `maximumReported` problems, then one summary for all the others (summaries
    /// already in `diagnostics` are merged into it). Its kind is the most severe left out. A
    /// problem given again (the same everything, at the same place) is kept once, counted.
    public static func bounded(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        var keptIndex: [Diagnostic: Int] = [:]
        var omitted = 0
        var omittedKinds: [DiagnosticKind] = []
        for diagnostic in diagnostics {
            if diagnostic.omittedCount > 0 {
                omitted += diagnostic.omittedCount
                omittedKinds.append(diagnostic.kind)
            } else if let index = keptIndex[diagnostic.once] {
                kept[index].occurrences += diagnostic.occurrences
            } else if kept.count < maximumReported {
                keptIndex[diagnostic.once] = kept.count
                kept.append(diagnostic)
            } else {
                omitted += 1
                omittedKinds.append(diagnostic.kind)
            }
        }
        guard omitted > 0 else { return kept }
        let kind = DiagnosticList.mostSevere(omittedKinds) ?? .invalidScene
        return kept + [more(omitted, kind: kind, file: kept.last?.file)]
    }
}

/// The one error kinetype throws: one or more diagnostics (validation reports every problem it
/// finds, not only the first). It holds at most `Diagnostic.maximumReported` problems and a
/// summary of the rest.
public struct DiagnosticList: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = Diagnostic.bounded(diagnostics) }
    /// One diagnostic.
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }

    /// The diagnostics `error` carries; for a system or Foundation error a sentence
    /// (`SystemError`: `no space left on the device while writing …`, exit 73); otherwise one
    /// `.renderFailure` describing the error.
    public init(describing error: any Error) {
        if let list = error as? DiagnosticList {
            self = list
        } else if let system = SystemError.diagnostic(error) {
            self.init(system)
        } else {
            self.init(Diagnostic(kind: .renderFailure, message: "\(error)"))
        }
    }

    /// The first diagnostic.
    public var first: Diagnostic? { diagnostics.first }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The exit status: the most severe kind among the errors (warnings and notes do not count);
    /// `failure` when there is no error.
    public var exitStatus: ExitStatus {
        Self.mostSevere(diagnostics.filter { $0.severity == .error }.map(\.kind))?.exitStatus ?? .failure
    }

    /// The exit status for any error a command ends with: a list's own, `interrupted` for an
    /// interruption, otherwise `failure`. The one place the process's failure status is chosen.
    public static func exitStatus(for error: any Error) -> ExitStatus {
        if error is CancellationError { return .interrupted }
        return DiagnosticList(describing: error).exitStatus
    }

    static func mostSevere(_ kinds: [DiagnosticKind]) -> DiagnosticKind? {
        DiagnosticKind.mostSevere(kinds)
    }
}
