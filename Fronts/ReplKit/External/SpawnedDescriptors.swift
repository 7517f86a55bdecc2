#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a spawned program from inheriting this process's open files.
///
/// Descriptors opened without close-on-exec (Foundation's `Pipe` and `FileHandle`, a history file) would stay
/// open in the program for as long as it lives: a browser that stays running would hold them, a pipe would not
/// reach its end, and a file open for writing could not be run ("text file busy").
enum SpawnedDescriptors {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later). Its header declares it only under
    /// `_GNU_SOURCE`, which Swift's Glibc module does not define, so it is looked up by name.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds to `actions`, after what they already hold, the closing of every descriptor above standard error.
    /// Returns false, and leaves `actions` as they were, with a C library that cannot.
    @discardableResult
    static func closeAboveStandardError(in actions: inout posix_spawn_file_actions_t) -> Bool {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return false }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        return addCloseFrom(&actions, STDERR_FILENO + 1) == 0
    }
}
