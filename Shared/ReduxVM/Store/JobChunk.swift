/// A fixed-size block of queued jobs: `dispatch` appends to it under the mailbox's lock, then the store's
/// executor takes it whole and moves each job out.
///
/// A burst of actions is queued far faster than the executor drains it, so the queue holds most of the burst,
/// and every byte of it is memory freshly written by `dispatch` (a page fault for each new page, costly in a
/// virtual machine) and read back by the executor. A job is therefore as small as it can be: an 8-byte header
/// (``JobHeader``) followed by the action itself, stored in place when it is small (nothing at all for an
/// action without fields). What every job would otherwise repeat is kept once beside the jobs: the action's
/// type (``ActionKind``) and the call site (``CallSite``), each once per run of jobs that share it, and
/// control work; the executor counts sequence numbers again. A job was 96 bytes when it held an
/// `any Action<State>` and its whole ``DispatchContext``.
///
/// Chunks never move, and emptied ones are reused. At most `byteCapacity / 8` jobs fit, which keeps every
/// index in a header within 16 bits.
///
/// Confinement: a chunk is reachable either from the mailbox, where only code holding its lock touches it, or
/// from one drain on the store's serial queue after the lock handed it over; never from both.
@usableFromInline
final class JobChunk<State: Sendable> {
    @usableFromInline static var byteCapacity: Int { 16_384 }

    @usableFromInline let bytes: UnsafeMutableRawPointer
    /// The jobs in `bytes[0..<used]` are initialised.
    @exclusivity(unchecked) @usableFromInline var used = 0
    /// The number of jobs in the chunk.
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var kinds: [ActionKind<State>] = []
    @exclusivity(unchecked) @usableFromInline var sites: [CallSite] = []
    @exclusivity(unchecked) @usableFromInline var controls: [@Sendable (StoreCore<State>) -> Void] = []

    @usableFromInline
    init() {
        bytes = .allocate(byteCount: Self.byteCapacity, alignment: 8)
    }

    deinit {
        // Jobs still queued when the store goes away are dropped unprocessed.
        forEachJob { header, payload in
            switch header.kind {
            case JobHeader.control: break
            case JobHeader.boxed: payload.assumingMemoryBound(to: (any Action<State>).self).deinitialize(count: 1)
            default: kinds[Int(header.kind)].destroy(payload)
            }
        }
        bytes.deallocate()
    }

    /// Claims room for an action of type `A` dispatched from `file`, `function` and `line`, and writes its
    /// header; returns where the caller must put the action at once: an `A` when
    /// ``ActionKind/storesInPlace(_:)``, otherwise an `any Action<State>`. Nil when the chunk is full.
    ///
    /// The caller stores the action, rather than this method, so that it moves into place: the mailbox
    /// reaches its last chunk only inside a closure, which could only copy the action.
    @inlinable
    func claim<A: Action<State>>(
        for _: A.Type, file: String, function: String, line: UInt
    ) -> UnsafeMutableRawPointer? {
        let inPlace = ActionKind<State>.storesInPlace(A.self)
        let payloadSize = inPlace ? (MemoryLayout<A>.size + 7) & ~7 : MemoryLayout<any Action<State>>.size
        guard used + 8 + payloadSize <= Self.byteCapacity else { return nil }
        let kind: UInt16
        if inPlace {
            if kinds.isEmpty || kinds[kinds.count - 1].type != ObjectIdentifier(A.self) {
                kinds.append(ActionKind(A.self))
            }
            kind = UInt16(kinds.count - 1)
        } else {
            kind = JobHeader.boxed
        }
        if sites.isEmpty || !sites[sites.count - 1].isSame(file: file, function: function, line: line) {
            sites.append(CallSite(file: file, function: function, line: line))
        }
        let header = bytes + used
        header.storeBytes(
            of: JobHeader(kind: kind, index: UInt16(sites.count - 1), payloadSize: payloadSize), as: JobHeader.self)
        used += 8 + payloadSize
        count += 1
        return header + 8
    }

    /// Appends control work; false (and nothing appended) when the chunk is full.
    @inlinable
    func append(control: @escaping @Sendable (StoreCore<State>) -> Void) -> Bool {
        guard used + 8 <= Self.byteCapacity else { return false }
        controls.append(control)
        (bytes + used).storeBytes(
            of: JobHeader(kind: JobHeader.control, index: UInt16(controls.count - 1), payloadSize: 0),
            as: JobHeader.self)
        used += 8
        count += 1
        return true
    }

    /// Moves every job out, in order, into `action` (with its call site) or `control`; leaves the chunk empty.
    @inlinable
    func drain(
        action body: (consuming any Action<State>, CallSite) -> Void,
        control: (@Sendable (StoreCore<State>) -> Void) -> Void
    ) {
        forEachJob { header, payload in
            switch header.kind {
            case JobHeader.control:
                control(controls[Int(header.index)])
            case JobHeader.boxed:
                body(payload.assumingMemoryBound(to: (any Action<State>).self).move(), sites[Int(header.index)])
            default:
                body(kinds[Int(header.kind)].take(payload), sites[Int(header.index)])
            }
        }
        used = 0
        count = 0
        kinds.removeAll(keepingCapacity: true)
        sites.removeAll(keepingCapacity: true)
        controls.removeAll(keepingCapacity: true)
    }

    @inlinable
    func forEachJob(_ body: (JobHeader, UnsafeMutableRawPointer) -> Void) {
        var offset = 0
        while offset < used {
            let header = (bytes + offset).load(as: JobHeader.self)
            body(header, bytes + offset + 8)
            offset += 8 + Int(header.payloadSize)
        }
    }
}
