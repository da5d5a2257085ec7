/// `--report FILE`: a self-contained HTML review of a `layercast test` run.
enum HTMLReport {
    /// The page for `results`, to be written at `path` (relative references to baselines start there).
    static func html(_ results: TestResults, at path: String) throws -> String {
        "<!doctype html><title>layercast test</title>"
    }
}
