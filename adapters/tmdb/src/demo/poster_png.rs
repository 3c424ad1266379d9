//! The demo posters as PNG: the SVG poster's colours and layout, its text set in 8x8
//! bitmap glyphs. A browser decodes a PNG off its main thread; an SVG poster is a document
//! of its own that it parses, lays out (its text is shaped) and paints on the main thread,
//! which made a page of sixteen demo posters answer a keystroke 0.3 s late on a slow phone.

use font8x8::{UnicodeFonts, BASIC_FONTS, LATIN_FONTS};

use super::poster::{hue, wrap, HEIGHT, WIDTH};

/// How a title is set: glyphs are 8x8 cells drawn at `scale` pixels per cell pixel, at most
/// `line_chars` to a line inside the frame.
#[derive(Clone, Copy)]
struct TitleSize {
    scale: u32,
    line_chars: usize,
    max_lines: usize,
}

const LARGE_TITLE: TitleSize = TitleSize {
    scale: 3,
    line_chars: 11,
    max_lines: 4,
};
/// The SVG poster's 16 characters to a line.
const SMALL_TITLE: TitleSize = TitleSize {
    scale: 2,
    line_chars: 16,
    max_lines: 6,
};
const YEAR_SCALE: u32 = 2;
const MARK_SCALE: u32 = 2;
const FRAME_INSET: u32 = 12;
const FRAME_WIDTH: u32 = 2;

type Rgb = [u8; 3];

/// An RGB image being drawn.
struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn filled_by_rows(row_colour: impl Fn(u32) -> Rgb) -> Self {
        let mut pixels = Vec::with_capacity((WIDTH * HEIGHT * 3) as usize);
        for y in 0..HEIGHT {
            let colour = row_colour(y);
            for _ in 0..WIDTH {
                pixels.extend_from_slice(&colour);
            }
        }
        Self { pixels }
    }

    /// Blends white over pixel (x, y) at `alpha` (0..=1); outside the image is ignored.
    fn lighten(&mut self, x: u32, y: u32, alpha: f32) {
        if x >= WIDTH || y >= HEIGHT {
            return;
        }
        let at = ((y * WIDTH + x) * 3) as usize;
        for channel in &mut self.pixels[at..at + 3] {
            let blended = f32::from(*channel) + (255.0 - f32::from(*channel)) * alpha;
            *channel = blended.round().clamp(0.0, 255.0) as u8;
        }
    }

    fn frame(&mut self, alpha: f32) {
        let (left, top) = (FRAME_INSET, FRAME_INSET);
        let (right, bottom) = (WIDTH - FRAME_INSET, HEIGHT - FRAME_INSET);
        for y in top..bottom {
            for x in left..right {
                let on_edge = x < left + FRAME_WIDTH
                    || x >= right - FRAME_WIDTH
                    || y < top + FRAME_WIDTH
                    || y >= bottom - FRAME_WIDTH;
                if on_edge {
                    self.lighten(x, y, alpha);
                }
            }
        }
    }

    /// `text` centred on the image, its glyphs' top at `top`.
    fn centred_text(&mut self, text: &str, top: u32, scale: u32, alpha: f32) {
        let cells: Vec<[u8; 8]> = text.chars().map(glyph).collect();
        let width = u32::try_from(cells.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(8 * scale);
        let left = WIDTH.saturating_sub(width) / 2;
        for (index, rows) in cells.iter().enumerate() {
            let cell_left = left + u32::try_from(index).unwrap_or(0) * 8 * scale;
            for (row, bits) in (0u32..).zip(rows) {
                for column in 0..8u32 {
                    // font8x8: bit 0 is a row's leftmost pixel.
                    if bits & (1 << column) == 0 {
                        continue;
                    }
                    for dy in 0..scale {
                        for dx in 0..scale {
                            self.lighten(
                                cell_left + column * scale + dx,
                                top + row * scale + dy,
                                alpha,
                            );
                        }
                    }
                }
            }
        }
    }

    fn encode(&self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        // Made per request: Balanced takes about a millisecond for a 3-4 KB file (Fast made
        // 7-10 KB, High no smaller).
        encoder.set_compression(png::Compression::Balanced);
        let mut writer = encoder.write_header().ok()?;
        writer.write_image_data(&self.pixels).ok()?;
        writer.finish().ok()?;
        Some(out)
    }
}

/// The 8x8 cell of `c`: ASCII and Latin-1 as they are, a few common typographic marks as
/// their ASCII look-alikes, anything else as `?`.
fn glyph(c: char) -> [u8; 8] {
    let c = match c {
        '\u{2010}'..='\u{2015}' => '-',
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{2032}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => '"',
        '\u{2026}' => '.',
        c => c,
    };
    BASIC_FONTS
        .get(c)
        .or_else(|| LATIN_FONTS.get(c))
        .or_else(|| BASIC_FONTS.get('?'))
        .unwrap_or([0; 8])
}

/// The title's size and lines: large when it fits in its lines without cutting a word.
fn set_title(title: &str) -> (TitleSize, Vec<String>) {
    let longest_word = title.split_whitespace().map(|w| w.chars().count()).max();
    let fits_large = longest_word.unwrap_or(0) <= LARGE_TITLE.line_chars
        && wrap(title, LARGE_TITLE.line_chars, usize::MAX).len() <= LARGE_TITLE.max_lines;
    let size = if fits_large { LARGE_TITLE } else { SMALL_TITLE };
    (size, wrap(title, size.line_chars, size.max_lines))
}

