import Foundation
import XCTest

@testable import KinetypeCore

/// System and Foundation errors reach the user as sentences, never as `Error Domain=… UserInfo={…}`.
final class SystemErrorTests: XCTestCase {
    /// What Foundation throws when a copy finds the disk full.
    private let fullDiskCopy = NSError(
        domain: NSCocoaErrorDomain, code: NSFileWriteOutOfSpaceError,
        userInfo: [
            "NSUserStringVariant": ["Copy"], NSFilePathErrorKey: "/work/out/card.gif",
            "NSDestinationFilePath": "/disk/App.xcassets/card.dataset/card.gif",
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)),
        ])

    func testAFullDiskUnderACopyNamesTheFileBeingWritten() {
        let list = DiagnosticList(describing: fullDiskCopy)
        XCTAssertEqual(list.diagnostics.count, 1)
        XCTAssertEqual(
            list.first?.message, "no space left on the device while writing /disk/App.xcassets/card.dataset/card.gif")
        XCTAssertEqual(list.exitStatus, .cannotWrite)
        XCTAssertFalse(list.description.contains("Error Domain"), list.description)
        XCTAssertNotNil(list.first?.hint)
    }

    func testEveryKindOfSystemErrorIsASentence() {
        let cases: [(Error, String, ExitStatus)] = [
            (POSIXError(.ENOSPC), "no space left on the device", .cannotWrite),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS)), "the file system is read-only", .cannotWrite),
            (
                NSError(
                    domain: NSCocoaErrorDomain, code: NSFileReadNoSuchFileError,
                    userInfo: [NSFilePathErrorKey: "/in/scene.json"]),
                "no such file or folder while reading /in/scene.json", .missingInput
            ),
            (
                NSError(
                    domain: NSCocoaErrorDomain, code: NSFileWriteNoPermissionError,
                    userInfo: ["NSUserStringVariant": ["Remove"], NSFilePathErrorKey: "/g/old"]),
                "permission denied while removing /g/old", .cannotWrite
            ),
            (
                NSError(domain: NSCocoaErrorDomain, code: NSFileWriteVolumeReadOnlyError),
                "the file system is read-only", .cannotWrite
            ),
        ]
        for (error, message, status) in cases {
            let list = DiagnosticList(describing: error)
            XCTAssertEqual(list.first?.message, message)
            XCTAssertEqual(list.exitStatus, status, message)
            XCTAssertFalse(list.description.contains("Domain"), list.description)
        }
        XCTAssertEqual(SystemError.reason(of: fullDiskCopy), "no space left on the device")
    }

    func testOtherErrorsAreLeftAsTheyWere() {
        struct Odd: Error {}
        XCTAssertNil(SystemError.diagnostic(Odd()))
        XCTAssertEqual(DiagnosticList(describing: Odd()).exitStatus, .failure)
    }
}
