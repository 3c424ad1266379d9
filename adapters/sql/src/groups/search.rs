//! Case- and accent-insensitive group search, the same on both backends: names and
//! descriptions are stored folded (`groups.name_search`, `groups.description_search`)
//! and searched for a query folded the same way (`instr` / `strpos`, see `lists.rs`, through
//! the pieces of `grams.rs`). Folded in Rust because
//! SQLite's `lower()` folds only ASCII and neither backend strips accents portably.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// `text` lower-cased, with accents and other combining marks removed and the letters
/// that do not decompose spelled out: "Äiti" → "aiti", "Ørsted" → "orsted",
/// "Straße" → "strasse". Compatibility forms are unified too ("ﬁlm" → "film").
pub fn search_key(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.nfkd().filter(|c| !is_combining_mark(*c)) {
        for lower in c.to_lowercase() {
            match lower {
                'ø' => folded.push('o'),
                'æ' => folded.push_str("ae"),
                'œ' => folded.push_str("oe"),
                'ß' => folded.push_str("ss"),
                'ł' => folded.push('l'),
                'đ' => folded.push('d'),
                'þ' => folded.push_str("th"),
                'ı' => folded.push('i'),
                other => folded.push(other),
            }
        }
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_case_and_accents() {
        let cases = [
            ("Elokuvakerho", "elokuvakerho"),
            ("Äiti", "aiti"),
            ("äiti", "aiti"),
            ("ÅSA Ööö", "asa ooo"),
            ("Ørsted Æble Straße", "orsted aeble strasse"),
            ("Amélie", "amelie"),
            ("ﬁlm noir", "film noir"),
            ("", ""),
        ];
        for (text, folded) in cases {
            assert_eq!(search_key(text), folded, "{text}");
        }
    }
}
