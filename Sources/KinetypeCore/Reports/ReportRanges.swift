/// The range of every number in the reports kinetype writes (`batch --report`, `verify --report`)
/// and reads back to merge them (`batch-report merge`, `verify-report merge`), stated once.
///
/// Shard reports come from other machines, so they are input like a scene: `ReportDecoder` checks
/// every number it reads against the range of its key, and the manual's table of them is generated
/// from `all` (a test compares them). The bounds are far beyond any real run and keep what a merge
/// computes and writes back finite (seconds × 1,000,000 when times are rounded to the microsecond).
public enum ReportRanges {
    /// The most shards a run can be split into: `--shard I/N`, `--shard auto` and a report's `shard`.
    public static let shardCount = NumberRange(
        ["shard"], .between, 1, 10_000, whole: true,
        meaning:
            "N of a report's shard I/N; also the N of \(CommandLineOption.shard.flag) I/N and "
            + "\(CommandLineOption.shard.flag) auto",
        reason: "more parallel jobs than a CI matrix runs; a merge of N shards looks for each")

    // MARK: batch --report

    public static let entry = NumberRange(
        ["outcomes[].entry"], .between, 1, Double(RegularFile.documentLimit), whole: true,
        meaning: "the data entry of an output, from 1",
        reason: "a data file holds at most 64 MB, so fewer entries")
    public static let scale = NumberRange(
        ["outcomes[].scale"], .between, FormatRanges.canvasScale.minimum, FormatRanges.canvasScale.maximum,
        meaning: "the output's pixel density", reason: "the range of \(CommandLineOption.scale.flag)")
    public static let frames = NumberRange(
        ["outcomes[].frames"], .between, 0, Double(Int32.max), whole: true,
        meaning: "frames of the output",
        reason: "far above any render (100,000 by default, see \(CommandLineOption.maxFrames.flag))")
    public static let bytes = NumberRange(
        ["outcomes[].bytes"], .between, 0, 9_007_199_254_740_992, whole: true,
        meaning: "size of the output in bytes", reason: "2⁵³: exact as a JSON number everywhere",
        maximumText: "9007199254740992")
    public static let seconds = NumberRange(
        ["outcomes[].seconds"], .between, 0, 31_536_000,
        meaning: "seconds the output took to render", reason: "a year; stays exact to the microsecond")
    public static let outputCounts = NumberRange(
        ["rendered", "unchanged", "failed"], .between, 0, 9_007_199_254_740_992, whole: true,
        meaning: "outputs by result (the merge counts them again)", reason: "2⁵³: exact as a JSON number everywhere",
        maximumText: "9007199254740992")

    // MARK: verify --report

    public static let threshold = NumberRange(
        ["comparison.threshold", "comparison.maxDiffRatio"], .between, 0, 1,
        meaning: "\(CommandLineOption.threshold.flag) and \(CommandLineOption.maxDiffRatio.flag) of the run",
        reason: "fractions, as the options take them")
    public static let maxDiffPixels = NumberRange(
        ["comparison.maxDiffPixels"], .between, 0, Double(Int32.max), whole: true,
        meaning: "\(CommandLineOption.maxDiffPixels.flag) of the run", reason: "the option's own range")
    public static let frame = NumberRange(
        ["scenes[].result.frames[].frame"], .between, 1, Double(Int32.max), whole: true,
        meaning: "the frame compared, from 1",
        reason: "far above any render (100,000 by default, see \(CommandLineOption.maxFrames.flag))")
    public static let frameTime = NumberRange(
        ["scenes[].result.frames[].time"], .between, 0, Double(Int32.max),
        meaning: "seconds from the start to the frame",
        reason: "the last frame at 1 fps, the lowest; stays exact to the microsecond")
    public static let pixels = NumberRange(
        ["scenes[].result.frames[].changedPixels", "scenes[].result.frames[].antialiasedPixels"],
        .between, 0, Double(FormatRanges.maximumCanvasSide * FormatRanges.maximumCanvasSide), whole: true,
        meaning: "pixels of the frame that differ", reason: "a frame has at most 8192 × 8192 pixels")
    public static let distance = NumberRange(
        ["scenes[].result.frames[].maxDistance"], .between, 0, 1,
        meaning: "the largest color distance in the frame", reason: "a fraction")

    /// The ranges `batch-report merge` reads a batch report with.
    public static let batch: [NumberRange] = [shardCount, entry, scale, frames, bytes, seconds, outputCounts]
    /// The ranges `verify-report merge` reads a verify report with.
    public static let verify: [NumberRange] = [
        shardCount, threshold, maxDiffPixels, frame, frameTime, pixels, distance,
    ]

    /// Every range, in the order of the manual's table.
    public static let all: [NumberRange] = batch + verify.dropFirst()

    /// The manual's table of report numbers (Markdown), generated from `all`.
    public static var markdownTable: String { all.markdownTable }
}
