//! Text in and out: the puzzle readers (every layout, and the variant formats) and the
//! writers (grid layouts, the variant text and JSON forms).

pub(crate) mod format;
pub(crate) mod parse;

pub use format::{
    Layout, PuzzleFormat, SheetPuzzle, SvgError, SvgOptions, Written, per_page, puzzle_svg,
    sheet_document, sheet_pages, variant_json, write_variant_text,
};
pub use parse::{
    ParseError, ParseErrorKind, ParseOptions, ParseWarning, ParsedPuzzle, Puzzles, looks_like_json,
    looks_like_list, looks_like_variant_text, parse_puzzles, parse_reader, parse_variant_json,
    parse_variant_text,
};
