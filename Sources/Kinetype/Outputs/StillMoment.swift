import Foundation
import KinetypeCore

/// The one rule for the moment a still shows (`render --still`, `batch --still`, `batch
/// --poster`): a time from 0 to the scene's end. A time past the end would silently show the last
/// frame, which is rarely what was meant.
public enum StillMoment {
    /// The moment `end` (`batch --poster end`): the end of each scene, whatever its length, so
    /// entries whose text types for different times all show their last frame.
    public static let end = Double.infinity

    /// The seconds `time` stands for in a scene that lasts `duration` seconds: `end` is `duration`.
    public static func seconds(_ time: Double, within duration: Double) -> Double {
        time == end ? duration : time
    }

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
