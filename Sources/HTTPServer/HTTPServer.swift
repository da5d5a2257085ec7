// The HTTPServer module: a small, app-agnostic Swift face over libmicrohttpd (the library facts it
// relies on are in docs/design/http-server.md).
//
// Map of the files:
// - Configuration.swift  options for one server and the per-request metrics record
// - Request.swift / Response.swift / JSON.swift  the value types handlers see
// - Router.swift          route table, 404/405/HEAD/OPTIONS rules
// - Server.swift / SocketAddress.swift / Counters.swift  start/stop, bind address, live counters
// - ServerContext.swift   state shared with the C callbacks (passed through `void *cls`)
// - Callbacks.swift / StreamCallbacks.swift  the MHD callbacks (global funcs, never closures)
// - RequestState.swift / Responder.swift  per-request bookkeeping; HTTPResponse → MHD_Response,
//   deferred work run off the server's thread on its lane (DedicatedThread.swift for long work)
// - SuspendGate.swift / StreamWaker.swift / StreamContext.swift  race-free suspend/resume of connections
// - Broadcast.swift       the newest value for many stream readers, numbered, with its waiters
// - HangupWatcher.swift   wakes a suspended stream as soon as its client hangs up
// - MemoryTrim.swift      returns freed memory to the system after streams end and big work
// - StaticFiles.swift / MIMETypes.swift  safe file serving below one root
// - Hardening/            what a hostile client meets: the Host check and the head checks
//   (AllowedHosts, HeadChecks), per-connection records, the head deadline and the one chunked
//   upload (ConnectionRecord, ConnectionTracker), answers written on the socket (DirectAnswer),
//   MHD's error pages answered in JSON (LibraryPages), log summaries, the descriptor limit
// The client side (probe, benchmarks, tests) is the HTTPClient module.
