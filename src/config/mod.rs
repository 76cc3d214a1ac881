//! Variant definitions: the engine.ini format, inheritance, and building a [`Variant`](crate::variant::Variant).

pub mod ini;
pub mod spec;

pub use ini::IniError;
pub use spec::Config;
