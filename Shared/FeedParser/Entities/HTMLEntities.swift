/// Decodes HTML character references (the 2,125 HTML5 names, decimal and hexadecimal) without a DTD.
///
/// Feeds use `&nbsp;`, `&eacute;` and friends freely though XML declares only five names, and the terminal
/// fronts need the same decoding to render article HTML as text, so it is public here.
public enum HTMLEntities {
    /// The name → replacement table, built once from ``HTMLEntityTable`` on first use.
    static let table: [String: String] = {
        var table = [String: String](minimumCapacity: 2200)
        for entry in HTMLEntityTable.packed.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let eq = entry.firstIndex(of: "=") else { continue }
            var value = String.UnicodeScalarView()
            for hex in entry[entry.index(after: eq)...].split(separator: "+") {
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) { value.append(scalar) }
            }
            table[String(entry[..<eq])] = String(value)
        }
        return table
    }()

    /// The text a named reference stands for (`"eacute"` → `"é"`), or `nil` for an unknown name.
    /// The name is given without `&` and `;` and is case-sensitive, as in HTML.
    public static func character(named name: String) -> String? {
        table[name]
    }

    /// Replaces every character reference in `text` (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`); unknown names and
    /// stray `&` are left as they are. Code points 128–159 are read as windows-1252, as browsers do.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            CharacterReferences.decode(UnsafeBufferPointer(buffer), into: &out, lookup: { table[$0] })
        }
        bytes = out
        return String(decoding: bytes, as: UTF8.self)
    }
}
