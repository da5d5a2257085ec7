# Layercast in a container: the server on 0.0.0.0:8080 as a non-root user, on debian:bookworm-slim.
#
#   docker build -t layercast .
#   docker run --rm -p 8080:8080 layercast
#
# BINARY_FROM names the stage the binary comes from: "build" (the default) compiles it in the
# official Swift image; "prebuilt" takes .build-container/prebuilt/layercast from the build context,
# a binary built on a bookworm host (scripts/test-container.sh does this, with no registry at hand).
ARG BINARY_FROM=build

FROM swift:6.3.1-bookworm AS build
# Bookworm is a stable release: its package versions only move for security and point fixes, which
# we want, so versions are not pinned.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libcairo2-dev libgif-dev libhiredis-dev libimagequant-dev libmicrohttpd-dev libspng-dev \
        libturbojpeg0-dev libwebp-dev libsqlite3-dev pkg-config \
        libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libyuv-dev libpango1.0-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so a source change does not fetch them again.
COPY Package.* ./
RUN swift package resolve
# SwiftPM checks every declared target's folder, the test targets' too.
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime is linked in, so the runtime stage needs no Swift; stripped for size.
RUN swift build -c release --static-swift-stdlib --product layercast \
    && install -D -m 0755 .build/release/layercast /out/layercast \
    && strip /out/layercast

FROM scratch AS prebuilt
COPY .build-container/prebuilt/layercast /out/layercast

FROM ${BINARY_FROM} AS binary

FROM debian:bookworm-slim AS runtime
# Only the libraries the binary links (scripts/test-container.sh checks ldd against this list),
# DejaVu for the meter's label, Liberation and Inter for text layers (docs/design/quartz.md §Text),
# and fontconfig so the font cache is built here, not at each start.
# Image layers keep whole-second mtimes, and fontconfig drops a cache whose folder time differs in
# the nanoseconds (then, read-only as uid 10001, it rescans and logs "No writable cache
# directories" at every start): so the font folders get whole-second times before the cache is made.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libcairo2 libgif7 libhiredis0.14 libimagequant0 libmicrohttpd12 libspng0 libturbojpeg0 libwebp7 libwebpdemux2 libwebpmux3 \
        libsqlite3-0 libavcodec59 libavformat59 libavutil57 libswscale6 libyuv0 libpango-1.0-0 libpangocairo-1.0-0 \
        fontconfig fonts-dejavu-core fonts-liberation2 fonts-inter \
    && rm -rf /var/lib/apt/lists/* \
    && find /usr/share/fonts /usr/local/share/fonts -type d -exec touch -m -d "@$(date +%s)" {} + \
    && fc-cache -f \
    && useradd --uid 10001 --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin layercast \
    && install -d -o 10001 -g 10001 -m 0700 /var/lib/layercast

# Owned by root and read-only to the server's user.
COPY Public /usr/local/share/layercast/Public
COPY --from=binary /out/layercast /usr/local/bin/layercast

# 0.0.0.0 is what makes -p work; it also opens the API to every network the container is on,
# so set LAYERCAST_TOKEN (or --token) when that network is not yours alone.
ENV LAYERCAST_HOST=0.0.0.0 \
    LAYERCAST_PORT=8080 \
    LAYERCAST_PUBLIC=/usr/local/share/layercast/Public \
    LAYERCAST_DATA=/var/lib/layercast
# Saved work (stored scenarios, recordings, uploaded artwork): mount a named volume here to keep it
# across containers (-v layercast-data:/var/lib/layercast), or run with --data none.
VOLUME /var/lib/layercast

USER 10001:10001
EXPOSE 8080
# The binary is its own probe (no curl in the image); with no URL it checks
# http://127.0.0.1:$LAYERCAST_PORT/healthz, so a changed port is followed. It exits 0 or 1.
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/layercast", "probe", "--timeout", "3"]
# The server is PID 1 (exec form, no shell): SIGTERM reaches it, it ends streams and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/layercast"]
CMD ["serve"]
