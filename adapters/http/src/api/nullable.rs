//! `Nullable<T>`: a field that is always present and may be `null` (`average_rating`,
//! `my_interaction`, …). poem-openapi's `Option<T>` makes a field optional instead, which
//! generated clients read as "may be missing" rather than "may be null".

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

/// Required in the schema, `nullable: true`; `None` is written as `null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nullable<T>(pub Option<T>);

impl<T> From<Option<T>> for Nullable<T> {
    fn from(value: Option<T>) -> Self {
        Self(value)
    }
}

impl<T: Type> Type for Nullable<T> {
    const IS_REQUIRED: bool = true;
    type RawValueType = T::RawValueType;
    type RawElementValueType = T::RawElementValueType;

    fn name() -> Cow<'static, str> {
        format!("nullable_{}", T::name()).into()
    }

    fn schema_ref() -> MetaSchemaRef {
        match T::schema_ref() {
            MetaSchemaRef::Inline(schema) => MetaSchemaRef::Inline(Box::new(MetaSchema {
                nullable: true,
                ..*schema
            })),
            reference @ MetaSchemaRef::Reference(_) => {
                MetaSchemaRef::Inline(Box::new(MetaSchema {
                    nullable: true,
                    all_of: vec![reference],
                    ..MetaSchema::ANY
                }))
            }
        }
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        self.0.as_ref().and_then(Type::as_raw_value)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        match &self.0 {
            Some(value) => value.raw_element_iter(),
            None => Box::new(std::iter::empty()),
        }
    }
}

impl<T: serde::Serialize> serde::Serialize for Nullable<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<T: ToJSON> ToJSON for Nullable<T> {
    fn to_json(&self) -> Option<Value> {
        Some(
            self.0
                .as_ref()
                .and_then(ToJSON::to_json)
                .unwrap_or(Value::Null),
        )
    }
}

impl<T: ParseFromJSON> ParseFromJSON for Nullable<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::Null => Ok(Self(None)),
            value => Ok(Self(Some(
                T::parse_from_json(Some(value)).map_err(ParseError::propagate)?,
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_is_written_and_the_schema_says_nullable() {
        assert_eq!(Nullable::<f64>(None).to_json(), Some(Value::Null));
        assert_eq!(Nullable(Some(3.5)).to_json(), Some(serde_json::json!(3.5)));
        match Nullable::<f64>::schema_ref() {
            MetaSchemaRef::Inline(schema) => {
                assert!(schema.nullable);
                assert_eq!(schema.ty, "number");
            }
            MetaSchemaRef::Reference(_) => panic!("inline expected"),
        }
    }
}
