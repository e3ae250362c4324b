import KinetypeEncode
import XCTest

@testable import Kinetype

/// `BatchFolderPaths` names a batch's files from strings: every path must be the one the
/// folder's `URL` would give, or reports, messages and the files checked would change.
final class BatchFolderPathsTests: XCTestCase {
    private let folders = [
        "out", "out/", ".", "./", "", "..", "a/./b/", "a/../b", "/", "/tmp/a b/", "/tmp/%41", "/tmp//double",
        "/tmp/.", "/tmp/ünï", "~",
    ]
    private let names = ["card-1.gif", "a b.gif", "%41.gif", "ü.gif", "a#b?.gif", "a;b.gif", "x:y", "e\u{301}.gif"]

    func testEveryPathIsTheOneTheFoldersURLGives() {
        for folderPath in folders {
            let url = URL(fileURLWithPath: folderPath)
            let folder = BatchFolderPaths(url)
            for name in names {
                let file = url.appendingPathComponent(name)
                XCTAssertEqual(folder.path(of: name), file.path, "\(folderPath) + \(name)")
                XCTAssertEqual(folder.shownPath(of: name), file.relativePath, "\(folderPath) + \(name)")
                XCTAssertEqual(folder.url(of: name), file)
                XCTAssertEqual(
                    folder.standardizedPath, file.standardizedFileURL.deletingLastPathComponent().path,
                    "\(folderPath) + \(name)")
                let fingerprint = url.appendingPathComponent(BatchRunner.fingerprintFolder)
                    .appendingPathComponent(FingerprintFileName.of(name, nameLimit: 255))
                XCTAssertEqual(folder.fingerprintPath(of: name, nameLimit: 255), fingerprint.path)
                XCTAssertEqual(folder.fingerprintURL(of: name, nameLimit: 255), fingerprint)
            }
        }
    }

    func testAShortenedFingerprintNameIsJoinedLikeAnyOther() {
        let folder = BatchFolderPaths(URL(fileURLWithPath: "/tmp/out"))
        let name = String(repeating: "long-", count: 20) + ".gif"
        XCTAssertEqual(
            folder.fingerprintPath(of: name, nameLimit: 64),
            "/tmp/out/.kinetype/" + FingerprintFileName.of(name, nameLimit: 64))
        XCTAssertTrue(FingerprintFileName.of(name, nameLimit: 64).hasPrefix("."))
    }

    func testThePathLimitOfANameInAFolderIsTheOneOfItsURL() {
        let limits = FileSystemLimits(nameBytes: 255, pathBytes: 4096)
        for folderPath in folders {
            let url = URL(fileURLWithPath: folderPath)
            let folder = BatchFolderPaths(url)
            for name in names {
                for kind in [OutputDestination.Kind.file, .folder] {
                    XCTAssertEqual(
                        OutputDestination.longestPathBytes(
                            ofName: name, inFolder: folder.standardizedPath, kind: kind, limits: limits),
                        OutputDestination.longestPathBytes(
                            of: url.appendingPathComponent(name), kind: kind, limits: limits),
                        "\(folderPath) + \(name)")
                }
            }
        }
    }
}
