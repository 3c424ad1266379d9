//! `Refined<T>`: a request body whose schema says more than poem-openapi's derive can:
//! rules that tie fields together, as an `anyOf` beside `allOf: [T]` (a group favorite
//! needs `group_id`, the others refuse it; a profile change needs `currentPassword`
//! unless it only sets `language`; an edit gives at least one field). A spec that leaves
//! them out calls requests valid that the server refuses. `T`'s own schema stays as
//! derived, so the generated client types of its fields do not change. Parsing is `T`'s;
//! the rules themselves stay core's.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, Type};
use serde_json::Value;

/// The alternatives a body must match at least one of.
pub trait Refinement {
    fn any_of() -> Vec<MetaSchemaRef>;
}

/// `T`, with [`Refinement::any_of`] in its schema.
#[derive(Debug)]
pub struct Refined<T>(pub T);

impl<T: Type + Refinement> Type for Refined<T> {
    const IS_REQUIRED: bool = true;
    type RawValueType = T::RawValueType;
    type RawElementValueType = T::RawElementValueType;

    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            all_of: vec![T::schema_ref()],
            any_of: T::any_of(),
            ..MetaSchema::ANY
        }))
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        self.0.as_raw_value()
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        self.0.raw_element_iter()
    }
}

impl<T: ParseFromJSON + Refinement> ParseFromJSON for Refined<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        T::parse_from_json(value)
            .map(Self)
            .map_err(ParseError::propagate)
    }
}

/// `alternatives` as the `anyOf` of a schema.
pub fn any_of(alternatives: Vec<MetaSchema>) -> Vec<MetaSchemaRef> {
    alternatives
        .into_iter()
        .map(|alternative| MetaSchemaRef::Inline(Box::new(alternative)))
        .collect()
}

/// An object schema requiring `required` and holding `properties`.
pub fn alternative(
    required: &[&'static str],
    properties: Vec<(&'static str, MetaSchema)>,
) -> MetaSchema {
    MetaSchema {
        required: required.to_vec(),
        properties: properties
            .into_iter()
            .map(|(name, schema)| (name, MetaSchemaRef::Inline(Box::new(schema))))
            .collect(),
        ..MetaSchema::new("object")
    }
}

/// Alternatives that together ask for at least one of `fields` (name and JSON type),
/// not `null`: what an edit needs to change anything.
pub fn at_least_one_of(fields: &[(&'static str, &'static str)]) -> Vec<MetaSchemaRef> {
    any_of(
        fields
            .iter()
            .map(|&(name, ty)| alternative(&[name], vec![(name, MetaSchema::new(ty))]))
            .collect(),
    )
}

/// A property that must be absent or `null`.
pub fn absent() -> MetaSchema {
    MetaSchema {
        nullable: true,
        enum_items: vec![Value::Null],
        ..MetaSchema::ANY
    }
}

/// An integer property that must be one of `values`.
pub fn one_of_integers(values: &[i64]) -> MetaSchema {
    MetaSchema {
        enum_items: values.iter().map(|v| Value::from(*v)).collect(),
        ..MetaSchema::new_with_format("integer", "int64")
    }
}
