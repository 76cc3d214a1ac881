//! The engine.ini lexer: sections `[name]` or `[name:parent]`, `key = value` lines, comments.

use std::fmt;

/// What is wrong in an ini file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniError {
    /// The file name as the user gave it.
    pub file: String,
    /// The 1-based line number (0 when the file could not be read).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// The `file` of an error in what was given beside engine.ini (a variant's name, an option).
pub const COMMAND_LINE: &str = "command line";

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A name given on the command line or in a protocol has no file line to point at.
        if self.file == COMMAND_LINE {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.reason)
        }
    }
}

impl std::error::Error for IniError {}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, lower case.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Its line number.
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant name.
    pub name: String,
    /// The section it inherits from, if any.
    pub parent: Option<String>,
    /// The file it was read from.
    pub file: String,
    /// The line of its header.
    pub line: usize,
    /// Its entries in file order.
    pub entries: Vec<Entry>,
}

impl Section {
    /// An error located at this section's header.
    pub fn error(&self, reason: impl Into<String>) -> IniError {
        IniError { file: self.file.clone(), line: self.line, reason: reason.into() }
    }
}

/// Whether a name may be used for a variant: letters, digits, `-` and `_`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Splits ini text into sections, or reports the first malformed line.
pub fn parse(file: &str, text: &str) -> Result<Vec<Section>, IniError> {
    let mut sections: Vec<Section> = Vec::new();
    // A byte-order mark, as some Windows editors write one, is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |reason: String| IniError { file: file.to_string(), line, reason };
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') || content.starts_with(';') {
            continue;
        }
        if let Some(rest) = content.strip_prefix('[') {
            let inner = rest
                .strip_suffix(']')
                .ok_or_else(|| err(format!("section header '{content}' lacks its closing ']'")))?;
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (inner.trim(), None),
            };
            if !valid_name(name) {
                return Err(err(format!("'{name}' is not a valid variant name (letters, digits, '-', '_')")));
            }
            if let Some(p) = &parent {
                if !valid_name(p) {
                    return Err(err(format!("'{p}' is not a valid parent name")));
                }
            }
            if sections.iter().any(|s| s.name == name) {
                return Err(err(format!("section [{name}] is defined twice in this file")));
            }
            sections.push(Section {
                name: name.to_string(),
                parent,
                file: file.to_string(),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let (key, value) = content
            .split_once('=')
            .ok_or_else(|| err(format!("expected 'key = value' or '[section]', got '{content}'")))?;
        let key = key.trim().to_ascii_lowercase();
        if key.is_empty() {
            return Err(err("a line starts with '=' and has no key".into()));
        }
        let section = sections.last_mut().ok_or_else(|| err(format!("key '{key}' stands before any [section]")))?;
        if section.entries.iter().any(|e| e.key == key) {
            return Err(err(format!("key '{key}' is given twice in [{}]", section.name)));
        }
        section.entries.push(Entry { key, value: value.trim().to_string(), line });
    }
    Ok(sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_and_inheritance() {
        let s = parse("t.ini", "# c\n[a]\nx = 1\n\n[b:a]\ny=2 \n").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].entries[0], Entry { key: "y".into(), value: "2".into(), line: 6 });
    }

    #[test]
    fn errors_carry_file_and_line() {
        let e = parse("t.ini", "[a]\nnonsense\n").unwrap_err();
        assert_eq!(e.to_string().split(": ").next(), Some("t.ini:2"));
        assert_eq!(parse("t.ini", "x = 1").unwrap_err().line, 1);
        assert_eq!(parse("t.ini", "[a\n").unwrap_err().line, 1);
        assert_eq!(parse("t.ini", "[a]\nx=1\nx=2").unwrap_err().line, 3);
    }
}
