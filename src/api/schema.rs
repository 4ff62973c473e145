//! OpenAPI schemas for the protocol types whose JSON form `#[derive(ToSchema)]` cannot express: agents
//! (a string with a pattern), name tables (keys are agents) and sentences (a flattened subject plus an
//! internally tagged verb whose variants differ in which fields they allow).
//!
//! Written by hand so that the schema is exactly as strict as the deserializer: what it accepts, the
//! service accepts, and what it rejects, the service rejects (schemathesis checks both directions).

use std::borrow::Cow;

use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::protocol::{
    Agent, Keyword, MAX_NAME_CHARS, MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT, MAX_NUMBER, NameTable, Role, Sentence,
    Species, TalkKind, TalkRef,
};

/// `ANY` or `Agent[NN]`; more than nine digits would overflow the protocol's numbers.
const AGENT_PATTERN: &str = r"^(ANY|Agent\[[0-9]{1,9}\])$";
/// A name-table key: an agent other than ANY (`Agent[00]` is ANY).
const NAMED_AGENT_PATTERN: &str = r"^Agent\[0{0,8}[1-9][0-9]{0,8}\]$";

impl PartialSchema for Agent {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(AGENT_PATTERN))
            .description(Some("An agent as the protocol writes it: `Agent[03]`, or `ANY` (also `Agent[00]`)."))
            .examples(["Agent[03]"])
            .into()
    }
}

impl ToSchema for Agent {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Agent")
    }
}

impl PartialSchema for NameTable {
    fn schema() -> RefOr<Schema> {
        let name =
            || ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")).max_length(Some(MAX_NAME_CHARS));
        let names = OneOfBuilder::new()
            .item(name())
            .item(ArrayBuilder::new().items(name()).max_items(Some(MAX_NAMES_PER_AGENT)));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Each agent's display name, or its names with the display name first. Keys are agents other than ANY.",
            ))
            .property_names(Some(ObjectBuilder::new().schema_type(Type::String).pattern(Some(NAMED_AGENT_PATTERN))))
            .max_properties(Some(MAX_NAMED_AGENTS))
            .additional_properties(Some(AdditionalProperties::RefOr(RefOr::T(Schema::OneOf(names.build())))))
            .examples([serde_json::json!({"Agent[03]": "ミナト", "Agent[04]": ["シオン", "Shion"]})])
            .into()
    }
}

/// A list of seats, never ANY (`expand_any.agents`): 1 to `max` agents.
pub fn seat_list(max: usize) -> ArrayBuilder {
    ArrayBuilder::new()
        .items(ObjectBuilder::new().schema_type(Type::String).pattern(Some(NAMED_AGENT_PATTERN)))
        .min_items(Some(1))
        .max_items(Some(max))
}

impl ToSchema for NameTable {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("NameTable")
    }
}

/// Keyword enums are strings spelled as the protocol spells them. (The derive cannot see the serde
/// renames inside `keyword_enum!`, so the list comes from `ALL` and `keyword()`.)
macro_rules! keyword_schema {
    ($($name:ident: $description:literal,)+) => {$(
        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some($name::ALL.iter().map(|value| value.keyword())))
                    .description(Some($description))
                    .into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }
        }
    )+};
}

keyword_schema! {
    Role: "A role. FREEMASON and FOX are accepted because the reference implementation accepts them.",
    Species: "A divination or identification result.",
    TalkKind: "Which counter a talk number refers to: public talk or werewolf whisper.",
}

/// What a verb or operator takes besides its optional subject.
enum Field {
    Agent(&'static str),
    Role,
    Species,
    Talk,
    Day,
    Sentence(&'static str),
    Sentences,
}

fn fields(keyword: Keyword) -> &'static [Field] {
    use Field::{Agent as A, Day, Role as R, Sentence as S, Sentences, Species as Sp, Talk};
    match keyword {
        Keyword::Skip | Keyword::Over => &[],
        Keyword::Estimate | Keyword::Comingout => &[A("target"), R],
        Keyword::Divined | Keyword::Identified => &[A("target"), Sp],
        Keyword::Divination
        | Keyword::Guard
        | Keyword::Vote
        | Keyword::Attack
        | Keyword::Guarded
        | Keyword::Voted
        | Keyword::Attacked => &[A("target")],
        Keyword::Agree | Keyword::Disagree => &[Talk],
        Keyword::Request | Keyword::Inquire => &[A("target"), S("sentence")],
        Keyword::Because => &[S("reason"), S("conclusion")],
        Keyword::Day => &[Day, S("sentence")],
        Keyword::Not => &[S("sentence")],
        Keyword::And | Keyword::Or => &[Sentences],
        Keyword::Xor => &[S("left"), S("right")],
    }
}

fn reference<T: ToSchema>() -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(T::name()))
}

fn field_schema(field: &Field) -> (&'static str, RefOr<Schema>) {
    match field {
        Field::Agent(name) => (name, reference::<Agent>()),
        Field::Role => ("role", reference::<Role>()),
        Field::Species => ("species", reference::<Species>()),
        Field::Talk => ("talk", reference::<TalkRef>()),
        Field::Day => {
            ("day", ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)).maximum(Some(MAX_NUMBER)).into())
        }
        Field::Sentence(name) => (name, reference::<Sentence>()),
        Field::Sentences => ("sentences", ArrayBuilder::new().items(reference::<Sentence>()).min_items(Some(1)).into()),
    }
}

/// One variant: `{"type": "<KEYWORD>", "subject"?: Agent, ...fields}`, nothing else.
fn variant(keyword: Keyword) -> Schema {
    let takes_subject = !matches!(keyword, Keyword::Skip | Keyword::Over);
    let subject: RefOr<Schema> = if takes_subject {
        OneOfBuilder::new().item(reference::<Agent>()).item(ObjectBuilder::new().schema_type(Type::Null)).into()
    } else {
        ObjectBuilder::new().schema_type(Type::Null).into()
    };
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(keyword.keyword()))
        .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([keyword.keyword()])))
        .required("type")
        .property("subject", subject)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for field in fields(keyword) {
        let (name, schema) = field_schema(field);
        object = object.property(name, schema).required(name);
    }
    Schema::Object(object.build())
}

impl PartialSchema for Sentence {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new().description(Some(
            "A protocol sentence. `type` is the verb or operator as the protocol spells it; `subject` is the \
             written subject (absent when omitted; Skip and Over take none); nested sentences are operands.",
        ));
        for &keyword in Keyword::ALL {
            one_of = one_of.item(variant(keyword));
        }
        one_of
            .examples([serde_json::json!({
                "type": "BECAUSE",
                "reason": {"type": "DIVINED", "target": "Agent[01]", "species": "WEREWOLF"},
                "conclusion": {"type": "REQUEST", "target": "ANY", "sentence": {"type": "VOTE", "target": "Agent[01]"}}
            })])
            .into()
    }
}

impl ToSchema for Sentence {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Sentence")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((Agent::name().into(), Agent::schema()));
        schemas.push((Role::name().into(), Role::schema()));
        schemas.push((Species::name().into(), Species::schema()));
        schemas.push((TalkRef::name().into(), TalkRef::schema()));
        <TalkRef as ToSchema>::schemas(schemas);
    }
}
