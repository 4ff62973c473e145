# syntax=docker/dockerfile:1
# aiwolf-nl HTTP service. Build: docker build -t aiwolf-nl .   Run: docker run -p 8080:8080 aiwolf-nl

# --- build: release binary from the locked dependency set ---
FROM rust:1-slim-bookworm AS build
WORKDIR /src
# Everything the manifest names must be present: the templates and phrase files are embedded in the binary,
# and cargo refuses a manifest whose declared bench or test targets are missing.
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY templates ./templates
COPY locales ./locales
COPY benches ./benches
COPY tests ./tests
# The registry and target caches survive between builds, so a source edit does not rebuild the dependencies.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked \
    && strip target/release/aiwolf-nl \
    && cp target/release/aiwolf-nl /usr/local/bin/aiwolf-nl

# --- runtime: slim Debian, no compiler, non-root ---
FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 aiwolf \
    && useradd --system --uid 10001 --gid aiwolf --no-create-home --shell /usr/sbin/nologin aiwolf
COPY --from=build /usr/local/bin/aiwolf-nl /usr/local/bin/aiwolf-nl
# Numeric, so Kubernetes' runAsNonRoot can verify it (deploy/k8s runs it with a read-only root filesystem: the
# binary embeds its templates and phrase tables and writes no file).
USER 10001:10001
# Inside the container the service must listen on all interfaces to be reachable through -p.
ENV AIWOLF_NL_BIND=0.0.0.0:8080 \
    AIWOLF_NL_LOG_FORMAT=json
EXPOSE 8080
# The binary probes its own /healthz (no curl in the image); it reads AIWOLF_NL_BIND like `serve`.
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
    CMD ["aiwolf-nl", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["aiwolf-nl"]
CMD ["serve"]
