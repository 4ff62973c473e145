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
use std::ops::Range;

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

/// Where one variable's value lives: texts are kept once, inside the key buffer.
pub(crate) enum Slot {
    Text(Range<usize>),
    Flag(bool),
    Number(u64),
    List(Vec<Range<usize>>),
}

/// A value a template variable can take.
pub(crate) trait SlotValue {
    fn store(self, vars: &mut Vars) -> Slot;
}

impl SlotValue for bool {
    fn store(self, vars: &mut Vars) -> Slot {
        vars.key.push(if self { '1' } else { '0' });
        Slot::Flag(self)
    }
}

impl SlotValue for u64 {
    fn store(self, vars: &mut Vars) -> Slot {
        vars.key.push('#');
        push_number(&mut vars.key, self);
        Slot::Number(self)
    }
}

impl SlotValue for u32 {
    fn store(self, vars: &mut Vars) -> Slot {
        u64::from(self).store(vars)
    }
}

impl SlotValue for &str {
    fn store(self, vars: &mut Vars) -> Slot {
        Slot::Text(vars.push_text('=', &[self]))
    }
}

impl SlotValue for String {
    fn store(self, vars: &mut Vars) -> Slot {
        self.as_str().store(vars)
    }
}

/// A text made of parts (a name and its honorific), stored without joining them first.
pub(crate) struct Parts<'a>(pub [&'a str; 2]);

impl SlotValue for Parts<'_> {
    fn store(self, vars: &mut Vars) -> Slot {
        Slot::Text(vars.push_text('=', &self.0))
    }
}

impl SlotValue for Vec<String> {
    fn store(self, vars: &mut Vars) -> Slot {
        vars.key.push('[');
        push_number(&mut vars.key, self.len() as u64);
        Slot::List(self.iter().map(|item| vars.push_text(',', &[item])).collect())
    }
}

/// The variables of one template call. Building them writes the memo key as it goes: an exact,
/// unambiguous serialisation (texts are length-prefixed), so no value is copied twice.
pub(crate) struct Vars {
    key: String,
    slots: Vec<(&'static str, Slot)>,
}

impl Default for Vars {
    fn default() -> Self {
        Vars { key: String::with_capacity(192), slots: Vec::with_capacity(16) }
    }
}

impl Vars {
    pub fn set(&mut self, name: &'static str, value: impl SlotValue) {
        self.key.push('|');
        self.key.push_str(name);
        let slot = value.store(self);
        self.slots.push((name, slot));
    }

    /// `<mark><len>:<text>`; returns where the text sits in the key.
    fn push_text(&mut self, mark: char, parts: &[&str]) -> Range<usize> {
        self.key.push(mark);
        push_number(&mut self.key, parts.iter().map(|p| p.len() as u64).sum());
        self.key.push(':');
        let start = self.key.len();
        parts.iter().for_each(|part| self.key.push_str(part));
        start..self.key.len()
    }

    fn context(&self) -> Context {
        let mut context = Context::new();
        let text = |range: &Range<usize>| Value::from(self.key.get(range.clone()).unwrap_or_default());
        for (name, slot) in &self.slots {
            let value = match slot {
                Slot::Text(range) => text(range),
                Slot::Flag(flag) => Value::from(*flag),
                Slot::Number(n) => Value::from(*n),
                Slot::List(items) => Value::from(items.iter().map(text).collect::<Vec<_>>()),
            };
            context.insert_value(*name, value);
        }
        context
    }
}

/// Renders `template` with `vars` through `render`, reusing an earlier output for the same inputs.
/// `prefix` identifies the renderer and language (templates differ between renderers).
pub(crate) fn render<E>(
    prefix: &str,
    template: &str,
    mut vars: Vars,
    inputs: Inputs,
    render: impl FnOnce(&Context) -> Result<String, E>,
) -> Result<String, E> {
    vars.key.push('@');
    vars.key.push_str(prefix);
    vars.key.push_str(template);
    let key = &vars.key;
    let table = match inputs {
        Inputs::Atomic => &ATOMIC,
        Inputs::Composed if key.len() <= MAX_COMPOSED_KEY => &COMPOSED,
        Inputs::Composed => return render(&vars.context()),
    };
    if let Some(hit) = table.with(|memo| memo.borrow().get(key).cloned()) {
        return Ok(hit);
    }
    let output = render(&vars.context())?;
    table.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= CAPACITY {
            memo.clear();
        }
        memo.insert(vars.key.clone(), output.clone());
    });
    Ok(output)
}
