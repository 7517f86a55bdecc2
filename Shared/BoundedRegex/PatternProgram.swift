/// A pattern compiled for ``PatternMatcher``: a list of instructions in Thompson's construction, where a
/// repetition is spelt out (`a{2,3}` is `aaa?`) so that matching needs no counters.
struct PatternProgram: Sendable {
    /// One step of the program.
    enum Instruction: Sendable, Equatable {
        /// Consumes one scalar equal to this one (compared folded when `ignoringCase`).
        case scalar(Unicode.Scalar, ignoringCase: Bool)
        /// Consumes any scalar (a line feed only when `includingNewline`).
        case any(includingNewline: Bool)
        /// Consumes one scalar of the class `sets[index]`.
        case set(Int, ignoringCase: Bool)
        /// Goes on only where the assertion holds, consuming nothing.
        case assertion(PatternAssertion)
        /// Goes on at both targets.
        case split(Int, Int)
        /// Goes on at the target.
        case jump(Int)
        /// The pattern matched.
        case match
    }

    /// The most instructions a pattern may compile to: with the text's length, this bounds the work of one
    /// match (each scalar of the text costs at most one visit of each instruction).
    static let maximumSize = 2_000

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [ScalarSet] = []
    /// Whether some instruction compares folded scalars (the matcher then folds the text once).
    private(set) var foldsCase = false
    /// The scalars a match can start with, when the program starts with plain scalars only (`go(lang)?`,
    /// `foo|bar`): where no attempt is under way, the matcher skips to the next of them. Nil otherwise.
    private(set) var firstScalars: [(scalar: Unicode.Scalar, ignoringCase: Bool)]?

    /// Compiles `node`; throws ``PatternError/Fault/tooComplex(limit:)`` (at offset 0) past the size limit.
    init(_ node: PatternNode) throws(PatternError) {
        try emit(node)
        try append(.match)
        firstScalars = startingScalars()
    }

    /// The scalar instructions reachable from the start without consuming, if nothing else is.
    private func startingScalars() -> [(scalar: Unicode.Scalar, ignoringCase: Bool)]? {
        var found: [(scalar: Unicode.Scalar, ignoringCase: Bool)] = []
        var seen: Set<Int> = []
        var pending = [0]
        while let state = pending.popLast() {
            guard seen.insert(state).inserted else { continue }
            switch instructions[state] {
            case .scalar(let scalar, let ignoringCase): found.append((scalar, ignoringCase))
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending += [first, second]
            case .any, .set, .assertion, .match: return nil
            }
        }
        return found
    }

    private mutating func append(_ instruction: Instruction) throws(PatternError) {
        guard instructions.count < Self.maximumSize else {
            throw PatternError(offset: 0, fault: .tooComplex(limit: Self.maximumSize))
        }
        instructions.append(instruction)
    }

    /// Appends a placeholder to be patched by ``patch(_:_:)``; returns its index.
    private mutating func placeholder() throws(PatternError) -> Int {
        try append(.match)
        return instructions.count - 1
    }

    private mutating func patch(_ index: Int, _ instruction: Instruction) {
        instructions[index] = instruction
    }

    private mutating func emit(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty: break
        case .scalar(let scalar, let ignoringCase):
            foldsCase = foldsCase || ignoringCase
            try append(.scalar(scalar, ignoringCase: ignoringCase))
        case .any(let includingNewline): try append(.any(includingNewline: includingNewline))
        case .set(let set, let ignoringCase):
            sets.append(set)
            try append(.set(sets.count - 1, ignoringCase: ignoringCase))
        case .assertion(let assertion): try append(.assertion(assertion))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches): try emitAlternation(branches[...])
        case .repetition(let item, let min, let max): try emitRepetition(item, min: min, max: max)
        }
    }

    /// `split(L1, L2); L1: first; jump(end); L2: rest…; end:`.
    private mutating func emitAlternation(_ branches: ArraySlice<PatternNode>) throws(PatternError) {
        guard let first = branches.first else { return }
        guard branches.count > 1 else { return try emit(first) }
        let split = try placeholder()
        try emit(first)
        let jump = try placeholder()
        let second = instructions.count
        try emitAlternation(branches.dropFirst())
        patch(split, .split(split + 1, second))
        patch(jump, .jump(instructions.count))
    }

    /// `min` copies, then `max - min` optional ones (each nested in the last, so that none is tried before the
    /// one before it), or a loop when there is no maximum.
    private mutating func emitRepetition(_ item: PatternNode, min: Int, max: Int?) throws(PatternError) {
        for _ in 0..<min { try emit(item) }
        guard let max else {
            // L: split(body, end); body; jump(L); end:
            let loop = try placeholder()
            try emit(item)
            try append(.jump(loop))
            patch(loop, .split(loop + 1, instructions.count))
            return
        }
        var splits: [Int] = []
        for _ in min..<Swift.max(min, max) {
            splits.append(try placeholder())
            try emit(item)
        }
        for split in splits { patch(split, .split(split + 1, instructions.count)) }
    }
}
