//! `gridsat.sudoku.Result`, a class of its own here rather than in Python (issue 28):
//! `solve_many` hands back one per puzzle, and a Python object built per result (its
//! `__init__` and the status, JSON text and solution bytes made Python objects first)
//! cost more on the consumer's thread than everything else of the hand-over. The
//! answer stays as the worker left it (status, JSON text, values) and becomes Python
//! objects only when asked for, each at most once.

use gridsat_sudoku::Answer;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyString, PyTuple};

/// The status names, in the order of their codes (`solve_columns`'s status column).
pub const STATUSES: [&str; 5] = ["unique", "multiple", "unsat", "sat", "unknown"];

/// A solve's status, JSON object, and every solution's values, one after the other
/// (each row by row): what Python's `Result` holds.
pub struct Solved {
    pub status: &'static str,
    pub json: String,
    pub values: Vec<u16>,
    pub count: usize,
}

/// The status, JSON text and values of a solve.
pub fn solved(answer: Option<Answer>, json: String) -> Solved {
    let status = match &answer {
        Some(a) => a.verdict.name(),
        None => "unknown",
    };
    let grids = answer.map(|a| a.solutions).unwrap_or_default();
    let mut values = Vec::with_capacity(grids.iter().map(|g| g.values().len()).sum());
    for g in &grids {
        values.extend_from_slice(g.values());
    }
    Solved::new(status, json, values, grids.len())
}

impl Solved {
    pub fn new(status: &'static str, json: String, values: Vec<u16>, count: usize) -> Self {
        Solved {
            status,
            json,
            values,
            count,
        }
    }

    /// The Python object (`gridsat.sudoku.Result`); `MemoryError` when it cannot be
    /// allocated.
    pub fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, SudokuResult>> {
        Bound::new(py, SudokuResult::new(self))
    }
}

/// What a solve came to.
///
/// * ``status``: ``"unique"`` (one solution, proven), ``"multiple"`` (at least two),
///   ``"unsat"`` (none, proven), ``"sat"`` (a solution; uniqueness not asked, see
///   ``first``), ``"unknown"`` (stopped by the time limit or an interrupt).
/// * ``solution``: the first solution as a list of rows of ints (no 0), or ``None``.
/// * ``solutions``: every solution found (up to ``count``).
/// * ``conflict``: for ``unsat``, givens that cannot all hold (``["r1c3=5", "r1c7=5"]``).
/// * ``reason``: why (``"same row"``), or what stopped the solve.
/// * ``stats``: ``vars``, ``clauses``, ``solver_calls``, ``time_ms``.
///
/// ``to_json()`` is the object ``gridsat sudoku solve --json`` prints. Two results are
/// equal when their objects are, the times (``time_ms``, ``seconds``) aside.
#[pyclass(name = "Result", module = "gridsat.sudoku", frozen)]
pub struct SudokuResult {
    solved: Solved,
    /// The JSON object, read when a member of it is first asked for.
    obj: PyOnceLock<Py<PyAny>>,
    /// The solutions as lists of rows, built when first asked for.
    solutions: PyOnceLock<Py<PyAny>>,
}

impl SudokuResult {
    pub fn new(solved: Solved) -> Self {
        SudokuResult {
            solved,
            obj: PyOnceLock::new(),
            solutions: PyOnceLock::new(),
        }
    }

