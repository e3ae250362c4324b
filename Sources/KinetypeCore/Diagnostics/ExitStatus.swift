/// How a kinetype process ends: the one table of its exit statuses (sysexits.h for failures of a
/// kind). Commands return one; an error's status comes from its diagnostics' kinds; only the
/// command-line tool turns it into a number.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// A render or verification failed, a batch entry did, or a merge of shard reports is incomplete.
    case failure = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The scene or data is invalid (EX_DATAERR).
    case invalidInput = 65
    /// An input file is missing, unreadable, not a regular file, or outside `--root` (EX_NOINPUT).
    case missingInput = 66
    /// An output cannot be written (EX_CANTCREAT).
    case cannotWrite = 73
    /// Ctrl-C or SIGTERM stopped the run (128 + SIGINT, as shells report it).
    case interrupted = 130

    /// What the status means, as the manual's table says it.
    public var meaning: String {
        switch self {
        case .success: return "success"
        case .failure:
            return "a render or verification failed (or a batch entry failed, or a merge of shard reports "
                + "lacks a shard or holds an interrupted one)"
        case .usage: return "wrong command-line usage"
        case .invalidInput: return "the scene or data is invalid"
        case .missingInput:
            return
                "an input file (scene, font, image, data) is missing, unreadable, not a regular file, or outside "
                + "`\(CommandLineOption.root.flag)`"
        case .cannotWrite: return "an output cannot be written"
        case .interrupted: return "interrupted"
        }
    }

    /// The manual's table of every status.
    public static var markdownTable: String {
        (["| code | meaning |", "|---|---|"] + allCases.map { "| \($0.rawValue) | \($0.meaning) |" })
            .joined(separator: "\n")
    }
}
