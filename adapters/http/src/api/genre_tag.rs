//! `GenreTag`: one genre id in a group's `tags`, declared in the spec as the enum of
//! TMDB's genre ids that core knows ([`GENRES`]), so that a client (or a fuzzer) that
//! keeps to the spec sends only ids the server accepts.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

use leffaseura_core::domain::genre::GENRES;

/// A genre id as sent; whether it is known is core's check (`invalid_genres`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenreTag(pub i64);

impl Type for GenreTag {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "genre_id".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            enum_items: GENRES.iter().map(|(id, _)| Value::from(*id)).collect(),
            ..MetaSchema::new_with_format("integer", "int64")
        }))
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

impl ParseFromJSON for GenreTag {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        value
            .as_ref()
            .and_then(Value::as_i64)
            .map(Self)
            .ok_or_else(|| ParseError::custom("a genre id must be a whole number"))
    }
}

impl ToJSON for GenreTag {
    fn to_json(&self) -> Option<Value> {
        Some(Value::from(self.0))
    }
}

/// The ids of `tags` as core takes them.
pub fn tag_ids(tags: Option<Vec<GenreTag>>) -> Option<Vec<i64>> {
    tags.map(|tags| tags.into_iter().map(|tag| tag.0).collect())
}
