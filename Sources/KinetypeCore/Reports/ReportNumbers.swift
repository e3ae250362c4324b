/// How numbers appear in kinetype's machine-readable output (`--json`, `--report`).
///
/// One convention everywhere: times are seconds rounded to the microsecond (so `4.94`, never
/// `4.940000000000002`); frames and batch entries are counted from 1, as in file names
/// (`frame_0001.png`) and in the terminal tables; positions inside a scene (`layers[0]`) keep the
/// JSON path's 0-based `index`.
public enum ReportNumbers {
    /// Seconds rounded to the microsecond.
    public static func seconds(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * 1_000_000).rounded() / 1_000_000
    }

    /// A 0-based position as the 1-based number users see.
    public static func number(ofIndex index: Int) -> Int { index + 1 }
}
