//! The little JSON the page reads: strings quoted and escaped, and lists and objects joined.

/// `text` as a JSON string, quotes included.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON list of already written values.
pub fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

/// A JSON object of already written values, by key.
pub fn object<'a>(fields: impl IntoIterator<Item = (&'a str, String)>) -> String {
    let fields: Vec<String> = fields.into_iter().map(|(k, v)| format!("{}:{v}", quote(k))).collect();
    format!("{{{}}}", fields.join(","))
}

/// `null`, or the value.
pub fn optional(value: Option<String>) -> String {
    value.unwrap_or_else(|| "null".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_and_values_nest() {
        assert_eq!(quote("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\u0001""#);
        let doc = object([("x", list(["1".into(), quote("y")])), ("z", optional(None))]);
        assert_eq!(doc, r#"{"x":[1,"y"],"z":null}"#);
    }
}
