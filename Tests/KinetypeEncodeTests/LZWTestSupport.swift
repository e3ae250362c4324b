import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// An independent reading of a GIF LZW code stream, for tests: the decoded indices, and how the
/// encoder used its table (clear codes, codes written while the table was full).
struct LZWCodeStream {
    private(set) var pixels: [UInt8] = []
    private(set) var clearCodes = 0
    private(set) var codesWithFullTable = 0

    struct Malformed: Error {}

    init(_ bytes: [UInt8], minimumCodeSize: Int) throws {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var strings: [[UInt8]] = []
        var width = minimumCodeSize + 1
        var previous: [UInt8]?
        var bitBuffer = 0
        var bitCount = 0
        var position = 0
        func resetTable() {
            strings = (0..<clear).map { [UInt8($0)] } + [[], []]
            width = minimumCodeSize + 1
            previous = nil
        }
        resetTable()
        while true {
            while bitCount < width {
                guard position < bytes.count else { throw Malformed() }
                bitBuffer |= Int(bytes[position]) << bitCount
                bitCount += 8
                position += 1
            }
            let code = bitBuffer & ((1 << width) - 1)
            bitBuffer >>= width
            bitCount -= width
            if code == clear {
                clearCodes += 1
                resetTable()
                continue
            }
            if code == end { return }
            if strings.count == 4096 { codesWithFullTable += 1 }
            let string: [UInt8]
            if code < strings.count {
                string = strings[code]
            } else if code == strings.count, let previous {
                string = previous + [previous[0]]
            } else {
                throw Malformed()
            }
            pixels += string
            if let previous, strings.count < 4096 {
                strings.append(previous + [string[0]])
                if strings.count == 1 << width, width < 12 { width += 1 }
            }
            previous = string
        }
    }
}

/// Wraps one LZW stream in a minimal GIF (a gray ramp as the global color table, index i shows
/// as gray i) and decodes it with giflib; returns the index of every pixel.
func decodedWithGiflib(_ compressed: [UInt8], minimumCodeSize: Int, width: Int, height: Int) throws -> [UInt8] {
    var file: [UInt8] = Array("GIF89a".utf8)
    file += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0xF7, 0, 0]
    for gray in 0..<256 { file += [UInt8(gray), UInt8(gray), UInt8(gray)] }
    file += [0x2C, 0, 0, 0, 0, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0]
    file.append(UInt8(minimumCodeSize))
    for start in stride(from: 0, to: compressed.count, by: 255) {
        let chunk = compressed[start..<min(start + 255, compressed.count)]
        file.append(UInt8(chunk.count))
        file += chunk
    }
    file += [0, 0x3B]
    let decoded = try GIFDecoder.decode(Data(file))
    let image = try XCTUnwrap(decoded.frames.first).image
    return stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
}

/// GIF's LZW with the encoder's deferred-clear rule, written plainly for tests: a Dictionary for
/// the string table, one probe for every pixel, no shortcut along runs. The encoder must write
/// exactly its bytes.
enum PlainLZW {
    static func encode(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var writer = LSBFirstBitWriter()
        var table: [Int: Int] = [:]
        var next = clear + 2
        var width = minimumCodeSize + 1
        func write(_ code: Int) { writer.write(UInt32(code), bits: width) }
        func advance(_ next: inout Int, _ width: inout Int) {
            next += 1
            if next > 1 << width, width < 12 { width += 1 }
        }
        write(clear)
        guard var current = pixels.first.map(Int.init) else {
            write(clear + 1)
            return writer.finish()
        }
        var nextCheck = 0
        var index = 1
        while index < pixels.count {
            let pixel = Int(pixels[index])
            if let code = table[current << 8 | pixel] {
                current = code
                index += 1
                continue
            }
            write(current)
            if next < 4096 {
                table[current << 8 | pixel] = next
                advance(&next, &width)
                if next == 4096 { nextCheck = index }
            }
            current = pixel
            if next == 4096, index >= nextCheck {
                // What a fresh table would cost until it fills, against the full table over the same pixels.
                var fresh: [Int: Int] = [:]
                var freshNext = clear + 2
                var freshWidth = minimumCodeSize + 1
                var freshBits = 0
                var string = Int(pixels[index])
                var pending = index
                var position = index + 1
                while position < pixels.count, freshNext < 4096 {
                    let value = Int(pixels[position])
                    if let code = fresh[string << 8 | value] {
                        string = code
                    } else {
                        freshBits += freshWidth
                        fresh[string << 8 | value] = freshNext
                        advance(&freshNext, &freshWidth)
                        string = value
                        pending = position
                    }
                    position += 1
                }
                let covered = (position < pixels.count ? pending : pixels.count) - index
                var keptCodes = 0
                string = Int(pixels[index])
                for position in index + 1..<min(pixels.count, index + covered) {
                    let value = Int(pixels[position])
                    if let code = table[string << 8 | value] {
                        string = code
                    } else {
                        keptCodes += 1
                        string = value
                    }
                }
                if freshBits + width < keptCodes * 12 {
                    write(clear)
                    table = [:]
                    next = clear + 2
                    width = minimumCodeSize + 1
                } else {
                    nextCheck = index + covered
                }
            }
            index += 1
        }
        write(current)
        write(clear + 1)
        return writer.finish()
    }
}
