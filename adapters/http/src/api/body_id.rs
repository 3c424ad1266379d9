//! `BodyId`: an id in a request body (`user_id`, …), accepted as a JSON number or as a
//! string of digits (`42` or `"42"`), because existing clients send both (API.md
//! "Conventions"). Nothing else is lenient: `"4a"`, `4.5` or `true` are refused naming
//! the field.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

/// The `pattern` of the string form; [`crate::api::json_body`] checks it.
pub const DIGITS_PATTERN: &str = "^[1-9][0-9]{0,17}$";

/// An id sent as a number or as digits; ids are positive (the spec says so, core checks
/// it for numbers and the digits' pattern rules out the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyId(pub i64);

/// Whether `raw` is what [`DIGITS_PATTERN`] allows.
pub fn is_digits(raw: &str) -> bool {
    (1..=18).contains(&raw.len())
        && !raw.starts_with('0')
        && raw.bytes().all(|b| b.is_ascii_digit())
}

impl BodyId {
    /// A positive integer, or its digits as a string.
    pub fn schema() -> MetaSchema {
        MetaSchema {
            one_of: vec![
                MetaSchemaRef::Inline(Box::new(MetaSchema {
                    minimum: Some(1.0),
                    ..MetaSchema::new_with_format("integer", "int64")
                })),
                MetaSchemaRef::Inline(Box::new(MetaSchema {
                    pattern: Some(DIGITS_PATTERN.to_owned()),
                    ..MetaSchema::new("string")
                })),
            ],
            ..MetaSchema::ANY
        }
    }
}

impl Type for BodyId {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "integer_or_digits".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(Self::schema()))
    }

    fn register(_registry: &mut Registry) {}

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        Some(self)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(std::iter::once(self))
    }
}

impl ParseFromJSON for BodyId {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        let parsed = match value.unwrap_or_default() {
            Value::Number(n) => n.as_i64(),
            Value::String(s) if is_digits(&s) => s.parse().ok(),
            _ => None,
        };
        parsed
            .map(Self)
            .ok_or_else(|| ParseError::custom("an id must be a whole number or a string of digits"))
    }
}

impl ToJSON for BodyId {
    fn to_json(&self) -> Option<Value> {
        Some(Value::from(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_digit_strings_are_ids_nothing_else_is() {
        let cases = [
            (json!(42), Some(42)),
            (json!("42"), Some(42)),
            (json!("0"), None),
            (json!("007"), None),
            (json!(" 42"), None),
            (json!("4a"), None),
            (json!(""), None),
            (json!(4.5), None),
            (json!(true), None),
            (json!("1234567890123456789"), None),
        ];
        for (value, expected) in cases {
            assert_eq!(
                BodyId::parse_from_json(Some(value.clone()))
                    .ok()
                    .map(|id| id.0),
                expected,
                "{value}"
            );
        }
    }
}
