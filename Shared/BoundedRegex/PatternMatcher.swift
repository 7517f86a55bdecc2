/// Runs a ``PatternProgram`` over a text in one pass, Thompson's way (as RE2 and Go do): every state the
/// program can be in advances together, one scalar at a time, so that a match costs at most the program's
/// size for each scalar, whatever the pattern. No backtracking, hence no pattern that takes exponential time.
struct PatternMatcher {
    let program: PatternProgram

    /// Whether the pattern matches somewhere in `text`, which is read up to `limit` scalars.
    func matches(_ text: some Sequence<Unicode.Scalar>, limit: Int) -> Bool {
        let subject = Array(text.prefix(limit))
        let folded = program.foldsCase ? subject.map(ScalarSet.fold) : subject
        let size = program.instructions.count
        var current = StateSet(capacity: size)
        var next = StateSet(capacity: size)
        var stack: [Int] = []
        var position = 0
        while true {
            if current.states.isEmpty, let first = program.firstScalars {
                // No attempt under way: the next can only start at a scalar the pattern starts with.
                while position < subject.count,
                    !first.contains(where: { starts($0, subject[position], folded[position]) })
                {
                    position += 1
                }
            }
            // A new attempt starts at every position: the search is unanchored unless the pattern says `^`.
            if follow(from: 0, into: &current, at: position, subject: subject, stack: &stack) { return true }
            guard position < subject.count else { return false }
            next.removeAll()
            for state in current.states {
                guard consumes(state, subject[position], folded[position]) else { continue }
                if follow(from: state + 1, into: &next, at: position + 1, subject: subject, stack: &stack) {
                    return true
                }
            }
            swap(&current, &next)
            position += 1
        }
    }

    private func starts(
        _ first: (scalar: Unicode.Scalar, ignoringCase: Bool), _ scalar: Unicode.Scalar, _ folded: Unicode.Scalar
    ) -> Bool {
        (first.ignoringCase ? folded : scalar) == first.scalar
    }

    /// Whether the instruction at `state` consumes `scalar` (`folded` is its folded form).
    private func consumes(_ state: Int, _ scalar: Unicode.Scalar, _ folded: Unicode.Scalar) -> Bool {
        switch program.instructions[state] {
        case .scalar(let expected, let ignoringCase): return (ignoringCase ? folded : scalar) == expected
        case .any(let includingNewline): return includingNewline || scalar != "\n"
        case .set(let index, let ignoringCase): return program.sets[index].contains(scalar, ignoringCase: ignoringCase)
        case .assertion, .split, .jump, .match: return false
        }
    }

    /// Adds `start` and every state reachable from it without consuming (through jumps, splits and the
    /// assertions that hold at `position`) to `states`; true when one of them is the match.
    private func follow(
        from start: Int, into states: inout StateSet, at position: Int, subject: [Unicode.Scalar],
        stack: inout [Int]
    ) -> Bool {
        stack.append(start)
        defer { stack.removeAll(keepingCapacity: true) }
        while let state = stack.popLast() {
            guard states.insert(state) else { continue }
            switch program.instructions[state] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertion(let assertion):
                let before = position > 0 ? subject[position - 1] : nil
                let after = position < subject.count ? subject[position] : nil
                if assertion.holds(before: before, after: after) { stack.append(state + 1) }
            case .scalar, .any, .set: break
            }
        }
        return false
    }
}
