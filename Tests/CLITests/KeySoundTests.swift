import Foundation
import TestSupport
import XCTest

/// Key sounds in videos, heard as a listener would: the track ffmpeg decodes from the file has one
/// onset at every keystroke `info --json` lists and nowhere else, lasts as long as the picture, is
/// the same bytes every run; bad `sound` values are positioned errors.
final class KeySoundTests: XCTestCase {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    private func requireFFmpeg() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: Self.ffmpeg.path), "ffmpeg is not installed")
    }

    /// A fixed-interval keyboard typewriter with a space, a return and deletes.
    static let fixedScene = """
        {"version": 1, "canvas": {"width": 96, "height": 40, "fps": 30, "hold": 0.4},
         "layers": [{"type": "text", "frame": {"x": 4, "y": 4, "width": 88}, "font": {"family": "DejaVu Sans", "size": 12},
           "animations": [{"type": "typewriter", "interval": 0.09, "start": 0.15, "sound": true,
                           "script": [{"type": "ab c\\nd"}, {"pause": 0.2}, {"delete": 2}, {"type": "ef"}]}]}]}
        """

    /// Two humanized typewriters, one with the typewriter preset, one starting after it.
    static let humanizedScene = """
        {"version": 1, "canvas": {"width": 96, "height": 40, "fps": 24, "hold": 0.3},
         "layers": [
          {"id": "a", "type": "text", "text": "Type\\nme", "frame": {"x": 4, "y": 4, "width": 88},
           "font": {"family": "DejaVu Sans", "size": 12},
           "animations": [{"type": "typewriter", "intervalRange": [0.06, 0.16], "seed": 11,
                           "sound": {"preset": "typewriter", "volume": 0.8}}]},
          {"type": "text", "text": "ok!", "frame": {"x": 4, "y": 22, "width": 88}, "font": {"family": "DejaVu Sans", "size": 12},
           "animations": [{"type": "typewriter", "intervalRange": [0.05, 0.12], "seed": 3, "after": "a", "sound": true}]}]}
        """

    private func write(_ scene: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(scene.utf8).write(to: url)
        return url
    }

    private func render(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try KinetypeProcess.run(["render"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }

    /// The first audio stream of `url` as 48 kHz mono samples of -1…1, decoded by ffmpeg.
    static func decodedAudio(_ url: URL) throws -> [Float] {
        let data = try ChildProcess.run(
            ffmpeg, ["-v", "error", "-i", url.path, "-map", "0:a:0", "-f", "s16le", "-ac", "1", "-ar", "48000", "-"]
        ).stdout
        return stride(from: 0, to: data.count - 1, by: 2).map { index in
            Float(Int16(bitPattern: UInt16(data[index]) | UInt16(data[index + 1]) << 8)) / 32_768
        }
    }

    /// Onsets by energy envelope: the energy of 1 ms windows; an onset where a window holds more
    /// than 6 times the mean of the 10 ms before it and more than an absolute floor, at least 30 ms
    /// after the previous onset; its time is the first sample of the window (or the one before)
    /// whose level passes a tenth of the following 5 ms's peak.
    static func onsets(_ samples: [Float], rate: Double = 48_000) -> [Double] {
        let hop = Int(rate / 1000)
        let energies = stride(from: 0, to: samples.count - hop, by: hop).map { start in
            samples[start..<start + hop].reduce(Float(0)) { $0 + $1 * $1 }
        }
        var onsets: [Double] = []
        var lastOnset = -1_000
        for index in energies.indices where index - lastOnset >= 30 {
            let before = energies[max(0, index - 10)..<index]
            let mean = before.isEmpty ? 0 : before.reduce(0, +) / Float(before.count)
            guard energies[index] > 1e-3, energies[index] > 6 * mean else { continue }
            let from = max(0, (index - 1) * hop)
            let peak = samples[from..<min(samples.count, from + 6 * hop)].map(abs).max() ?? 0
            let first = (from..<min(samples.count, from + 6 * hop)).first { abs(samples[$0]) >= peak / 10 } ?? from
            onsets.append(Double(first) / rate)
            lastOnset = index
        }
        return onsets
    }

    /// Every onset matched to one keystroke within 5 ms, and none left over; returns the largest error.
    @discardableResult
    private func assertOnsets(
        _ onsets: [Double], match keystrokes: [Double], file: StaticString = #filePath, line: UInt = #line
    ) -> Double {
        XCTAssertEqual(onsets.count, keystrokes.count, "onsets \(onsets) vs keys \(keystrokes)", file: file, line: line)
        var worst = 0.0
        for (onset, key) in zip(onsets, keystrokes) {
            worst = max(worst, abs(onset - key))
            XCTAssertEqual(
                onset, key, accuracy: 0.005, "onsets \(onsets) vs keys \(keystrokes)", file: file, line: line)
        }
        return worst
    }

    /// Seconds of a stream (`a` or `v`) by ffprobe, from its packets.
    private func streamDuration(_ url: URL, _ stream: String) throws -> Double {
        let output = try ChildProcess.run(
            Self.ffprobe,
            [
                "-v", "error", "-select_streams", "\(stream):0", "-show_entries", "packet=pts_time,duration_time",
                "-of", "csv=p=0", url.path,
            ]
        ).stdoutText
        let ends = output.split(separator: "\n").compactMap { line -> Double? in
            let fields = line.split(separator: ",").compactMap { Double($0) }
            return fields.count == 2 ? fields[0] + fields[1] : nil
        }
        return try XCTUnwrap(ends.max())
    }

    private func codecName(_ url: URL, _ stream: String) throws -> String {
        try ChildProcess.run(
            Self.ffprobe,
            [
                "-v", "error", "-select_streams", "\(stream):0", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                url.path,
            ]
        ).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testMP4HasOneOnsetAtEveryKeystrokeOfAFixedIntervalScene() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.fixedScene, "fixed.json", in: folder)
        let video = folder.appendingPathComponent("fixed.mp4")
        try render([scene.path, "-o", video.path])
        let keys = try KeystrokeOutputTests.keystrokes(of: scene)
        XCTAssertEqual(keys.map(\.kind).filter { $0 != "character" }, ["space", "return", "delete", "delete"])
        let worst = assertOnsets(Self.onsets(try Self.decodedAudio(video)), match: keys.map(\.time))
        print("fixed-interval MP4: \(keys.count) keystrokes, largest onset error \(worst * 1000) ms")
    }

    func testMP4HasOneOnsetAtEveryKeystrokeOfAHumanizedScene() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.humanizedScene, "human.json", in: folder)
        let video = folder.appendingPathComponent("human.mp4")
        try render([scene.path, "-o", video.path])
        let keys = try KeystrokeOutputTests.keystrokes(of: scene)
        XCTAssertEqual(keys.count, 10)
        XCTAssertEqual(keys.map(\.kind).filter { $0 != "character" }, ["return"], "the typewriter's bell rings on")
        let worst = assertOnsets(Self.onsets(try Self.decodedAudio(video)), match: keys.map(\.time))
        print("humanized MP4: \(keys.count) keystrokes, largest onset error \(worst * 1000) ms")
    }

    /// WebM's Opus track keeps every click where the MP4's AAC track has it: the same onsets,
    /// each within 5 ms of its keystroke, none extra, the typewriter's bell included.
    func testWebMHasOneOnsetAtEveryKeystrokeAsMP4Does() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        for (scene, name) in [(Self.fixedScene, "fixed"), (Self.humanizedScene, "human")] {
            let url = try write(scene, "\(name).json", in: folder)
            let webm = folder.appendingPathComponent("\(name).webm")
            let mp4 = folder.appendingPathComponent("\(name).mp4")
            try render([url.path, "-o", webm.path])
            try render([url.path, "-o", mp4.path])
            let keys = try KeystrokeOutputTests.keystrokes(of: url)
            let opus = Self.onsets(try Self.decodedAudio(webm))
            let aac = Self.onsets(try Self.decodedAudio(mp4))
            let worst = assertOnsets(opus, match: keys.map(\.time))
            XCTAssertEqual(opus.count, aac.count, name)
            print("\(name) WebM: \(keys.count) keystrokes, largest onset error \(worst * 1000) ms")
        }
    }

    func testAudioLastsAsLongAsTheVideoInEveryFormatAndWebMCarriesOpus() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.humanizedScene, "human.json", in: folder)
        for format in ["mp4", "mov", "webm"] {
            let video = folder.appendingPathComponent("human.\(format)")
            try render([scene.path, "-o", video.path])
            XCTAssertEqual(try codecName(video, "a"), format == "webm" ? "opus" : "aac", format)
            let audio = try streamDuration(video, "a")
            let picture = try streamDuration(video, "v")
            XCTAssertEqual(audio, picture, accuracy: 1.0 / 24, "\(format): audio \(audio) s, video \(picture) s")
            print("\(format): audio \(audio) s, video \(picture) s, \(try Data(contentsOf: video).count) bytes")
        }
    }

    func testTwoRendersAreTheSameBytes() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.humanizedScene, "human.json", in: folder)
        for format in ["mp4", "webm", "mov"] {
            var runs: [Data] = []
            for run in 0..<2 {
                let video = folder.appendingPathComponent("human-\(run).\(format)")
                try render([scene.path, "-o", video.path, "--jobs", String(run + 1)])
                runs.append(try Data(contentsOf: video))
            }
            XCTAssertEqual(runs[0], runs[1], format)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "no temporary (the track's WAV) is left behind")
    }

    /// Ctrl-C while the frames of a video with sound are encoded: exit 130, the old file kept, and
    /// neither the video's temporary nor the track's WAV beside it left.
    func testInterruptedVideoWithSoundLeavesNoTemporary() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let existing = folder.appendingPathComponent("long.mp4")
        try Data("previous".utf8).write(to: existing)
        let scene = try write(
            """
            {"version": 1, "canvas": {"width": 1000, "height": 1000, "fps": 50, "duration": 120},
             "layers": [
              {"type": "rect", "frame": {"x": 150, "y": 150, "width": 700, "height": 700},
               "background": {"linear": {"from": "#3366CC", "to": "#CC6633", "angle": 45}},
               "animations": [{"type": "animate", "property": "rotation", "from": 0, "to": 3600, "duration": 120}]},
              {"type": "text", "text": "\(String(repeating: "tap ", count: 200))", "frame": {"x": 8, "y": 8, "width": 900},
               "font": {"family": "DejaVu Sans", "size": 12},
               "animations": [{"type": "typewriter", "interval": 0.1, "sound": {"preset": "typewriter"}}]}]}
            """, "long.json", in: folder)
        // The first progress line comes once frames are encoded, after the track was written.
        let (status, stderr, stillRunning) = try KinetypeProcess.interruptedOnceRendering([
            "render", scene.path, "-o", existing.path,
        ])
        XCTAssertTrue(stillRunning, "the render should still be running")
        XCTAssertEqual(status, 130, stderr)
        XCTAssertEqual(try Data(contentsOf: existing), Data("previous".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["long.json", "long.mp4"])
    }

    func testNoSoundLeavesTheTrackOutAndOtherFormatsSayWhy() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.fixedScene, "fixed.json", in: folder)
        let silent = folder.appendingPathComponent("silent.mp4")
        try render([scene.path, "-o", silent.path, "--no-sound"])
        XCTAssertEqual(try codecName(silent, "a"), "")
        let gif = try KinetypeProcess.run(["render", scene.path, "-o", folder.appendingPathComponent("k.gif").path])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertEqual(
            gif.stderr,
            "kinetype: note: gif has no sound, so the typewriters' \"sound\" is left out; "
                + "write .mp4, .webm or .mov to hear it\n")
    }

    /// The samples of a mono 16-bit WAV after checking its header.
    static func wavSamples(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> [Float] {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        XCTAssertEqual(String(decoding: bytes[0..<4], as: UTF8.self), "RIFF", file: file, line: line)
        XCTAssertEqual(String(decoding: bytes[8..<16], as: UTF8.self), "WAVEfmt ", file: file, line: line)
        XCTAssertEqual(u32(4), bytes.count - 8, "RIFF size", file: file, line: line)
        XCTAssertEqual(
            [u16(20), u16(22), u32(24), u16(34)], [1, 1, 48_000, 16], "PCM, mono, 48 kHz, 16-bit", file: file,
            line: line)
        XCTAssertEqual(String(decoding: bytes[36..<40], as: UTF8.self), "data", file: file, line: line)
        XCTAssertEqual(u32(40), bytes.count - 44, file: file, line: line)
        return stride(from: 44, to: bytes.count - 1, by: 2).map {
            Float(Int16(bitPattern: UInt16(u16($0)))) / 32_768
        }
    }

    func testAudioWritesTheTrackAloneAsAWAVAsLongAsTheVideo() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try write(Self.fixedScene, "fixed.json", in: folder)
        let track = folder.appendingPathComponent("keys.wav")
        let result = try KinetypeProcess.run(
            ["render", scene.path, "-o", folder.appendingPathComponent("k.gif").path, "--audio", track.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let samples = Self.wavSamples(try Data(contentsOf: track))
        let info = try KinetypeProcess.run(["info", scene.path, "--json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(json["frameCount"] as? Int)
        XCTAssertEqual(samples.count, Int((Double(frames) / 30 * 48_000).rounded()))
        let keys = try KeystrokeOutputTests.keystrokes(of: scene).map(\.time)
        let worst = assertOnsets(Self.onsets(samples), match: keys)
        print("--audio WAV: \(samples.count) samples, largest onset error \(worst * 1000) ms")
        XCTAssertLessThan(worst, 0.001, "before any codec, a sound starts within its press's millisecond")
        let late = Self.onsets([Float](repeating: 0, count: 480) + samples)
        XCTAssertEqual(late.count, keys.count)
        XCTAssertTrue(zip(late, keys).allSatisfy { abs($0 - $1) > 0.009 }, "the detector sees a track 10 ms late")

        let again = folder.appendingPathComponent("again.wav")
        try render([scene.path, "-o", folder.appendingPathComponent("k2.gif").path, "--audio", again.path])
        XCTAssertEqual(try Data(contentsOf: track), try Data(contentsOf: again))

        let silent = try KinetypeProcess.run(
            [
                "render", "docs/examples/first-scene.json", "-o", folder.appendingPathComponent("f.gif").path,
                "--audio",
                folder.appendingPathComponent("f.wav").path,
            ], in: Manual.root)
        XCTAssertEqual(silent.status, 64, "a scene without sound has no track: \(silent.stderr)")
    }

    /// A 16-bit, 24-bit or float WAV of a 5 ms click (a decaying 1 kHz tone) at 44.1 kHz.
    static func clickWAV(bits: Int, channels: Int) -> Data {
        let rate = 44_100
        let count = rate / 50
        let float = bits == 32
        var data = Data()
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append(_ value: Int, bytes: Int) {
            for shift in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }
        let frameBytes = bits / 8 * channels
        append("RIFF")
        append(36 + count * frameBytes, bytes: 4)
        append("WAVEfmt ")
        append(16, bytes: 4)
        append(float ? 3 : 1, bytes: 2)
        append(channels, bytes: 2)
        append(rate, bytes: 4)
        append(rate * frameBytes, bytes: 4)
        append(frameBytes, bytes: 2)
        append(bits, bytes: 2)
        append("data")
        append(count * frameBytes, bytes: 4)
        for index in 0..<count {
            let value =
                0.6 * sin(2 * Double.pi * 1000 * Double(index) / Double(rate))
                * exp(-Double(index) / Double(rate) / 0.004)
            for _ in 0..<channels {
                switch bits {
                case 16: append(Int((value * 32_767).rounded()), bytes: 2)
                case 24: append(Int((value * 8_388_607).rounded()), bytes: 3)
                default: append(Int(Float(value).bitPattern), bytes: 4)
                }
            }
        }
        return data
    }

    func testSoundFilesOfEveryWAVKindPlayAtEveryKeystroke() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for (bits, channels) in [(16, 1), (24, 2), (32, 2)] {
            try Self.clickWAV(bits: bits, channels: channels).write(to: folder.appendingPathComponent("click.wav"))
            let scene = try write(
                Self.fixedScene.replacingOccurrences(
                    of: #""sound": true"#, with: #""sound": {"file": "click.wav", "volume": 0.7}"#),
                "file.json", in: folder)
            let track = folder.appendingPathComponent("track-\(bits).wav")
            try render([scene.path, "-o", folder.appendingPathComponent("f.gif").path, "--audio", track.path])
            let keys = try KeystrokeOutputTests.keystrokes(of: scene).map(\.time)
            assertOnsets(Self.onsets(Self.wavSamples(try Data(contentsOf: track))), match: keys)
        }
    }

    /// A FLAC sound file (ffmpeg's encode of the 24-bit stereo click, named without `.flac` to
    /// show it is read by content) plays at every keystroke of an MP4, as the WAV does.
    func testAFLACSoundFilePlaysAtEveryKeystrokeOfAnMP4() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let wav = folder.appendingPathComponent("click.wav")
        try Self.clickWAV(bits: 24, channels: 2).write(to: wav)
        let flac = folder.appendingPathComponent("click.sound")
        let encoded = try ChildProcess.run(
            Self.ffmpeg,
            ["-v", "error", "-i", wav.path, "-c:a", "flac", "-compression_level", "8", "-f", "flac", flac.path])
        XCTAssertEqual(encoded.status, 0, encoded.stderrText)
        XCTAssertEqual(try Data(contentsOf: flac).prefix(4), Data("fLaC".utf8))
        let scene = try write(
            Self.fixedScene.replacingOccurrences(
                of: #""sound": true"#, with: #""sound": {"file": "click.sound", "volume": 0.7}"#),
            "flac.json", in: folder)
        let video = folder.appendingPathComponent("flac.mp4")
        try render([scene.path, "-o", video.path])
        XCTAssertEqual(try codecName(video, "a"), "aac")
        let keys = try KeystrokeOutputTests.keystrokes(of: scene).map(\.time)
        assertOnsets(Self.onsets(try Self.decodedAudio(video)), match: keys)
    }

    func testBadSoundValuesArePositionedErrors() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data("not a wav".utf8).write(to: folder.appendingPathComponent("noise.txt"))
        try Data("fLaC\u{0}\u{0}".utf8).write(to: folder.appendingPathComponent("cut.flac"))
        let cases: [(sound: String, status: Int32, message: String)] = [
            (#""loud""#, 65, "layers[0].animations[0].sound: expected true, false or a sound object"),
            (#"{"volume": 2}"#, 65, "layers[0].animations[0].sound.volume:"),
            (#"{"preset": "piano"}"#, 65, "layers[0].animations[0].sound.preset: unknown sound preset \"piano\""),
            (#"{"preset": "keyboard", "file": "a.wav"}"#, 65, "\"preset\" and \"file\" cannot both be given"),
            (#"{"pitch": 1}"#, 65, "layers[0].animations[0].sound"),
            (
                #"{"file": "missing.wav"}"#, 66,
                "layers[0].animations[0].sound.file: sound file \"missing.wav\" does not exist"
            ),
            (
                #"{"file": "noise.txt"}"#, 65,
                "layers[0].animations[0].sound.file: sound file \"noise.txt\" is not a WAV file"
            ),
            (
                #"{"file": "cut.flac"}"#, 65,
                "layers[0].animations[0].sound.file: sound file \"cut.flac\" is cut short"
            ),
        ]
        for (sound, status, message) in cases {
            let scene = try write(
                """
                {"version": 1, "canvas": {"width": 96, "height": 40},
                 "layers": [{"type": "text", "text": "Hi", "frame": {"x": 4, "y": 4, "width": 88},
                   "font": {"family": "DejaVu Sans", "size": 12},
                   "animations": [{"type": "typewriter",
                                   "sound": \(sound)}]}]}
                """, "bad.json", in: folder)
            let result = try KinetypeProcess.run([
                "render", scene.path, "-o", folder.appendingPathComponent("b.mp4").path,
            ])
            XCTAssertEqual(result.status, status, "\(sound): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("bad.json:5:"), "\(sound) is on line 5: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(sound): \(result.stderr)")
            if status == 65, message.contains("sound file") {
                XCTAssertTrue(result.stderr.contains("or FLAC file"), "the hint names both formats: \(result.stderr)")
            }
        }
    }
}
