// The HTTPServer module: a small, app-agnostic Swift face over libmicrohttpd (see DEVELOPERS.md).
//
// Map of the files:
// - Configuration.swift  options for one server and the per-request metrics record
// - Request.swift / Response.swift / JSON.swift  the value types handlers see
// - Router.swift          route table, 404/405/HEAD/OPTIONS rules
// - Server.swift          start/stop and the counters
// - ServerContext.swift   state shared with the C callbacks (passed through `void *cls`)
// - Callbacks.swift, StreamCallbacks.swift, Dispatch.swift  the MHD callbacks and what they do
// - SuspendGate.swift / StreamWaker.swift  race-free suspend/resume of connections
// - StaticFiles.swift / MIMETypes.swift  safe file serving below one root
// - HTTPProbe.swift       a tiny blocking HTTP/1.1 client for health checks, tests and benchmarks
