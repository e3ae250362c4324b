import Kinetype

/// `--max-frames N` and `--max-total-pixels N`: the work limits of `render`, `batch`, `verify`
/// and `validate` (see `WorkLimits`).
enum LimitOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("max-frames", value: "N",
                   help: "Refuse outputs of more frames than N (default \(WorkLimits.defaultMaximumFrames))."),
        OptionSpec("max-total-pixels", value: "N",
                   help: "Refuse outputs of more pixels × frames than N (default \(WorkLimits.defaultMaximumTotalPixels))."),
    ]

    /// The limits the options give, the defaults for those not given.
    static func parse(_ arguments: ParsedArguments, command: String) throws -> WorkLimits {
        var limits = WorkLimits.standard
        if let frames = try parseInteger(arguments.value("max-frames"), option: "max-frames", range: 1...Int.max, command: command) {
            limits.maximumFrames = frames
        }
        if let pixels = try parseInteger(arguments.value("max-total-pixels"), option: "max-total-pixels", range: 1...Int.max,
                                         command: command) {
            limits.maximumTotalPixels = pixels
        }
        return limits
    }
}
