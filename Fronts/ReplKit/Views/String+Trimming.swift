extension String {
    /// The text without the spaces a column layout pads its last column with.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
