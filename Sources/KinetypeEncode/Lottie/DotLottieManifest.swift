/// The manifest of a dotLottie 1 file (`manifest.json`): the animation it holds and how players
/// play it. Every field a player's reader takes is written, in the type it decodes:
///
/// - lottie-ios 4.x (`DotLottieManifest`, `DotLottieAnimation`): `version`, `author` and
///   `generator` (strings, required until 4.2: the whole file fails to load without one), and per
///   animation `loop` (a Bool: `.loop`, else `.playOnce`, the default), `speed` and `direction`
///   (multiplied: the playback speed) and `mode` (`normal` or `bounce`).
/// - dotLottie 1 players (dotlottie-js and its web player): `activeAnimationId`, and per
///   animation `autoplay` and `playMode` (`normal` or `bounce`) besides the above.
/// - dotlottie-rs reads `version`, `generator` and the animation `id`s (its players take
///   loop and autoplay from the app's configuration, never the manifest) and ignores the rest.
///
/// `loop` is a Bool in every reader (lottie-ios fails on a number), so a count of plays
/// cannot be said.
struct DotLottieManifest: LottieEncodable {
    /// The animation's id (`animations/<id>.json`).
    var id: String
    /// Whether it plays forever, or once.
    var loops: Bool

    func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("version", "1")
            writer.member("generator", "kinetype")
            writer.member("author", "")
            writer.member("activeAnimationId", id)
            writer.member("animations", [self.animation])
        }
    }

    private var animation: Animation { Animation(id: id, loops: loops) }

    /// An animation of the manifest, played forward at its own speed.
    private struct Animation: LottieEncodable {
        var id: String
        var loops: Bool

        func write(to writer: inout LottieWriter) {
            writer.object { writer in
                writer.member("id", id)
                writer.member("loop", loops)
                writer.member("autoplay", true)
                writer.member("speed", 1)
                writer.member("direction", 1)
                writer.member("mode", "normal")
                writer.member("playMode", "normal")
            }
        }
    }
}
