//! Reading what comes from outside within bounds: a line of a protocol or of an engine's output,
//! and a file named on the command line or in engine.ini, are read only up to a size, so that
//! an endless line or `/dev/zero` gets an error instead of all the memory there is.

use std::fs::File;
use std::io::{BufRead, Read};
use std::path::Path;

/// The longest line read from a GUI, a player or an engine: 1 MiB, room for a game of over
/// 100,000 plies in one `position ... moves` command.
pub const MAX_LINE: usize = 1 << 20;

/// A line read within its bound.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its end, bytes that are not UTF-8 replaced.
    Text(String),
    /// A line longer than the bound, read to its end and dropped: its length in bytes.
    TooLong(usize),
}

/// The next line of `input`, of at most `max` bytes kept; `None` at the end of input. A longer
/// line is consumed to its end without being kept, so that the next line is read whole.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    read_line_until(input, max, false)
}

/// [`read_line`]; with `give_up`, a line past `max` is reported as soon as it is, its rest left
/// unread (a file with no line ends, such as `/dev/zero`, has no next line worth waiting for).
fn read_line_until(input: &mut impl BufRead, max: usize, give_up: bool) -> std::io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    let mut ended = false;
    while !ended {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            if length == 0 && kept.is_empty() {
                return Ok(None);
            }
            break;
        }
        let (part, used) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], at + 1),
            None => (chunk, chunk.len()),
        };
        ended = used > part.len();
        length += part.len();
        if length <= max {
            kept.extend_from_slice(part);
        }
        input.consume(used);
        if give_up && length > max {
            return Ok(Some(Line::TooLong(length)));
        }
        if ended && length == 0 {
            return Ok(Some(Line::Text(String::new())));
        }
    }
    if length > max {
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(Line::Text(String::from_utf8_lossy(&kept).trim_end_matches('\r').to_string())))
}

/// The bytes of the file at `path`, which must be at most `max` bytes (`what` names it in errors).
pub fn read_file_bytes(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, String> {
    read_limited(path, max).map_err(|e| format!("{what} {}: {e}", path.display()))
}

/// The text of the file at `path`, which must be UTF-8 and at most `max` bytes.
pub fn read_file(path: &Path, max: u64, what: &str) -> Result<String, String> {
    read_text(path, max).map_err(|e| format!("{what} {}: {e}", path.display()))
}

/// [`read_file`], its error not naming the file (for a caller whose errors name it already).
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_limited(path, max)?).map_err(|e| format!("not UTF-8 text ({e})"))
}

fn read_limited(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("larger than {}, more than such a file can be", size(max)));
    }
    Ok(bytes)
}

/// The longest line of a data file (a FEN and a score): far longer than any such line.
pub const MAX_DATA_LINE: usize = 4096;

/// Calls `visit` with each line of the file at `path` and its number (from 1), streaming, so
/// that a data file may be larger than the memory; a line longer than `max` is an error, as is
/// whatever `visit` returns. `visit` returns whether to go on.
pub fn for_each_line(
    path: &Path,
    max: usize,
    what: &str,
    mut visit: impl FnMut(usize, &str) -> Result<bool, String>,
) -> Result<(), String> {
    let file = File::open(path).map_err(|e| format!("{what} {}: {e}", path.display()))?;
    let mut input = std::io::BufReader::new(file);
    let mut number = 0;
    while let Some(line) =
        read_line_until(&mut input, max, true).map_err(|e| format!("{what} {}: {e}", path.display()))?
    {
        number += 1;
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong(_) => {
                return Err(format!("{what} {} line {number}: longer than {}", path.display(), size(max as u64)))
            }
        };
        if !visit(number, &text)? {
            break;
        }
    }
    Ok(())
}

/// A size in words: `64 MiB`, `4 KiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], max: usize) -> Vec<Line> {
        let mut input = text;
        std::iter::from_fn(|| read_line(&mut input, max).expect("no I/O error")).collect()
    }

    #[test]
    fn lines_within_the_bound_are_read_whole() {
        let read = lines(b"uci\r\nposition startpos\n\nlast", 32);
        let texts = ["uci", "position startpos", "", "last"].map(|t| Line::Text(t.to_string()));
        assert_eq!(read, texts);
    }

    #[test]
    fn a_line_past_the_bound_is_dropped_and_the_next_one_read() {
        let mut text = vec![b'x'; 100];
        text.extend_from_slice(b"\nisready\n");
        assert_eq!(lines(&text, 10), [Line::TooLong(100), Line::Text("isready".into())]);
        assert_eq!(lines(&[b'y'; 11], 10), [Line::TooLong(11)]);
        assert_eq!(lines(b"0123456789\n", 10), [Line::Text("0123456789".into())]);
    }

    #[test]
    fn a_file_larger_than_its_bound_is_refused() {
        let error = read_file(Path::new("/dev/zero"), 1 << 20, "--config").unwrap_err();
        assert!(error.contains("--config /dev/zero: larger than 1 MiB"), "{error}");
        let error = read_file(Path::new("/nonexistent"), 10, "--epd").unwrap_err();
        assert!(error.starts_with("--epd /nonexistent: "), "{error}");
    }
}
