extension String {
    /// Safe as text or a quoted attribute value in HTML, SVG or XML: `& < > "` as entities.
    package var markupEscaped: String {
        var out = ""
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
