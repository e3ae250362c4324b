import XCTest

@testable import KinetypeCore

final class SHA256Tests: XCTestCase {
    func testKnownDigests() {
        // FIPS 180-4 examples and a multi-block message.
        XCTAssertEqual(
            SHA256.hex(of: Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(of: [UInt8](repeating: 0x61, count: 1000)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func testIncrementalUpdatesMatchOneShot() {
        var hasher = SHA256()
        hasher.update("hello ")
        hasher.update("world")
        XCTAssertEqual(hasher.hexDigest(), SHA256.hex(of: Array("hello world".utf8)))
    }
}
