//! Template variables, and a per-thread memo of template outputs.
//!
//! A template is a pure function of its variables (and of the renderer's fixed vocabulary), so a call with
//! exactly the same variables can reuse the earlier output. Interpreting a template costs microseconds; most
//! verb clauses recur (few verbs × agents × forms), so this is what makes rendering fast. The key is the exact
//! serialisation of every variable, never a lossy hash, so a hit is always the right text. Verb clauses (whose
//! variables are all atomic) and calls on composed text (operators, whole sentences, which rarely repeat) are
//! kept in separate tables, so unique composed sentences never evict the verb clauses; composed calls are only
//! kept when their key is short. Each table is cleared when it reaches its cap, so memory stays bounded.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use tera::{Context, Value};

/// Composed calls with keys longer than this (in bytes) are not memoised.
const MAX_COMPOSED_KEY: usize = 256;
/// Entries per thread and table before the table is cleared (a few MB at most).
const CAPACITY: usize = 32 * 1024;

type Table = RefCell<HashMap<String, String, BuildHasherDefault<FxHasher>>>;

thread_local! {
    static ATOMIC: Table = RefCell::new(HashMap::with_capacity_and_hasher(1024, BuildHasherDefault::default()));
    static COMPOSED: Table = RefCell::new(HashMap::with_capacity_and_hasher(1024, BuildHasherDefault::default()));
}

/// Which table a call belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inputs {
    /// Only atomic values (a verb clause): always memoised.
    Atomic,
    /// Rendered text among the inputs: memoised only when the key is short.
    Composed,
}

/// The Fx hash (rustc's): much cheaper than SipHash on these short keys; the memo is per thread and never
/// exposed to untrusted key choice at a scale where flooding matters (it is capped and cleared).
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Appends a number in decimal without the formatting machinery.
fn push_number(key: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        key.push(char::from(d));
    }
}

/// One template variable's value.
pub(crate) enum Slot {
    Text(String),
    Flag(bool),
    Number(u64),
    List(Vec<String>),
}

impl From<bool> for Slot {
    fn from(value: bool) -> Self {
        Slot::Flag(value)
    }
}

impl From<u32> for Slot {
    fn from(value: u32) -> Self {
        Slot::Number(u64::from(value))
    }
}

impl From<u64> for Slot {
    fn from(value: u64) -> Self {
        Slot::Number(value)
    }
}

impl From<String> for Slot {
    fn from(value: String) -> Self {
        Slot::Text(value)
    }
}

impl From<&str> for Slot {
    fn from(value: &str) -> Self {
        Slot::Text(value.to_owned())
    }
}

impl From<Vec<String>> for Slot {
    fn from(value: Vec<String>) -> Self {
        Slot::List(value)
    }
}

/// The variables of one template call, in insertion order.
#[derive(Default)]
pub(crate) struct Vars {
    slots: Vec<(&'static str, Slot)>,
}

impl Vars {
    pub fn set(&mut self, name: &'static str, value: impl Into<Slot>) {
        self.slots.push((name, value.into()));
    }

    /// An exact, unambiguous serialisation: strings are length-prefixed.
    fn write_key(&self, prefix: &str, template: &str, key: &mut String) {
        key.push_str(prefix);
        key.push_str(template);
        for (name, slot) in &self.slots {
            key.push('|');
            key.push_str(name);
            match slot {
                Slot::Text(text) => push_text(key, '=', text),
                Slot::Flag(flag) => key.push(if *flag { '1' } else { '0' }),
                Slot::Number(n) => {
                    key.push('#');
                    push_number(key, *n);
                }
                Slot::List(items) => {
                    key.push('[');
                    push_number(key, items.len() as u64);
                    for item in items {
                        push_text(key, ',', item);
                    }
                }
            }
        }
    }

    fn context(&self) -> Context {
        let mut context = Context::new();
        for (name, slot) in &self.slots {
            let value = match slot {
                Slot::Text(text) => Value::from(text.as_str()),
                Slot::Flag(flag) => Value::from(*flag),
                Slot::Number(n) => Value::from(*n),
                Slot::List(items) => Value::from(items.iter().map(|i| Value::from(i.as_str())).collect::<Vec<_>>()),
            };
            context.insert_value(*name, value);
        }
        context
    }
}

/// `<mark><len>:<text>`: the length makes the serialisation unambiguous whatever the text holds.
fn push_text(key: &mut String, mark: char, text: &str) {
    key.push(mark);
    push_number(key, text.len() as u64);
    key.push(':');
    key.push_str(text);
}

/// Renders `template` with `vars` through `render`, reusing an earlier output for the same inputs.
/// `prefix` identifies the renderer and language (templates differ between renderers).
pub(crate) fn render<E>(
    prefix: &str,
    template: &str,
    vars: &Vars,
    inputs: Inputs,
    render: impl FnOnce(&Context) -> Result<String, E>,
) -> Result<String, E> {
    let mut key = String::with_capacity(160);
    vars.write_key(prefix, template, &mut key);
    let table = match inputs {
        Inputs::Atomic => &ATOMIC,
        Inputs::Composed if key.len() <= MAX_COMPOSED_KEY => &COMPOSED,
        Inputs::Composed => return render(&vars.context()),
    };
    if let Some(hit) = table.with(|memo| memo.borrow().get(&key).cloned()) {
        return Ok(hit);
    }
    let output = render(&vars.context())?;
    table.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= CAPACITY {
            memo.clear();
        }
        memo.insert(key, output.clone());
    });
    Ok(output)
}
