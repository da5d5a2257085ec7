vcl 4.1;
# Varnish in front of HAProxy and the replicas (issue 34): it keeps what Layercast declares public
# (a stored scenario's frames and clips: README "Cacheable") and passes everything else through.
# deploy/run.sh writes HAProxy's port in place of ${LB_PORT}, as HAProxy reads its own ports.

backend haproxy {
    .host = "127.0.0.1";
    .port = "${LB_PORT}";
    # A clip of many seconds is encoded before its first byte goes out.
    .first_byte_timeout = 120s;
}

sub vcl_recv {
    # A live stream or the event stream is one endless answer: piped, never buffered or cached, so
    # every viewer gets the replicas' newest frames (and Varnish holds no copy of them).
    if (req.url ~ "^/(stream\.(mjpg|mp4)|events)([?]|$)") {
        return (pipe);
    }
    # Everything else follows Varnish's built-in rules: GET and HEAD are looked up, the rest pass.
}

sub vcl_pipe {
    # The piped connection ends with its answer; the next request on it is Varnish's to read again.
    set bereq.http.Connection = "close";
}

sub vcl_backend_response {
    # Only what the server marks `public` is kept: the API, /state, live frames (`no-store`), the
    # page (`no-cache`), /healthz and /metrics are fetched every time. Hit-for-miss for two minutes,
    # as Varnish's built-in rule does, so requests for a live URL are never queued behind each other.
    if (beresp.http.Cache-Control !~ "(^|[ ,])public([ ,]|$)" || beresp.http.Cache-Control ~ "no-store|no-cache|private") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # Past its max-age an answer is kept a day more to be revalidated: Varnish asks with its ETag,
    # and a replica answers 304 without rendering (Revalidation.swift).
    set beresp.keep = 1d;
}

sub vcl_deliver {
    # Whether Varnish had it, for the proof in deploy/run.sh and for anyone reading headers.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
