import Foundation

/// Runs Debian's `sfeed` (C; one feed on standard input, one TSV line per item on standard output) over a file,
/// through `posix_spawn` and `wait4`, so that its CPU time is the child's own (process start included; see
/// ``startup()``).
struct SfeedRun {
    var executable: String
    var input: String

    /// `sfeed` from the PATH, or nil when it is not installed (`apt-get install -y sfeed`).
    static func locate() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { "\($0)/sfeed" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// One run over `file` (default: ``input``), its output written to `output`.
    func run(on file: String? = nil, output: String = "/dev/null") throws(SfeedFailure) -> PassTime {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, file ?? input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid: pid_t = 0
        let wall = DispatchTime.now().uptimeNanoseconds
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
        defer { free(argv[0]) }
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { throw SfeedFailure(status: -1) }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw SfeedFailure(status: -1) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
        guard status == 0 else { throw SfeedFailure(status: status) }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return PassTime(cpu: cpu, wall: elapsed)
    }

    /// A run on empty input: the cost of starting `sfeed`, not of parsing.
    func startup() throws(SfeedFailure) -> PassTime {
        try run(on: "/dev/null")
    }
}

/// `sfeed` could not be started or exited with a failure status.
struct SfeedFailure: Error {
    var status: Int32
}
