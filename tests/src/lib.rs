//! Helpers live in the test files; this crate has no library code.
