import APIModel
import Controls
import Scenes

/// The README's API tables, one section per tag: the operations, then every parameter they take.
/// `scripts/api-docs.sh` puts each section between `<!-- api:TAG -->` and `<!-- /api:TAG -->`.
enum MarkdownTables {
    struct Section: Sendable {
        var tag: String
        var markdown: String
    }

    /// Defaults that come from a setting are shown as the setting and its built-in value. A command
    /// a scenario's step can name (`steps`, by id) shows its id beside its route.
    static func sections(_ operations: [APIOperation], steps: Set<String> = []) -> [Section] {
        var tags: [String] = []
        for op in operations where !tags.contains(op.tag) { tags.append(op.tag) }
        return tags.map { tag in
            let ops = operations.filter { $0.tag == tag }
            // A note three or more operations share is said once, under the table, not in each row.
            let notes = ops.map(notes)
            var shared: [(note: String, users: [String])] = []
            for (op, list) in zip(ops, notes) {
                for note in list where notes.filter({ $0.contains(note) }).count >= 3 {
                    shared.update(where: { $0.note == note }, { $0.users.append(name(op)) }, else: (note, [name(op)]))
                }
            }
            var lines = ["| Method and path | Does |", "|---|---|"]
            for (op, list) in zip(ops, notes) {
                let own = list.filter { note in !shared.contains { $0.note == note } }
                let id = steps.contains(op.id) ? " (`\(op.id)`)" : ""
                lines.append("| \(name(op))\(id) | \(cell(([summaryText(op)] + own).joined(separator: "; "))) |")
            }
            // One line for each set of operations, its notes in declaration order.
            var groups: [(users: [String], notes: [String])] = []
            for (note, users) in shared {
                groups.update(where: { $0.users == users }, { $0.notes.append(note) }, else: (users, [note]))
            }
            if !groups.isEmpty { lines.append("") }
            for (users, notes) in groups {
                let others = ops.map(name).filter { !users.contains($0) }
                let who = switch others.count {
                case 0: "All of these"
                case 1: "All but \(others[0])"
                default: users.joined(separator: ", ")
                }
                let text = notes.joined(separator: "; ")
                lines.append("- \(who): \(text)" + (text.hasSuffix(".") ? "" : "."))
            }
            let rows = parameterRows(ops)
            if !rows.isEmpty {
                lines += ["", "| Parameter | Values | Default | Meaning |", "|---|---|---|---|"] + rows
            }
            return Section(tag: tag, markdown: lines.joined(separator: "\n"))
        }
    }

    /// Every section between its markers, as `layercast api markdown` prints them: the operations',
    /// then each control's props.
    static func document(_ operations: [APIOperation], configuration: SceneConfiguration) -> String {
        (sections(operations, steps: Set(SceneCommand.steps(configuration.controls).map(\.id))) + propSections(configuration)).map { "<!-- api:\($0.tag) -->\n\($0.markdown)\n<!-- /api:\($0.tag) -->\n" }
            .joined()
    }

    /// One table per control of its props (`props-CONTROL`), with the built-in defaults.
    static func propSections(_ configuration: SceneConfiguration) -> [Section] {
        configuration.controls.subjects.compactMap { control in
            let declarations = configuration.propDeclarations(of: control)
            guard !declarations.isEmpty else { return nil }
            let rows = declarations.map { d in
                let json = d.kind.json(d.defaultValue)
                let value = if case .string(let text) = json { text } else { json.text }
                return "| `\(d.name)` | " + [d.kind.parameterType.values(unit: d.kind.unit), "`\(value)`", d.doc].map(cell).joined(separator: " | ") + " |"
            }
            return Section(tag: "props-\(control.rawValue)",
                           markdown: (["| Prop | Values | Default | Meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n"))
        }
    }

    private static func name(_ op: APIOperation) -> String { "`\(op.method.rawValue) \(op.path)`" }

    private static func summaryText(_ op: APIOperation) -> String {
        var text = op.summary
        switch op.body {
        case .binary(let types, let maxBytes, _):
            text += " (body: " + types.map { "`\($0)`" }.joined(separator: " or ") + ", at most \(bytes(maxBytes)))"
        case .document(let types, _, _, let maxBytes):
            text += " (body: " + types.map { "`\($0)`" }.joined(separator: " or ") + (maxBytes.map { ", at most \(bytes($0))" } ?? "") + ")"
        case .none, .parameters: break
        }
        return text
    }

    /// What else a reader must know of an operation: its rules between parameters, what a state
    /// conflict or a busy server means for it, and whether it is priced.
    private static func notes(_ op: APIOperation) -> [String] {
        var notes = op.rules.map(\.text)
        for answer in op.answers where [409, 503].contains(answer.status) {
            notes.append("\(answer.status): \(answer.description)")
        }
        if op.cost != nil { notes.append("priced before any work (400 past a whole budget, 503 while others hold it)") }
        return notes
    }

    /// One row per distinct parameter (by name, values and default), saying which operations take
    /// it when not all of the section's do.
    private static func parameterRows(_ ops: [APIOperation]) -> [String] {
        struct Row { var key: String; var cells: [String]; var users: [String] }
        // Every operation's parameters, then the families of parameters (`props.NAME`) after them.
        let entries = ops.flatMap { op in
            op.parameters.map { p in
                (cells: ["`\(p.spec.name)`", p.spec.values, defaultCell(p.spec)], description: p.spec.description, user: name(op))
            }
        } + ops.flatMap { op in
            op.families.map { f in (cells: [f.names, f.values, "none"], description: f.description, user: name(op)) }
        }
        var rows: [Row] = []
        for entry in entries {
            let key = entry.cells.joined(separator: "|") + entry.description
            rows.update(where: { $0.key == key }, { $0.users.append(entry.user) },
                        else: Row(key: key, cells: entry.cells + [entry.description], users: [entry.user]))
        }
        return rows.map { row in
            var cells = row.cells
            if row.users.count < ops.count { cells[3] += " (" + row.users.joined(separator: ", ") + ")" }
            return "| " + cells.map(cell).joined(separator: " | ") + " |"
        }
    }


    static func defaultCell(_ spec: ParameterSpec) -> String {
        if let text = spec.defaultText { return text }
        switch spec.requirement {
        case .required: return "required"
        case .optional: return "none"
        case .fixed(let text): return "`\(text)`"
        case .setting(let flag, let builtin): return "`\(flag)` (\(builtin))"
        }
    }

    private static func bytes(_ n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MiB" : n >= 1 << 10 && n % (1 << 10) == 0 ? "\(n >> 10) KiB" : "\(n) bytes"
    }

    /// A table cell: no line breaks, no bare pipes.
    private static func cell(_ text: String) -> String {
        text.replacing("\n", with: " ").replacing("|", with: "\\|")
    }
}

extension Array {
    /// Changes the first element `matches` finds with `change`, or appends `new`: the order is the
    /// order in which elements first came.
    mutating func update(where matches: (Element) -> Bool, _ change: (inout Element) -> Void,
                         else new: @autoclosure () -> Element) {
        if let i = firstIndex(where: matches) { change(&self[i]) } else { append(new()) }
    }
}
