//! Integration tests of the HTTP API, all in one binary: every endpoint and every error class through
//! `tower::ServiceExt::oneshot`, plus one real-port test with graceful shutdown.

mod auto_detect;
mod connections;
mod errors;
mod gamelog;
mod limits;
mod meta;
mod openapi_file;
mod page;
mod parse;
mod pool;
mod real_port;
mod render;
mod translate;
mod util;
mod validate;
