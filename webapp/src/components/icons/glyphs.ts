// Symbols drawn as text beside words (always aria-hidden where they stand): kept here so no
// component holds a literal string, and the same star is used everywhere.

export const STAR = '\u2605'; // ★
export const PREVIOUS = '\u2039'; // ‹
export const NEXT = '\u203a'; // ›
export const SEPARATOR = ' \u00b7 '; // " · "
export const ARROW_LEFT = '\u2190'; // ←
export const ARROW_RIGHT = '\u2192'; // →
export const CHECK = '\u2713'; // ✓
export const PLAY = '\u25b6'; // ▶
export const FILM = '\u{1F3AC}'; // 🎬
