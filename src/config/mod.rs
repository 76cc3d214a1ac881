//! Variant definitions: the engine.ini format, inheritance, and building a [`Variant`](crate::variant::Variant).

pub mod ini;
pub mod spec;

pub use ini::IniError;
pub use spec::{Config, Loaded};

/// Variant options written `NAME=VALUE`, as (name, value).
pub fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, String> {
    options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("option '{o}' must be NAME=VALUE"))
        })
        .collect()
}
