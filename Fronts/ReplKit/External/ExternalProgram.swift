#if canImport(Glibc)
    import Glibc
#endif

/// A program the REPL runs for the user (a browser, a pager, a mailer): started from a list of arguments with
/// `posix_spawnp`, never from a shell line, so that nothing in a feed's text or link is ever read as shell
/// syntax, and waited for while it has the terminal.
///
/// It runs in the REPL's process group with the signals the REPL handles reset to their defaults, so that a
/// pager owns the terminal and Ctrl-C reaches it; its standard output and error are the REPL's.
struct ExternalProgram {
    /// The program's name or path, then its arguments; the name is looked up in `PATH`.
    let arguments: [String]
    /// Its environment.
    let environment: [String: String]

    /// How a program that ran ended.
    enum Outcome: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(signal: Int32)

        /// Whether it did what it was asked: exited with status 0.
        var succeeded: Bool { self == .exited(0) }
    }

    /// Why a program could not be run: the system's error number (`ENOENT`: no such program).
    struct Failure: Error, Equatable {
        let code: Int32
    }

    /// Runs the program with `input` as its standard input (nil: the REPL's own standard input when it is a
    /// terminal, else nothing), and waits until it ends.
    func run(input: String?) throws(Failure) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ends: [Int32] = [-1, -1]
        if input != nil {
            // Close-on-exec: the program gets the read end as its standard input, and no copy of either end.
            guard pipe(&ends) == 0 else { throw Failure(code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        } else if isatty(STDIN_FILENO) != 1 {
            // A script read from standard input is the REPL's, not the program's.
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        SpawnedDescriptors.closeAboveStandardError(in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCONT, SIGTSTP, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        if input != nil { close(ends[0]) }
        guard result == 0 else {
            if input != nil { close(ends[1]) }
            throw Failure(code: result)
        }
        if let input {
            Self.write(input, to: ends[1])
            close(ends[1])
        }
        return try Self.wait(for: pid)
    }

    /// Writes `text` to the program's standard input, which it may stop reading at any time (a pager quit
    /// early): SIGPIPE is blocked on this thread meanwhile, and a raised one taken before it is unblocked.
    private static func write(_ text: String, to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            // EPIPE: the program stopped reading, which is its right.
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Waits for `pid` to end (through Ctrl-C, which the REPL notes and the program receives too).
    private static func wait(for pid: pid_t) throws(Failure) -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(code: errno) }
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }
}
