/// Zone abbreviations seen in RFC 822 dates, in hours east of UTC (RFC 822's own plus the North American
/// and Central European ones feeds use).
enum TimeZoneNames {
    static let hours: [String: Int] = [
        "ut": 0, "gmt": 0, "z": 0, "utc": 0,
        "adt": -3, "ast": -4, "at": -4, "edt": -4, "est": -5, "et": -5, "cdt": -5, "cst": -6, "ct": -6,
        "mdt": -6, "mst": -7, "mt": -7, "pdt": -7, "pst": -8, "pt": -8,
        "a": -1, "n": 1, "m": -12, "y": 12, "met": 1, "mest": 2, "cet": 1, "cest": 2, "bst": 1,
    ]
}
