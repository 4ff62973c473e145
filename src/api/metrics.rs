//! A small Prometheus registry: request counts and latency histograms labelled by method, matched route
//! and status. Hand-rolled (about a hundred lines) rather than a global `metrics` recorder so that every
//! `AppState`, and so every test, has its own counters.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Mutex, PoisonError};

/// Upper bounds of the latency buckets, in seconds: bots answer under a time limit, so the
/// sub-millisecond range is the interesting one.
const BUCKETS: [f64; 12] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2.5, 10.0];

/// The route label of requests no route matched; keeps the label set bounded.
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// The method label of any method outside the standard nine: a client inventing methods must not grow
/// the registry without bound.
pub const OTHER_METHOD: &str = "OTHER";

/// The method label for `method`: its name when it is one of the standard methods, [`OTHER_METHOD`] otherwise.
pub fn method_label(method: &axum::http::Method) -> &'static str {
    const STANDARD: [&str; 9] = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"];
    STANDARD.into_iter().find(|standard| *standard == method.as_str()).unwrap_or(OTHER_METHOD)
}

#[derive(Default)]
pub struct Metrics {
    registry: Mutex<Registry>,
}

#[derive(Default)]
struct Registry {
    requests: BTreeMap<(String, String, u16), u64>,
    durations: BTreeMap<(String, String), Histogram>,
}

#[derive(Default)]
struct Histogram {
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

impl Histogram {
    fn observe(&mut self, seconds: f64) {
        for (bucket, bound) in self.buckets.iter_mut().zip(BUCKETS) {
            if seconds <= bound {
                *bucket += 1;
            }
        }
        self.count += 1;
        self.sum += seconds;
    }
}

impl Metrics {
    /// Counts one finished request.
    pub fn record(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let mut registry = self.registry.lock().unwrap_or_else(PoisonError::into_inner);
        *registry.requests.entry((method.to_owned(), route.to_owned(), status)).or_default() += 1;
        registry.durations.entry((method.to_owned(), route.to_owned())).or_default().observe(seconds);
    }

    /// The Prometheus text exposition format (version 0.0.4).
    pub fn render(&self) -> String {
        let registry = self.registry.lock().unwrap_or_else(PoisonError::into_inner);
        let mut out = String::with_capacity(4096);
        out.push_str("# HELP http_requests_total HTTP requests by method, matched route and status.\n");
        out.push_str("# TYPE http_requests_total counter\n");
        for ((method, route, status), count) in &registry.requests {
            let _ = writeln!(
                out,
                "http_requests_total{{method=\"{method}\",route=\"{}\",status=\"{status}\"}} {count}",
                escape(route)
            );
        }
        out.push_str("# HELP http_request_duration_seconds Time to the response head, by method and matched route.\n");
        out.push_str("# TYPE http_request_duration_seconds histogram\n");
        for ((method, route), histogram) in &registry.durations {
            let labels = format!("method=\"{method}\",route=\"{}\"", escape(route));
            for (bound, count) in BUCKETS.iter().zip(histogram.buckets) {
                let _ = writeln!(out, "http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {count}");
            }
            let _ = writeln!(out, "http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}", histogram.count);
            let _ = writeln!(out, "http_request_duration_seconds_sum{{{labels}}} {}", histogram.sum);
            let _ = writeln!(out, "http_request_duration_seconds_count{{{labels}}} {}", histogram.count);
        }
        out
    }
}

/// Label values escape `\`, `"` and newlines.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counters_and_cumulative_buckets() {
        let metrics = Metrics::default();
        metrics.record("POST", "/v1/parse", 200, 0.0003);
        metrics.record("POST", "/v1/parse", 200, 0.02);
        let text = metrics.render();
        assert!(text.contains("http_requests_total{method=\"POST\",route=\"/v1/parse\",status=\"200\"} 2"));
        assert!(text.contains("route=\"/v1/parse\",le=\"0.0005\"} 1"));
        assert!(text.contains("route=\"/v1/parse\",le=\"+Inf\"} 2"));
    }

    #[test]
    fn invented_methods_share_one_label() {
        assert_eq!(method_label(&axum::http::Method::PATCH), "PATCH");
        assert_eq!(method_label(&axum::http::Method::GET), "GET");
        let invented = axum::http::Method::from_bytes(b"FOOBAR").expect("a valid token");
        assert_eq!(method_label(&invented), OTHER_METHOD);
    }
}
