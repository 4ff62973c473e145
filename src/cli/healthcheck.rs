//! `aiwolf-nl healthcheck`: a dependency-free HTTP probe of `/healthz`, so the container image needs no
//! curl for its HEALTHCHECK.

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::time::Duration;

/// Succeeds when `GET /healthz` on `bind` answers 200 within `timeout`.
pub fn run(bind: SocketAddr, timeout: Duration) -> io::Result<()> {
    let address = probe_address(bind);
    let mut stream = TcpStream::connect_timeout(&address, timeout)
        .map_err(|error| io::Error::new(error.kind(), format!("no service at {address}: {error}")))?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    write!(stream, "GET /healthz HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")?;
    let mut head = [0u8; 32];
    let read = stream.read(&mut head)?;
    let status_line = String::from_utf8_lossy(&head[..read]);
    if status_line.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(io::Error::other(format!("unhealthy: {}", status_line.lines().next().unwrap_or_default())))
    }
}

/// A server bound to 0.0.0.0 or [::] is reached through loopback.
fn probe_address(bind: SocketAddr) -> SocketAddr {
    match bind.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(Ipv4Addr::LOCALHOST.into(), bind.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(Ipv6Addr::LOCALHOST.into(), bind.port()),
        _ => bind,
    }
}
