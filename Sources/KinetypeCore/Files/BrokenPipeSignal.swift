#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a write to a closed pipe from raising SIGPIPE for the process, on the calling thread only.
///
/// The signal is blocked on the thread for the duration of `body`. A SIGPIPE that `body`'s writes
/// raised stays pending on the thread (it is thread-directed), and is taken off with a zero-timeout
/// wait before the old mask returns, so nothing is delivered later. A SIGPIPE that was already
/// pending when `body` started is left as it was.
public enum BrokenPipeSignal {
    /// Runs `body` with SIGPIPE blocked on this thread and consumes any SIGPIPE it raised.
    public static func suppressed<Result>(_ body: () throws -> Result) rethrows -> Result {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        let wasPending = isPending()
        defer {
            if !wasPending, isPending() { consume(pipeSignal) }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return try body()
    }

    private static func isPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }

    private static func consume(_ pipeSignal: sigset_t) {
        var pipeSignal = pipeSignal
        #if canImport(Glibc)
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &noWait) < 0, errno == EINTR {}
        #else
            var taken: Int32 = 0
            sigwait(&pipeSignal, &taken)
        #endif
    }
}