    /// The values as native-endian `u16` bytes.
    fn data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let values = &self.solved.values;
        PyBytes::new_with(py, values.len() * 2, |b| {
            for (d, v) in b.chunks_exact_mut(2).zip(values) {
                d.copy_from_slice(&v.to_ne_bytes());
            }
            Ok(())
        })
    }

    /// The JSON object (shared: the members are read from it).
    fn object<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, PyAny>> {
        let obj = self
            .obj
            .get_or_try_init(py, || self.to_json(py).map(Bound::unbind))?;
        Ok(obj.bind(py))
    }

    /// Member `key` of the JSON object, or `None`.
    fn member<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.object(py)?.call_method1(intern!(py, "get"), (key,))
    }

    /// `==` (`equal`) or `!=` with `other`: `NotImplemented` for what is no `Result`.
    fn compare(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        equal: bool,
    ) -> PyResult<Py<PyAny>> {
        let Ok(other) = other.cast::<SudokuResult>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.untimed(py)?.eq(other.get().untimed(py)?)?;
        Ok(PyBool::new(py, same == equal)
            .to_owned()
            .into_any()
            .unbind())
    }

    /// The JSON object without its times (`time_ms`, `seconds`), for comparisons.
    fn untimed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = self.to_json(py)?;
        let stats = o.call_method1(intern!(py, "get"), ("stats", PyDict::new(py)))?;
        for time in ["time_ms", "seconds"] {
            stats.call_method1(intern!(py, "pop"), (time, py.None()))?;
        }
        Ok(o)
    }
}

#[pymethods]
impl SudokuResult {
    /// `Result(status, text, data, count)`: the status, the JSON object's text, every
    /// solution's values (native-endian `u16` bytes, row by row) and how many
    /// solutions there are (what pickling passes).
    #[new]
    fn py_new(status: &str, text: String, data: &[u8], count: usize) -> PyResult<Self> {
        let status = STATUSES
            .into_iter()
            .find(|s| *s == status)
            .ok_or_else(|| crate::errors::value(format!("no such status: {status:?}")))?;
        if data.len() % 2 != 0 || (count == 0 && !data.is_empty()) {
            return Err(crate::errors::value(
                "the values are u16, count of them per solution",
            ));
        }
        let values = data
            .chunks_exact(2)
            .map(|b| u16::from_ne_bytes([b[0], b[1]]))
            .collect();
        Ok(SudokuResult::new(Solved::new(status, text, values, count)))
    }

    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        match self.solved.status {
            "unique" => intern!(py, "unique").clone(),
            "multiple" => intern!(py, "multiple").clone(),
            "unsat" => intern!(py, "unsat").clone(),
            "sat" => intern!(py, "sat").clone(),
            _ => intern!(py, "unknown").clone(),
        }
    }

    /// Every solution found, each a list of rows of ints; `MemoryError` when the lists
    /// would exceed the memory ceiling.
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.solutions.get_or_try_init(py, || {
            let grids = py
                .import("gridsat.sudoku")?
                .getattr(intern!(py, "_grids"))?;
            grids
                .call1((self.data(py)?, self.solved.count))
                .map(Bound::unbind)
        })?;
        Ok(list.bind(py).clone())
    }

    /// The first solution, or `None`.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.solved.count == 0 {
            return Ok(py.None().into_bound(py));
        }
        self.solutions(py)?.get_item(0)
    }

    #[getter]
    fn conflict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "conflict")
    }

    #[getter]
    fn reason<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "reason")
    }

    /// `vars`, `clauses`, `solver_calls`, `time_ms` (a fresh dict).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stats = self
            .object(py)?
            .call_method1(intern!(py, "get"), ("stats", PyDict::new(py)))?;
        stats.call_method0(intern!(py, "copy"))
    }

    /// The ``--json`` object of the command line (a fresh copy).
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let loads = py.import("json")?.getattr(intern!(py, "loads"))?;
        loads.call1((self.solved.json.as_str(),))
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        self.compare(py, other, true)
    }

    fn __ne__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        self.compare(py, other, false)
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridsat.sudoku.Result {}, {} solution(s)>",
            self.solved.status, self.solved.count
        )
    }

    /// Pickles as the arguments of `Result(...)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.get();
        let args = (
            me.solved.status,
            me.solved.json.as_str(),
            me.data(py)?,
            me.solved.count,
        );
        (slf.get_type(), args).into_pyobject(py)
    }
}
