# syntax=docker/dockerfile:1
# aiwolf-nl HTTP service. Build: docker build -t aiwolf-nl .   Run: docker run -p 8080:8080 aiwolf-nl

# --- build: release binary from the locked dependency set ---
FROM rust:1-slim-bookworm AS build
WORKDIR /src
# Dependencies first, so that source edits do not rebuild them.
COPY Cargo.toml Cargo.lock ./
RUN mkdir -p src \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs \
    && cargo build --release --locked \
    && rm -rf src
COPY src ./src
# Make sure cargo sees the real sources as newer than the stub build.
RUN touch src/main.rs src/lib.rs \
    && cargo build --release --locked \
    && strip target/release/aiwolf-nl

# --- runtime: slim Debian, no compiler, non-root ---
FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 aiwolf \
    && useradd --system --uid 10001 --gid aiwolf --no-create-home --shell /usr/sbin/nologin aiwolf
COPY --from=build /src/target/release/aiwolf-nl /usr/local/bin/aiwolf-nl
USER aiwolf:aiwolf
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
