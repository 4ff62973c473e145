//! A fast hasher for the renderer's small in-process keys: frame keys (`frame.rs`), and the reader's frame specs
//! and memo (positions and texts).
//!
//! Both look keys up many times per sentence; SipHash, built to resist hash flooding by untrusted keys, cost the
//! reader a fifth of its time. A reader's memo lives for one read of at most `MAX_READ_BYTES` under a step
//! budget, so the word-at-a-time multiply-rotate of rustc's FxHasher suffices.

use std::hash::{BuildHasherDefault, Hasher};

/// FxHasher: each word is mixed in with a rotate, xor and multiply.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let mut rest = [0u8; 8];
        let tail = chunks.remainder();
        rest[..tail.len()].copy_from_slice(tail);
        self.add(u64::from_le_bytes(rest) ^ (tail.len() as u64) << 56);
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FastHasher`].
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, BuildHasherDefault};

    #[test]
    fn equal_keys_hash_alike_and_different_texts_apart() {
        let build = BuildHasherDefault::<FastHasher>::default();
        assert_eq!(build.hash_one("占い結果：ケンジ●"), build.hash_one("占い結果：ケンジ●"));
        assert_ne!(build.hash_one("ab"), build.hash_one("ab\0"));
        assert_ne!(build.hash_one("ケンジ●"), build.hash_one("ケンジ○"));
    }
}
