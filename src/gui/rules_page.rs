//! The rules of every variant as a page (`/rules`): docs/rules.md, built into the program and
//! turned into HTML. Only what that file uses is read: headings, paragraphs, lists, tables,
//! `code` and **bold**; a variant's heading (`` ## `alice` — Alice Chess ``) is its anchor
//! (`/rules#alice`), so the start page can link to each.

use crate::variant::family::Family;
use crate::variant::Variant;

/// The rules as written for the manual.
const RULES: &str = include_str!("../../docs/rules.md");

/// The rules page.
pub fn page() -> String {
    let mut body = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut list: Option<&str> = None;
    let mut table = false;
    let flush = |body: &mut String, paragraph: &mut Vec<&str>| {
        if !paragraph.is_empty() {
            body.push_str(&format!("<p>{}</p>\n", inline(&paragraph.join(" "))));
            paragraph.clear();
        }
    };
    for line in RULES.lines() {
        let trimmed = line.trim();
        let item = list_item(trimmed);
        // A line indented under a list item continues it.
        if list.is_some() && item.is_none() && !trimmed.is_empty() && line.starts_with("  ") {
            body.push(' ');
            body.push_str(&inline(trimmed));
            continue;
        }
        if let Some((kind, text)) = item {
            flush(&mut body, &mut paragraph);
            if list != Some(kind) {
                close_list(&mut body, &mut list);
                body.push_str(&format!("<{kind}>\n"));
                list = Some(kind);
            } else {
                body.push_str("</li>\n");
            }
            body.push_str(&format!("<li>{}", inline(text)));
            continue;
        }
        close_list(&mut body, &mut list);
        if trimmed.starts_with('|') {
            flush(&mut body, &mut paragraph);
            if trimmed.trim_matches(['|', '-', ' ', ':']).is_empty() {
                continue;
            }
            let cells: Vec<&str> = trimmed.trim_matches('|').split('|').map(str::trim).collect();
            let tag = if table { "td" } else { "th" };
            if !table {
                body.push_str("<table>\n");
                table = true;
            }
            let row: String = cells.iter().map(|c| format!("<{tag}>{}</{tag}>", inline(c))).collect();
            body.push_str(&format!("<tr>{row}</tr>\n"));
            continue;
        }
        if table {
            body.push_str("</table>\n");
            table = false;
        }
        if let Some((level, title)) = heading(trimmed) {
            flush(&mut body, &mut paragraph);
            let anchor = anchor(title);
            body.push_str(&format!("<h{level} id=\"{anchor}\">{}</h{level}>\n", inline(title)));
        } else if trimmed.is_empty() {
            flush(&mut body, &mut paragraph);
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut body, &mut paragraph);
    close_list(&mut body, &mut list);
    if table {
        body.push_str("</table>\n");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Vorpal · rules</title>\n\
         <style>body {{ font-family: system-ui, sans-serif; max-width: 48em; margin: 1em auto; padding: 0 1em; \
         background: #f4f1ea; color: #222; line-height: 1.45; }} code {{ background: #e8e2d4; padding: 0 .2em; }} \
         table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: .2em .5em; \
         vertical-align: top; text-align: left; }}</style>\n</head>\n<body>\n<p><a href=\"/\">← Vorpal</a></p>\n\
         {body}</body>\n</html>\n"
    )
}

/// The anchor of the rules of `variant`: its own section where it has one, else its family's
/// (Alice's sisters are described in Alice's section, `lmadouble` in LMA's).
pub fn section_of(variant: &Variant) -> String {
    if RULES.lines().any(|line| line.starts_with(&format!("## `{}`", variant.name))) {
        return variant.name.clone();
    }
    match variant.family() {
        Family::Fide(_) => "normal",
        Family::Alice(_) => "alice",
        Family::Lma(_) => "lma",
        Family::Monochrome(_) => "monochrome",
        Family::InsideOut(_) => "insideout",
        Family::LookingGlass(_) => "lookingglass",
    }
    .to_string()
}

/// `- text` or `1. text`: the list's tag and the item's text.
fn list_item(line: &str) -> Option<(&'static str, &str)> {
    if let Some(text) = line.strip_prefix("- ") {
        return Some(("ul", text));
    }
    let digits = line.find(|c: char| !c.is_ascii_digit())?;
    line[digits..].strip_prefix(". ").filter(|_| digits > 0).map(|text| ("ol", text))
}

fn close_list(body: &mut String, list: &mut Option<&str>) {
    if let Some(kind) = list.take() {
        body.push_str(&format!("</li>\n</{kind}>\n"));
    }
}

/// `## Title`: the level and the title.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    (1..=4).contains(&level).then(|| line[level..].strip_prefix(' ')).flatten().map(|title| (level, title))
}

/// A heading's anchor: the variant's name where the heading is the name in code and its title
/// (`` `alice` — Alice Chess ``), else its words in lower case joined by dashes.
fn anchor(title: &str) -> String {
    if let Some(rest) = title.strip_prefix('`') {
        if let Some(end) = rest.find('`').filter(|&end| rest[end + 1..].starts_with(" —")) {
            return rest[..end].to_string();
        }
    }
    let words: Vec<String> =
        title.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    words.join("-")
}

/// `text` with each Markdown link `[words](address)` as its words alone: the addresses are
/// the manual's other files, which this server does not serve.
fn without_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else { break };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// One line's text with HTML escaped, `code` and **bold** marked up, links left as their words.
fn inline(text: &str) -> String {
    let escaped = without_links(text).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut out = String::new();
    for (i, part) in escaped.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str(&format!("<code>{part}</code>"));
        } else {
            for (j, piece) in part.split("**").enumerate() {
                out.push_str(&if j % 2 == 1 { format!("<strong>{piece}</strong>") } else { piece.to_string() });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_have_anchors_and_markup_is_escaped() {
        let page = page();
        for name in ["normal", "alice", "lma", "monochrome", "insideout", "lookingglass"] {
            assert!(page.contains(&format!("id=\"{name}\"")), "{name}");
        }
        assert!(page.contains("<table>") && page.contains("<ol>") && page.contains("<code>"));
        assert!(page.contains("id=\"lookingglass-played-hidden-the-referee\""));
        assert_eq!(inline("a <b> `c*d` **e**"), "a &lt;b&gt; <code>c*d</code> <strong>e</strong>");
        assert_eq!(inline("see [the protocol](lgp.md)."), "see the protocol.");
    }
}
