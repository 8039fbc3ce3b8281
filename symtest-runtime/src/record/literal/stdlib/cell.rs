//! `std::cell` and `std::sync`'s locks: `std::cell::Cell::new(…)`, `std::cell::RefCell::new(…)`,
//! `std::sync::Mutex::new(…)`. A value that cannot be read as it is rendered (a `RefCell`
//! borrowed mutably, a `Mutex` locked or poisoned) is written as a call rustc refuses, with a
//! comment saying why: no test can be built from it, and none asserts a value it does not hold.

use std::cell::{Cell, RefCell};
use std::sync::{Mutex, TryLockError};

use super::{Literal, call};

/// `{function}(/* {why} */)`, which does not compile.
fn unreadable(function: &str, why: &str) -> String {
    format!("{function}(/* {why} */)")
}

impl<T: Literal + Copy> Literal for Cell<T> {
    fn literal(&self) -> String {
        call("std::cell::Cell::new", &[&self.get()])
    }
}

impl<T: Literal> Literal for RefCell<T> {
    fn literal(&self) -> String {
        const NEW: &str = "std::cell::RefCell::new";
        match self.try_borrow() {
            Ok(value) => call(NEW, &[&*value]),
            Err(_) => unreadable(NEW, "borrowed mutably when symtest read it"),
        }
    }
}

impl<T: Literal> Literal for Mutex<T> {
    fn literal(&self) -> String {
        const NEW: &str = "std::sync::Mutex::new";
        match self.try_lock() {
            Ok(value) => call(NEW, &[&*value]),
            Err(TryLockError::Poisoned(_)) => unreadable(NEW, "poisoned, which no literal is"),
            Err(TryLockError::WouldBlock) => unreadable(NEW, "locked when symtest read it"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn cells_and_mutexes_render_as_new() {
        assert_literals!(
            Cell::new(3) => "std::cell::Cell::new(3)",
            RefCell::new(vec![1]) => "std::cell::RefCell::new(vec![1])",
            Mutex::new('x') => "std::sync::Mutex::new('x')",
        );
    }

    #[test]
    fn values_that_cannot_be_read_render_as_calls_rustc_refuses() {
        let cell = RefCell::new(1);
        let borrowed = cell.borrow_mut();
        assert_literals!(cell => "std::cell::RefCell::new(/* borrowed mutably when symtest read it */)");
        drop(borrowed);
        let mutex = Mutex::new(1);
        let locked = mutex.lock();
        assert_literals!(mutex => "std::sync::Mutex::new(/* locked when symtest read it */)");
        drop(locked);
        let poisoned = std::sync::Arc::new(Mutex::new(1));
        let held = std::sync::Arc::clone(&poisoned);
        let _ = std::thread::spawn(move || {
            let _guard = held.lock();
            std::panic::panic_any("poison it");
        })
        .join();
        assert_literals!(*poisoned => "std::sync::Mutex::new(/* poisoned, which no literal is */)");
    }
}
