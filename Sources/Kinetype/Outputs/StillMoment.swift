import Foundation
import KinetypeCore

/// The one rule for the moment a still shows (`render --still`, `batch --still`, `batch
/// --poster`): a time from 0 to the scene's end. A time past the end would silently show the last
/// frame, which is rarely what was meant.
public enum StillMoment {
    /// What is wrong with showing `time` of a scene that lasts `duration` seconds, as the sentence
    /// a user reads (`--still 5 is after the end of the scene, which lasts 1.2 s; …`); nil when
    /// `time` is a moment of the scene. `option` names the option that gave it.
    public static func problem(_ time: Double, within duration: Double, option: String) -> String? {
        guard time > duration + Timeline.frameTolerance else { return nil }
        let end = String(format: "%g", ReportNumbers.seconds(duration))
        return "\(option) \(String(format: "%g", time)) is after the end of the scene, which lasts \(end) s; "
            + "give a time from 0 to \(end)"
    }
}