/// `hsl(hue, saturation%, lightness%)` as CSS computes it.
fn hsl(hue: u32, saturation: f32, lightness: f32) -> Rgb {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = (hue % 360) as f32 / 60.0;
    let second = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u32 {
        0 => (chroma, second, 0.0),
        1 => (second, chroma, 0.0),
        2 => (0.0, chroma, second),
        3 => (0.0, second, chroma),
        4 => (second, 0.0, chroma),
        _ => (chroma, 0.0, second),
    };
    let base = lightness - chroma / 2.0;
    [r, g, b].map(|channel| ((channel + base) * 255.0).round().clamp(0.0, 255.0) as u8)
}

fn mix(from: Rgb, to: Rgb, at: f32) -> Rgb {
    [0, 1, 2]
        .map(|i| (f32::from(from[i]) + (f32::from(to[i]) - f32::from(from[i])) * at).round() as u8)
}

/// The placeholder poster of a film as a PNG file (`None` only if encoding failed, which
/// writing into memory does not).
pub fn poster_png(id: i64, title: &str, year: Option<i32>) -> Option<Vec<u8>> {
    let hue = hue(id);
    let (top, bottom) = (hsl(hue, 0.55, 0.42), hsl(hue, 0.60, 0.18));
    let mut canvas = Canvas::filled_by_rows(|y| mix(top, bottom, y as f32 / (HEIGHT - 1) as f32));
    canvas.frame(0.35);
    let (size, lines) = set_title(title);
    let line_height = 8 * size.scale + 10;
    let block = line_height * u32::try_from(lines.len()).unwrap_or(1);
    let first_top = (HEIGHT / 2).saturating_sub(block / 2 + 16);
    for (line, index) in lines.iter().zip(0u32..) {
        canvas.centred_text(line, first_top + index * line_height, size.scale, 1.0);
    }
    if let Some(year) = year {
        canvas.centred_text(&year.to_string(), first_top + block + 12, YEAR_SCALE, 0.85);
    }
    canvas.centred_text("LEFFASEURA DEMO", HEIGHT - 48, MARK_SCALE, 0.6);
    canvas.encode()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        (info, pixels)
    }

    fn pixel(pixels: &[u8], x: u32, y: u32) -> Rgb {
        let at = ((y * WIDTH + x) * 3) as usize;
        [pixels[at], pixels[at + 1], pixels[at + 2]]
    }

    #[test]
    fn a_poster_is_a_2_by_3_png_in_the_films_colour_with_its_title_in_white() {
        let bytes = poster_png(550, "Fight Club", Some(1999)).expect("encoded");
        assert!(bytes.len() < 12_000, "{} bytes", bytes.len());
        let (info, pixels) = decode(&bytes);
        assert_eq!((info.width, info.height), (300, 450));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        // Film 550's hue is 110: the gradient runs from hsl(110, 55%, 42%) at the top to a
        // darker shade, as on its SVG poster.
        assert_eq!(pixel(&pixels, 5, 0), hsl(110, 0.55, 0.42));
        assert_eq!(pixel(&pixels, 5, 449), hsl(110, 0.60, 0.18));
        // The title's glyphs are pure white somewhere in the middle band, nowhere else.
        let white_rows: Vec<u32> = (0..HEIGHT)
            .filter(|&y| (0..WIDTH).any(|x| pixel(&pixels, x, y) == [255, 255, 255]))
            .collect();
        assert!(!white_rows.is_empty());
        assert!(
            white_rows.iter().all(|y| (150..300).contains(y)),
            "{white_rows:?}"
        );
    }

    #[test]
    fn posters_differ_by_colour_title_and_year() {
        let poster = poster_png(550, "Fight Club", Some(1999));
        assert_eq!(poster, poster_png(550, "Fight Club", Some(1999)));
        assert_ne!(poster, poster_png(551, "Fight Club", Some(1999)));
        assert_ne!(poster, poster_png(550, "Fight Clubs", Some(1999)));
        assert_ne!(poster, poster_png(550, "Fight Club", Some(2000)));
        assert_ne!(poster, poster_png(550, "Fight Club", None));
    }

    #[test]
    fn finnish_letters_have_glyphs_and_the_unknown_a_question_mark() {
        assert_ne!(glyph('ä'), glyph('?'));
        assert_ne!(glyph('Å'), glyph('?'));
        assert_eq!(glyph('–'), glyph('-'));
        assert_eq!(glyph('’'), glyph('\''));
        assert_eq!(glyph('雪'), glyph('?'));
        let long = "Mies vailla menneisyyttä ".repeat(20);
        assert!(poster_png(0, &long, None).is_some());
        assert!(poster_png(-7, "", Some(-1)).is_some());
    }

    #[test]
    fn long_words_and_titles_are_set_small_rather_than_cut() {
        let (size, lines) = set_title("Fight Club");
        assert_eq!((size.scale, lines), (3, vec!["Fight Club".to_owned()]));
        let (size, lines) = set_title("Interstellar");
        assert_eq!((size.scale, lines), (2, vec!["Interstellar".to_owned()]));
        let (size, lines) = set_title("The Lord of the Rings: The Fellowship of the Ring");
        assert_eq!(size.scale, 2);
        assert_eq!(
            lines,
            ["The Lord of the", "Rings: The", "Fellowship of", "the Ring"]
        );
    }

    #[test]
    fn colours_follow_css_hsl() {
        assert_eq!(hsl(0, 1.0, 0.5), [255, 0, 0]);
        assert_eq!(hsl(120, 1.0, 0.5), [0, 255, 0]);
        assert_eq!(hsl(240, 1.0, 0.25), [0, 0, 128]);
        assert_eq!(hsl(200, 0.0, 0.5), [128, 128, 128]);
    }
}
