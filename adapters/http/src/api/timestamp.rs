//! Times in API bodies: RFC 3339 in UTC with a `Z` (`2025-10-14T18:03:00Z`), which
//! chrono's default (`+00:00`) is not.

use std::borrow::Cow;

use chrono::{DateTime, SecondsFormat, Utc};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

/// A point in time, written as RFC 3339 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub DateTime<Utc>);

impl From<DateTime<Utc>> for Timestamp {
    fn from(value: DateTime<Utc>) -> Self {
        Self(value)
    }
}

impl Type for Timestamp {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "string_date-time".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "date-time")))
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        Some(self)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl serde::Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_rfc3339_opts(SecondsFormat::Secs, true))
    }
}

impl ToJSON for Timestamp {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(
            self.0.to_rfc3339_opts(SecondsFormat::Secs, true),
        ))
    }
}

impl ParseFromJSON for Timestamp {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::String(text) => DateTime::parse_from_rfc3339(&text)
                .map(|t| Self(t.with_timezone(&Utc)))
                .map_err(ParseError::custom),
            other => Err(ParseError::expected_type(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn written_in_utc_with_a_z() {
        let t = Timestamp(Utc.with_ymd_and_hms(2025, 10, 14, 18, 3, 0).unwrap());
        assert_eq!(
            t.to_json(),
            Some(Value::String("2025-10-14T18:03:00Z".into()))
        );
        let back = Timestamp::parse_from_json(t.to_json()).unwrap();
        assert_eq!(back, t);
    }
}
