//! The error body's `code` in the spec: core's [`ErrorCode`] published as a string enum
//! named `ErrorCode` listing every code, so clients can translate by code and a code the
//! server could answer is never missing from the generated types. Core knows nothing of
//! poem, hence the wrapper.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

use leffaseura_core::ErrorCode;

/// [`ErrorCode`] as a poem-openapi type (schema `ErrorCode`, a string enum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiErrorCode(pub ErrorCode);

impl ApiErrorCode {
    pub const fn as_str(self) -> &'static str {
        self.0.as_str()
    }
}

impl From<ErrorCode> for ApiErrorCode {
    fn from(code: ErrorCode) -> Self {
        Self(code)
    }
}

/// Lets tests and handlers compare with the spelling (`body.code == "not_found"`).
impl PartialEq<&str> for ApiErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Display for ApiErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Type for ApiErrorCode {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "ErrorCode".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference(Self::name().into_owned())
    }

    fn register(registry: &mut Registry) {
        registry.create_schema::<Self, _>(Self::name().into_owned(), |_| MetaSchema {
            description: Some(
                "Stable machine-readable reason of a failure, in snake_case: the closed list \
                 of every code the API answers. Clients translate by code; the `message` is \
                 English.",
            ),
            enum_items: ErrorCode::ALL
                .iter()
                .map(|code| Value::String(code.as_str().to_owned()))
                .collect(),
            ..MetaSchema::new("string")
        });
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

impl ToJSON for ApiErrorCode {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.as_str().to_owned()))
    }
}

impl ParseFromJSON for ApiErrorCode {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        let value = value.unwrap_or_default();
        value
            .as_str()
            .and_then(ErrorCode::parse)
            .map(Self)
            .ok_or_else(|| ParseError::expected_type(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_travel_as_their_spelling() {
        for code in ErrorCode::ALL {
            let json = ApiErrorCode(*code).to_json();
            assert_eq!(json, Some(Value::String(code.as_str().to_owned())));
            let back = ApiErrorCode::parse_from_json(json).expect("parses back");
            assert_eq!(back.0, *code);
        }
        assert!(ApiErrorCode::parse_from_json(Some(Value::String("no_such_code".into()))).is_err());
        assert!(ApiErrorCode::parse_from_json(None).is_err());
    }

    fn published_codes(spec: &serde_json::Value) -> Vec<String> {
        let schema = &spec["components"]["schemas"]["ErrorCode"];
        assert_eq!(schema["type"], "string", "{schema}");
        schema["enum"]
            .as_array()
            .expect("ErrorCode is an enum")
            .iter()
            .map(|v| v.as_str().expect("codes are strings").to_owned())
            .collect()
    }

    fn all_codes() -> Vec<String> {
        ErrorCode::ALL
            .iter()
            .map(|c| c.as_str().to_owned())
            .collect()
    }

    #[test]
    fn the_spec_publishes_every_code_on_the_error_body() {
        let spec: Value = serde_json::from_str(&crate::api::spec_json()).expect("spec is JSON");
        assert_eq!(published_codes(&spec), all_codes());
        assert_eq!(
            spec["components"]["schemas"]["ErrorBody"]["properties"]["code"]["$ref"],
            "#/components/schemas/ErrorCode"
        );
    }

    /// The committed `openapi.yaml` (what the webapp's types are generated from) lists
    /// exactly the codes of [`ErrorCode`]: regenerate it when a code is added.
    #[test]
    fn openapi_yaml_documents_every_code() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.yaml");
        let text = std::fs::read_to_string(path).expect("openapi.yaml at the workspace root");
        let spec: Value = serde_yaml::from_str(&text).expect("openapi.yaml is YAML");
        assert_eq!(published_codes(&spec), all_codes());
    }
}
