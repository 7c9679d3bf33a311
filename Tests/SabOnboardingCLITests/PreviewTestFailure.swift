/// A preview test that cannot go on: the server did not start, or answered what is no HTTP.
struct PreviewTestFailure: Error, CustomStringConvertible {
    var description: String
}
