public import ArgumentParser

/// How the report is written to standard output.
public enum ReportFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Aligned columns for people, like sfeed_plain.
    case plain
    /// sfeed's tab-separated format, for sfeed's tools and `cut`/`awk`.
    case tsv
    /// One JSON document, for `jq`.
    case json
}
