// The program's argc and argv, taken from the C library before `main`. Swift's `CommandLine` finds
// them through `/proc/self`, which a bare container or chroot may not have mounted: kinetype would
// then see no arguments at all and print its help. glibc calls every `.init_array` function with
// argc, argv and envp, as it calls `main`; this file puts one there that keeps the first two.

/// argc and argv as the C library passed them, or (0, nil) before (or without) the capture. A
/// global with a constant initializer, so it is set before the capture runs and never reset.
nonisolated(unsafe) private var capturedArguments:
    (count: CInt, values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) =
        (0, nil)

#if compiler(>=6.3) && os(Linux)
    private typealias InitArrayFunction =
        @convention(c) (
            CInt, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Void

    @used @section(".init_array")
    private let captureArguments: InitArrayFunction = { count, values, _ in capturedArguments = (count, values) }
#endif

/// The process's arguments: the C library's argc and argv where they were captured, else
/// `CommandLine`'s.
enum ProcessArguments {
    static var count: CInt { capturedArguments.values == nil ? CommandLine.argc : capturedArguments.count }

    static var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        capturedArguments.values ?? CommandLine.unsafeArgv
    }
}
