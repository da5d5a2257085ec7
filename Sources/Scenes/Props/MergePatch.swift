import JSON
/// JSON Merge Patch (RFC 7396 §2): members of an object patch replace the target's, a null member
/// removes one, and an object member merges into the target's member recursively; any other patch
/// replaces the target whole. Members keep the target's order; new ones come after.
package enum MergePatch {
    package static func apply(_ patch: JSONDocument, to target: JSONDocument) -> JSONDocument {
        guard case .object(let changes) = patch else { return patch }
        var members = target.members ?? []
        for (key, value) in changes {
            let i = members.firstIndex { $0.key == key }
            if case .null = value {
                if let i { members.remove(at: i) }
            } else if let i {
                members[i].value = apply(value, to: members[i].value)
            } else {
                members.append((key, apply(value, to: .null)))
            }
        }
        return .object(members)
    }
}
