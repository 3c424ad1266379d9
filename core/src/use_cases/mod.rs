//! Use cases: one user action each, driving the ports.
