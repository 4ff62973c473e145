//! aiwolf-nl: translates between the AIWolf agent protocol and natural Japanese and English.
//!
//! The modules follow the pipeline: [`protocol`] (the language itself) underlies everything; [`render`]
//! (protocol → text) and [`understand`] (text → protocol) depend only on it; [`translator`] composes the two;
//! [`gamelog`] (whole game logs as transcripts) uses protocol and render; [`api`] (HTTP) and [`cli`] (the command
//! line) sit on top.

pub mod api;
pub mod cli;
pub mod gamelog;
pub mod protocol;
pub mod render;
pub mod translator;
pub mod understand;

pub use api::{AppState, app, serve};
