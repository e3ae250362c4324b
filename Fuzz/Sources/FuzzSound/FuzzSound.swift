import Foundation
import FuzzHarness

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    SoundHarness.run(Data(bytes: bytes, count: count))
    return 0
}
