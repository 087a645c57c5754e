//! One set of defaults: what a library user gets from `SolveOptions::default()` and
//! `SolveOptions::new` is what the command line, the web server and the Python package
//! run (`api::default_options`, and `SolveRequest::options` for an empty request).

use gridsat_sat::BackendSpec;
use gridsat_sokoban::api::{SolveRequest, default_options, read_level};
use gridsat_sokoban::{Optimize, SolveOptions, solve::CadicalConfig};

const GOALS: [Optimize; 3] = [Optimize::Pushes, Optimize::Moves, Optimize::PushesMoves];

/// Every field, by its `Debug` text (a field added later is compared too).
fn fields(o: &SolveOptions) -> String {
    format!("{o:#?}")
}

#[test]
fn default_is_the_defaults_the_programs_run_for_pushes() {
    assert_eq!(
        fields(&SolveOptions::default()),
        fields(&default_options(Optimize::Pushes))
    );
    assert_eq!(
        fields(&SolveOptions::default()),
        fields(&SolveOptions::new(Optimize::Pushes))
    );
}

#[test]
fn new_is_the_defaults_the_programs_run_for_every_goal() {
    for goal in GOALS {
        let o = SolveOptions::new(goal);
        assert_eq!(fields(&o), fields(&default_options(goal)), "{goal}");
        assert_eq!(o.optimize, goal);
    }
}

#[test]
fn the_defaults_are_cadical_with_the_goals_stride_and_option_set() {
    let expected = [
        (Optimize::Pushes, 8, CadicalConfig::Unsat),
        (Optimize::Moves, 2, CadicalConfig::Default),
        (Optimize::PushesMoves, 8, CadicalConfig::Unsat),
    ];
    for (goal, stride, config) in expected {
        let o = SolveOptions::new(goal);
        assert_eq!(o.backend, BackendSpec::Cadical, "{goal}");
        assert_eq!(o.stride, stride, "{goal}");
        assert_eq!(o.cadical_config, Some(config), "{goal}");
    }
}

#[test]
fn an_empty_request_asks_for_the_library_defaults() {
    let level = read_level("#######\n#@ $ .#\n#######\n", None).unwrap();
    for goal in GOALS {
        let body = format!(r#"{{"optimize": "{goal}"}}"#);
        let req: SolveRequest = serde_json::from_str(&body).unwrap();
        let o = req.options(&level, false).unwrap();
        assert_eq!(fields(&o), fields(&SolveOptions::new(goal)), "{goal}");
    }
    let o = SolveRequest::default().options(&level, false).unwrap();
    assert_eq!(fields(&o), fields(&SolveOptions::default()));
}
