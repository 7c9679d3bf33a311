/// A list for a message: its first items and how many more there are, so that one diagnostic
/// about a file naming a thousand things stays a line a person reads.
package enum ShortList {
    /// The first `limit` of `items` joined with ", ", then "and N more" for the rest.
    package static func text(_ items: [String], limit: Int = 10) -> String {
        guard items.count > limit else { return items.joined(separator: ", ") }
        return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }
}
