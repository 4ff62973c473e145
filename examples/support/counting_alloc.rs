//! The allocator of the memory examples: mimalloc (as in the binary), counting the bytes in use, their peak
//! and the allocations made: what the heap holds, apart from what the allocator keeps for reuse.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const MB: f64 = 1024.0 * 1024.0;

/// Megabytes in use now.
pub fn live_mb() -> f64 {
    LIVE.load(Ordering::Relaxed) as f64 / MB
}

/// The peak in megabytes since the last call (the next peak starts from what is in use now).
pub fn take_peak_mb() -> f64 {
    PEAK.swap(LIVE.load(Ordering::Relaxed), Ordering::Relaxed) as f64 / MB
}

/// Allocations (and reallocations) since the last call.
pub fn take_allocations() -> usize {
    ALLOCATIONS.swap(0, Ordering::Relaxed)
}

/// A `/proc/self/status` figure in megabytes (`VmRSS:`, `RssAnon:`, …); 0 off Linux.
pub fn status_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.trim().strip_suffix("kB")?.trim().parse::<f64>().ok())
        .unwrap_or(0.0)
        / 1024.0
}
