//! Deserialization helpers that make the service exactly as strict as its OpenAPI schema, where serde
//! on its own is more lenient (schemathesis checks that schema-invalid bodies are rejected) or stricter
//! (JSON Schema counts `41.0` as an integer).

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::protocol::Sentence;

/// `#[serde(deserialize_with = "object_only")]`: a struct field that must be a JSON object, not an array.
pub fn object_only<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<T, D::Error> {
    struct ObjectVisitor<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
        type Value = T;

        fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
            formatter.write_str("a JSON object")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(MapAccessDeserializer::new(map))
        }
    }

    deserializer.deserialize_map(ObjectVisitor(PhantomData))
}

/// `#[serde(deserialize_with = "string_tagged_sentence")]`: a syntax tree whose every `type` is a string.
///
/// The protocol's serde form, like every internally tagged serde enum, also takes a variant *index* as the
/// tag (`{"type": 0}` reads as Skip). The schema allows only keywords, so the API checks the tags first.
pub fn string_tagged_sentence<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Sentence, D::Error> {
    let value = Value::deserialize(deserializer)?;
    check_tags(&value).map_err(serde::de::Error::custom)?;
    Sentence::deserialize(value).map_err(serde::de::Error::custom)
}

/// Every sentence object in the tree has a string `type`.
fn check_tags(sentence: &Value) -> Result<(), String> {
    let Value::Object(fields) = sentence else { return Ok(()) };
    match fields.get("type") {
        Some(Value::String(tag)) if tag == "Skip" || tag == "Over" => {
            // Serde ignores unknown fields of unit variants, deny_unknown_fields or not.
            if let Some(field) = fields.keys().find(|key| *key != "type" && *key != "subject") {
                return Err(format!("unknown field `{field}`: {tag} takes no arguments"));
            }
        }
        Some(Value::String(_)) | None => {}
        Some(_) => return Err("`type` must be a verb or operator keyword string".to_owned()),
    }
    for (name, operand) in fields {
        match (name.as_str(), operand) {
            ("sentence" | "reason" | "conclusion" | "left" | "right", operand) => check_tags(operand)?,
            ("sentences", Value::Array(operands)) => operands.iter().try_for_each(check_tags)?,
            _ => {}
        }
    }
    Ok(())
}

/// `41.0` → `41`, everywhere in `value`.
pub fn integral_floats_to_integers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            if let Some(float) = number.as_f64().filter(|f| f.fract() == 0.0 && number.is_f64()) {
                if float >= 0.0 && float <= u64::MAX as f64 {
                    *number = (float as u64).into();
                } else if float < 0.0 && float >= i64::MIN as f64 {
                    *number = (float as i64).into();
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_floats_to_integers),
        Value::Object(fields) => fields.values_mut().for_each(integral_floats_to_integers),
        _ => {}
    }
}
