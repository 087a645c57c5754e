//! XSB collections and course files: any text either parses into levels that render
//! back and replay an empty plan, or is refused with a positioned error; never a panic.
#![no_main]

use gridsat_sokoban::{Format, Plan, parse_levels, replay::replay};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for format in [Format::Auto, Format::Xsb, Format::Course] {
        let Ok(levels) = parse_levels(&text, "fuzz.xsb", format) else {
            continue;
        };
        for level in &levels {
            let shown = level.to_string();
            // What was parsed renders as XSB that parses back to the same board.
            let again =
                parse_levels(&shown, "again.xsb", Format::Xsb).expect("rendered levels parse");
            assert_eq!(again[0].boxes, level.boxes);
            assert_eq!(again[0].player, level.player);
            let r = replay(level, &Plan::new()).expect("the empty plan replays");
            assert_eq!(r.moves, 0);
        }
    }
});
