# Redis, HAProxy and Varnish for `deploy/run.sh --podman`: Debian's own packages, on the same
# debian:bookworm-slim as the Layercast image. No entrypoint: run.sh names the command and mounts
# deploy/redis.conf, deploy/haproxy.cfg or the VCL, so the processes and the containers share one config.
FROM debian:bookworm-slim
# Bookworm's versions only move for security and point fixes, which we want: not pinned.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends redis-server haproxy varnish \
    && rm -rf /var/lib/apt/lists/*
