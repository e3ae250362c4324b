// The static kinetype (`make build`, the bundle) in a container or chroot without `/proc`. At start-up,
// before `main`, the Swift runtime's backtracer asks where the runtime's files are: through `dladdr`,
// which finds nothing in a static program, then `/proc/self/exe`. With neither, the runtime stops the
// process ("Unable to obtain Swift runtime path", SIGABRT) before kinetype runs a line. `SWIFT_ROOT`
// answers the question without both; this sets it there, and only there, from `.preinit_array`,
// which the C library runs before every initializer. Under it the backtracer finds no helper program
// and stays off, as a crash report could not be symbolicated without `/proc` anyway.
#if compiler(>=6.3) && os(Linux)
    import Glibc

    private typealias PreinitArrayFunction =
        @convention(c) (
            CInt, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Void

    @used @section(".preinit_array")
    private let nameTheSwiftRootWithoutProc: PreinitArrayFunction = { _, _, _ in
        var byte: CChar = 0
        if getenv("SWIFT_ROOT") == nil, readlink("/proc/self/exe", &byte, 1) < 0 {
            setenv("SWIFT_ROOT", "/", 0)
        }
    }
#endif
