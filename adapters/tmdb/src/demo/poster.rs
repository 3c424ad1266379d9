//! Generated placeholder posters: the title and year on a colour derived from the id.

use std::fmt::Write as _;

/// Poster width and height (2:3, like TMDB's posters).
pub(super) const WIDTH: u32 = 300;
pub(super) const HEIGHT: u32 = 450;
/// Characters per title line before wrapping.
const LINE_CHARS: usize = 16;
const MAX_LINES: usize = 5;

/// The poster's hue: golden-angle steps spread neighbouring ids over the colour wheel.
pub(super) fn hue(id: i64) -> u32 {
    u32::try_from(id.unsigned_abs().wrapping_mul(137) % 360).unwrap_or(0)
}

fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Splits a title into lines of at most `line_chars` characters (long words are cut), the
/// last of `max_lines` ending in an ellipsis when the title goes on.
pub(super) fn wrap(title: &str, line_chars: usize, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in title.split_whitespace() {
        let mut word: String = word.to_owned();
        while word.chars().count() > line_chars {
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            let head: String = word.chars().take(line_chars).collect();
            word = word.chars().skip(line_chars).collect();
            lines.push(head);
        }
        let needed =
            current.chars().count() + usize::from(!current.is_empty()) + word.chars().count();
        if needed > line_chars && !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    lines
}

/// The placeholder poster of a film as an SVG document.
pub fn poster_svg(id: i64, title: &str, year: Option<i32>) -> String {
    let hue = hue(id);
    let lines = wrap(title, LINE_CHARS, MAX_LINES);
    let line_height = 34u32;
    let block = line_height * u32::try_from(lines.len()).unwrap_or(1);
    let first_y = (HEIGHT / 2).saturating_sub(block / 2) + 10;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl({hue},55%,42%)"/><stop offset="1" stop-color="hsl({hue},60%,18%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="12" y="12" width="{iw}" height="{ih}" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="2"/>"##,
        label = escape_xml(title),
        iw = WIDTH - 24,
        ih = HEIGHT - 24,
    );
    for (i, line) in lines.iter().enumerate() {
        let y = first_y + line_height * u32::try_from(i).unwrap_or(0);
        let _ = write!(
            svg,
            r##"<text x="150" y="{y}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="28" font-weight="bold" fill="#fff">{}</text>"##,
            escape_xml(line)
        );
    }
    if let Some(year) = year {
        let y = first_y + block + 20;
        let _ = write!(
            svg,
            r##"<text x="150" y="{y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="rgba(255,255,255,0.85)">{year}</text>"##
        );
    }
    svg.push_str(r##"<text x="150" y="420" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="13" letter-spacing="3" fill="rgba(255,255,255,0.6)">LEFFASEURA DEMO</text></svg>"##);
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_wrap_into_short_lines() {
        assert_eq!(
            wrap("Fight Club", LINE_CHARS, MAX_LINES),
            vec!["Fight Club"]
        );
        assert_eq!(
            wrap(
                "The Lord of the Rings: The Return of the King",
                LINE_CHARS,
                MAX_LINES
            ),
            vec!["The Lord of the", "Rings: The", "Return of the", "King"]
        );
        assert_eq!(
            wrap("Supercalifragilisticexpialidocious", LINE_CHARS, MAX_LINES),
            vec!["Supercalifragili", "sticexpialidocio", "us"]
        );
        assert_eq!(wrap("", LINE_CHARS, MAX_LINES), Vec::<String>::new());
    }

    #[test]
    fn posters_escape_titles_and_vary_by_id() {
        let svg = poster_svg(550, "Tom & Jerry <3 \"Movie\"", Some(1999));
        assert!(svg.starts_with("<svg"));
        assert!(svg.ends_with("</svg>"));
        assert!(svg.contains("Tom &amp; Jerry &lt;3"));
        assert!(svg.contains(">1999<"));
        assert_ne!(poster_svg(1, "A", None), poster_svg(2, "A", None));
        assert_eq!(poster_svg(1, "A", None), poster_svg(1, "A", None));
    }
}
