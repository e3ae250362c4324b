import Foundation
import XCTest

@testable import KinetypeEncode

/// The dotLottie manifest read as the players read it: with Codable types shaped as lottie-ios's
/// own (`Sources/Private/Model/DotLottie/DotLottieManifest.swift` and `DotLottieAnimation.swift`:
/// 4.0–4.1 require `version`, `author` and `generator`; 4.2 on make them optional and decode
/// `mode` as an enum of `normal` and `bounce`), and by dotlottie-rs's rules
/// (`dotlottie-rs/src/dotlottie/manifest.rs`: `animations` an array of objects with a string
/// `id`; `version`, `generator`, `initial` of the types it expects when present).
final class DotLottieManifestTests: XCTestCase {
    /// lottie-ios 4.0 and 4.1.
    private struct LottieIOS40Manifest: Decodable {
        var animations: [LottieIOS40Animation]
        var version: String
        var author: String
        var generator: String
    }

    private struct LottieIOS40Animation: Decodable {
        var id: String
        var loop: Bool?
        var speed: Double?
        var direction: Int?
        var mode: String?
    }

    /// lottie-ios 4.2 and later.
    private struct LottieIOSManifest: Decodable {
        var animations: [LottieIOSAnimation]
        var version: String?
        var author: String?
        var generator: String?
    }

    private enum LottieIOSMode: String, Decodable {
        case normal, bounce
    }

    private struct LottieIOSAnimation: Decodable {
        var id: String
        var loop: Bool?
        var speed: Double?
        var direction: Int?
        var mode: LottieIOSMode?

        /// As lottie-ios computes it: `.autoReverse` for bounce, else `.loop` or `.playOnce`.
        var loopMode: String { mode == .bounce ? "autoReverse" : (loop ?? false) ? "loop" : "playOnce" }
        var animationSpeed: Double { (speed ?? 1) * Double(direction ?? 1) }
    }

    func testLottieIOSLoopsForeverOrPlaysOnceAsTheSceneSays() throws {
        for (loops, expected) in [(true, "loop"), (false, "playOnce")] {
            let data = DotLottieArchive.manifest(id: "card", loops: loops)
            _ = try JSONDecoder().decode(LottieIOS40Manifest.self, from: data)
            let manifest = try JSONDecoder().decode(LottieIOSManifest.self, from: data)
            XCTAssertEqual(manifest.version, "1", "lottie-ios reads version 1 from animations/")
            XCTAssertEqual(manifest.animations.map(\.id), ["card"])
            XCTAssertEqual(manifest.animations[0].loopMode, expected)
            XCTAssertEqual(manifest.animations[0].animationSpeed, 1)
        }
    }

    func testDotLottieRsAndDotLottie1PlayersFindTheirFields() throws {
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: DotLottieArchive.manifest(id: "card", loops: true)) as? [String: Any])
        // dotlottie-rs: a string version ("2" would look in a/), a string generator, animations with string ids.
        XCTAssertEqual(object["version"] as? String, "1")
        XCTAssertEqual(object["generator"] as? String, "kinetype")
        XCTAssertNil(object["initial"], "dotlottie-rs refuses an initial that is not an object")
        let animations = try XCTUnwrap(object["animations"] as? [[String: Any]])
        XCTAssertEqual(animations.map { $0["id"] as? String }, ["card"])
        // dotLottie 1 (dotlottie-js's ManifestAnimation): the active animation and how it plays.
        XCTAssertEqual(object["activeAnimationId"] as? String, "card")
        XCTAssertEqual(animations[0]["loop"] as? Bool, true)
        XCTAssertEqual(animations[0]["autoplay"] as? Bool, true)
        XCTAssertEqual(animations[0]["playMode"] as? String, "normal")
        XCTAssertEqual(animations[0]["speed"] as? Double, 1)
        XCTAssertEqual(animations[0]["direction"] as? Double, 1)
    }
}
