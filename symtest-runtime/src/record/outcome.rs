//! How one execution of a function ended: returned (with its value rendered), panicked (with
//! the message and location), ran out of steps, or never started (an argument's constructor
//! made no value).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::sync::Once;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The function returned. The value is rendered only when asked for (kept inputs): as a
    /// Rust expression where its type implements [`Literal`](crate::record::literal::Literal), and as
    /// Debug text where it implements `Debug`.
    Returned {
        literal: Option<String>,
        debug: Option<String>,
        /// The type implements `PartialEq`, so a test can `assert_eq!` on the value.
        #[serde(default)]
        comparable: bool,
    },
    Panicked {
        message: String,
        location: Option<String>,
    },
    /// The execution exceeded its step budget (an endless or very long loop).
    Timeout,
    /// The function was not called: a constructor that makes an argument (see
    /// `crate::record::made`) returned `None` or `Err`, or panicked. No test comes of it.
    Invalid,
}

thread_local! {
    static LAST_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

impl Outcome {
    /// The outcome of a panic with `payload`, at the location the panic hook saw last.
    pub fn panicked(payload: &(dyn Any + Send)) -> Outcome {
        let message = if let Some(message) = payload.downcast_ref::<&str>() {
            (*message).to_string()
        } else if let Some(message) = payload.downcast_ref::<String>() {
            message.clone()
        } else {
            "Box<dyn Any>".to_string()
        };
        let location = LAST_LOCATION.with(|last| last.borrow_mut().take());
        Outcome::Panicked { message, location }
    }

    /// Same kind of ending and same message, ignoring how the value was rendered.
    pub fn same_kind(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Returned { .. }, Outcome::Returned { .. })
            | (Outcome::Timeout, Outcome::Timeout)
            | (Outcome::Invalid, Outcome::Invalid) => true,
            (Outcome::Panicked { message: a, .. }, Outcome::Panicked { message: b, .. }) => a == b,
            _ => false,
        }
    }
}

/// Runs `call` with panics quiet: the hook installed by [`install_quiet_panic_hook`] only
/// remembers their location instead of printing them.
pub fn quietly<R>(call: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            QUIET.with(|quiet| quiet.set(self.0));
        }
    }
    let _reset = Reset(QUIET.with(|quiet| quiet.replace(true)));
    call()
}

/// Wraps the panic hook so that panics inside [`quietly`] print nothing and remember their
/// location: thousands of expected panics during a search neither flood stderr nor lose
/// information. Panics elsewhere (a failing test, a bug) are reported as before.
pub fn install_quiet_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let location = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                LAST_LOCATION.with(|last| *last.borrow_mut() = location);
            } else {
                previous(info);
            }
        }));
    });
}
