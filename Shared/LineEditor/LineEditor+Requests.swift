import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

extension LineEditor {
    /// Runs queued notices, prompt changes and jobs in order, and takes note of signals; on the editor's thread.
    func serviceRequests() {
        let (requests, flags) = remote.takeAll()
        for request in requests {
            switch request {
            case .notice(let text): print(text)
            case .prompt(let text): prompt = text
            case .job(let job): job(self)
            }
        }
        pendingFlags.interrupt = pendingFlags.interrupt || flags.interrupt
        pendingFlags.terminate = pendingFlags.terminate || flags.terminate
        if flags.resume {
            if ignoreNextResume {
                ignoreNextResume = false
            } else {
                pendingFlags.resume = true
            }
        }
        if flags.resize, let session {
            el_resize(session.editLine)
            if lineOnScreen {
                session.flush()
                writeAll(session.geometry().clearFromCursor, to: configuration.output)
                _ = clibedit_refresh(session.editLine)
            }
        }
    }

    /// Blocks the editor's thread until a request arrives (a print, a job, a noted signal), then runs every
    /// queued request: for a program that waits on the terminal's thread for work done elsewhere, rendering
    /// meanwhile, without polling. Returns at once when requests are already queued.
    public func waitForRequests() {
        serviceRequests()
        var descriptor = pollfd(fd: remote.wakeReadEnd, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, -1) < 0, errno == EINTR {}
        remote.drainWakeups()
        serviceRequests()
    }

    /// Waits until the input is readable, running requests whenever the wake-up pipe fires.
    ///
    /// Returns false when a signal asks to stop reading (`pendingFlags` says which) or polling fails (then
    /// `pendingFlags.terminate` is set: the input cannot be read any more).
    func waitForInput() -> Bool {
        while true {
            serviceRequests()
            if pendingFlags.interrupt || pendingFlags.terminate || pendingFlags.resume { return false }
            var descriptors = [
                pollfd(fd: configuration.input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: remote.wakeReadEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                pendingFlags.terminate = true
                return false
            }
            if descriptors[1].revents != 0 {
                // Requests made before a key are handled before it.
                remote.drainWakeups()
                continue
            }
            if descriptors[0].revents != 0 { return true }
        }
    }
}
