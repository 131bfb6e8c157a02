import ShareCore

extension PreparedShare {
    /// The value of the first field a dry run shows with this name, if any: what tests check of a
    /// plan without knowing its type. Destinations read their typed plan instead.
    public subscript(field name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}
