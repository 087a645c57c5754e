//! Plans as people write them (LURD in any case, course `U D L R`, spaces), replayed on
//! a fixed level: parsing never panics, and replay either plays the plan or names the
//! step that breaks a rule.
#![no_main]

use gridsat_sokoban::{Format, Plan, parse_levels, replay::replay};
use libfuzzer_sys::fuzz_target;

const LEVEL: &str = "########\n#  .#  #\n# $    #\n#  #@  #\n########\n";

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let level = &parse_levels(LEVEL, "level.xsb", Format::Xsb).expect("fixed level")[0];
    let Ok(plan) = text.parse::<Plan>() else {
        return;
    };
    assert_eq!(
        plan.to_string().parse::<Plan>().expect("LURD round-trips"),
        plan
    );
    if let Ok(r) = replay(level, &plan) {
        assert_eq!(r.moves, plan.len());
    }
});
