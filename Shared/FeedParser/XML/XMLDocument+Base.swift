/// xml:base: the base each element resolves references against, inherited from its parent and changed by its own
/// `xml:base`, starting from the document's URL.
extension XMLDocument {
    /// The base in effect inside an element with `attributes`, when its parent's is `inherited`.
    static func base(of attributes: [XMLAttribute], inheriting inherited: String?) -> String? {
        var base = inherited
        for attribute in attributes where attribute.ns == Namespaces.xml && attribute.lname == "base" {
            base = URLResolver.base(attribute.value, inheriting: base)
        }
        return base
    }

    /// Recomputes every element's base as if the document had been read from `documentURL`: the tree a second
    /// parse with that URL would build, without scanning the bytes again. A parent always precedes its children
    /// in ``elements``, so one pass in order sees each parent's new base first.
    mutating func rebase(documentURL: String?) {
        for index in elements.indices {
            let parent = elements[index].parent
            let inherited = parent >= 0 ? elements[parent].base : documentURL
            elements[index].base = Self.base(of: elements[index].attributes, inheriting: inherited)
        }
    }
}
