//! Types with methods: `#[symtest]` on an impl block searches its methods as call sequences.

use symtest_runtime::symtest;

/// Pushing onto a full stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// A stack of at most `capacity` values.
#[derive(Debug)]
pub struct Stack {
    items: Vec<i32>,
    capacity: usize,
}

#[symtest]
impl Stack {
    /// A stack for at most `capacity` values (at least one, at most 64).
    pub fn new(capacity: usize) -> Option<Stack> {
        if capacity == 0 || capacity > 64 {
            return None;
        }
        Some(Stack {
            items: Vec::new(),
            capacity,
        })
    }

    pub fn push(&mut self, value: i32) -> Result<(), Full> {
        if self.items.len() == self.capacity {
            return Err(Full);
        }
        self.items.push(value);
        Ok(())
    }

    pub fn pop(&mut self) -> Option<i32> {
        self.items.pop()
    }

    /// The sum of the two values on top, when there are two.
    pub fn top_sum(&self) -> Option<i64> {
        if self.items.len() < 2 {
            return None;
        }
        let n = self.items.len();
        Some(i64::from(self.items[n - 1]) + i64::from(self.items[n - 2]))
    }

    pub fn is_full(&self) -> bool {
        self.items.len() == self.capacity
    }
}

/// What a thermostat is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Off,
    Idle,
    Heating,
    Cooling,
}

/// Why a target was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    TooCold,
    TooHot,
    NotRunning,
}

/// A thermostat: switched on, given a target, then told the room's temperature.
#[derive(Debug)]
pub struct Thermostat {
    target: i32,
    mode: Mode,
    /// Readings since the target was last set.
    readings: u32,
}

#[symtest]
impl Thermostat {
    /// A thermostat switched off, aiming at `target` degrees (kept within 5 to 30).
    pub fn new(target: i32) -> Thermostat {
        Thermostat {
            target: target.clamp(5, 30),
            mode: Mode::Off,
            readings: 0,
        }
    }

    pub fn switch_on(&mut self) {
        if self.mode == Mode::Off {
            self.mode = Mode::Idle;
        }
    }

    pub fn set_target(&mut self, target: i32) -> Result<(), Refused> {
        if self.mode == Mode::Off {
            return Err(Refused::NotRunning);
        }
        if target < 5 {
            return Err(Refused::TooCold);
        }
        if target > 30 {
            return Err(Refused::TooHot);
        }
        self.target = target;
        self.readings = 0;
        Ok(())
    }

    /// The room is at `temperature`: heat below the target, cool well above it; after three
    /// readings within a degree of the target, switch off to save power.
    pub fn tick(&mut self, temperature: i32) -> Mode {
        if self.mode == Mode::Off {
            return Mode::Off;
        }
        self.readings += 1;
        self.mode = if temperature < self.target {
            Mode::Heating
        } else if temperature > self.target + 2 {
            Mode::Cooling
        } else if self.readings >= 3 && (temperature - self.target).abs() <= 1 {
            Mode::Off
        } else {
            Mode::Idle
        };
        self.mode
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }
}

/// A spending budget whose invariant is `spent <= limit`. It has no constructor function:
/// marked `#[symtest]`, its values are built field by field, so sequences start from any
/// state — those that break the invariant too, which `audit` reports.
#[symtest]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    pub limit: u32,
    pub spent: u32,
}

#[symtest]
impl Budget {
    /// Spends `amount` when it fits; returns what is left, or how much is missing.
    pub fn spend(&mut self, amount: u32) -> Result<u32, u32> {
        let left = self.limit.saturating_sub(self.spent);
        if amount > left {
            return Err(amount - left);
        }
        self.spent += amount;
        Ok(self.limit - self.spent)
    }

    /// Whether the invariant holds, and how far it is broken when not.
    pub fn audit(&self) -> Option<u32> {
        if self.spent > self.limit {
            Some(self.spent - self.limit)
        } else {
            None
        }
    }
}

/// A combination lock. It opens for a hash of the code it was made with plus the clicks
/// turned since, and jams after three wrong guesses: the branches need an argument that depends on earlier
/// calls (found by symbolic execution through the fields) and calls in a set order.
#[derive(Debug)]
pub struct Lock {
    code: u32,
    clicks: u32,
    wrong: u8,
    open: bool,
}

#[symtest]
impl Lock {
    pub fn new(code: u32) -> Lock {
        Lock {
            code,
            clicks: 0,
            wrong: 0,
            open: false,
        }
    }

    /// Turns the dial by `clicks`, which shifts the code that opens the lock.
    pub fn turn(&mut self, clicks: u32) {
        self.clicks = self.clicks.wrapping_add(clicks);
    }

    /// Tries `guess`; says how many tries are left when it is wrong.
    pub fn open(&mut self, guess: u32) -> Result<(), u8> {
        if self.wrong >= 3 {
            return Err(0);
        }
        if guess == (self.code.wrapping_add(self.clicks) ^ 0x5bd1_e995).wrapping_mul(2_654_435_761)
        {
            self.open = true;
            return Ok(());
        }
        self.wrong += 1;
        Err(3 - self.wrong)
    }

    pub fn is_open(&self) -> bool {
        self.open
    }
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
#[symtest(generated)]
mod symtest_tests {
    use super::*;

    // symtest: fn=Budget covered=4/4 seed=364732 algorithm=dynamosa budget-evals=20000
    #[test]
    #[should_panic(expected = "attempt to subtract with overflow")]
    fn budget_spend_panics_attempt_to_subtract_with() {
        // Covers line 152 `amount > left` true; line 152 `amount > left` false;
        //     line 161 `self.spent > self.limit` true.
        let mut budget = Budget { limit: 0, spent: 1 };
        assert_eq!(budget.spend(1), Err(1));
        assert_eq!(budget.audit(), Some(1));
        let _ = budget.spend(0);
    }

    #[test]
    fn budget_audit_returns_none() {
        // Covers line 152 `amount > left` false; line 161 `self.spent > self.limit` false.
        let mut budget = Budget { limit: 0, spent: 0 };
        assert_eq!(budget.spend(0), Ok(0));
        assert_eq!(budget.audit(), None);
    }

    #[test]
    fn budget_spend_returns_err_1() {
        // Covers line 152 `amount > left` true; line 161 `self.spent > self.limit` false.
        let mut budget = Budget { limit: 0, spent: 0 };
        assert_eq!(budget.audit(), None);
        assert_eq!(budget.spend(1), Err(1));
        assert_eq!(budget.audit(), None);
    }

    #[test]
    fn budget_audit_returns_some_1() {
        // Covers line 152 `amount > left` true; line 161 `self.spent > self.limit` true.
        let mut budget = Budget { limit: 0, spent: 1 };
        assert_eq!(budget.spend(1), Err(1));
        assert_eq!(budget.audit(), Some(1));
    }

    #[test]
    fn budget_spend_returns_ok_1() {
        // Covers line 152 `amount > left` true; line 152 `amount > left` false.
        let mut budget = Budget { limit: 2, spent: 0 };
        assert_eq!(budget.spend(3), Err(1));
        assert_eq!(budget.spend(1), Ok(1));
        assert_eq!(budget.audit(), None);
    }

    #[test]
    fn budget_returns() {
        // Covers no branches.
        let budget = Budget { limit: 1, spent: 2 };
        assert_eq!(budget.audit(), Some(1));
    }

    // symtest: fn=Lock covered=4/4 seed=219727 algorithm=dynamosa budget-evals=20000
    #[test]
    fn lock_is_open_returns_true() {
        // Covers line 198 `self.wrong >= 3` false;
        //     line 201 `guess == (self.code.wrapping_add(self...` true;
        //     line 201 `guess == (self.code.wrapping_add(self...` false.
        let mut lock = Lock::new(1540483477);
        assert_eq!(lock.open(1), Err(2));
        assert!(!lock.is_open());
        assert_eq!(lock.open(1), Err(1));
        assert_eq!(lock.open(0), Ok(()));
        assert!(lock.is_open());
    }

    #[test]
    fn lock_is_open_returns_false() {
        // Covers line 198 `self.wrong >= 3` true; line 198 `self.wrong >= 3` false;
        //     line 201 `guess == (self.code.wrapping_add(self...` false.
        let mut lock = Lock::new(1432012484);
        assert_eq!(lock.open(0), Err(2));
        assert_eq!(lock.open(0), Err(1));
        assert_eq!(lock.open(0), Err(0));
        assert_eq!(lock.open(0), Err(0));
        assert!(!lock.is_open());
    }

    // symtest: fn=Stack covered=8/8 seed=272331 algorithm=dynamosa budget-evals=20000
    #[test]
    fn stack_is_full_returns_true() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 30 `self.items.len() == self.capacity` true;
        //     line 30 `self.items.len() == self.capacity` false;
        //     line 43 `self.items.len() < 2` true.
        let mut stack = Stack::new(1).unwrap();
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.pop(), Some(0));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.top_sum(), None);
        assert_eq!(stack.push(0), Err(Full));
        assert!(stack.is_full());
        assert_eq!(stack.top_sum(), None);
        assert!(stack.is_full());
    }

    #[test]
    fn stack_top_sum_returns_some_0() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 30 `self.items.len() == self.capacity` false;
        //     line 43 `self.items.len() < 2` false.
        let mut stack = Stack::new(2).unwrap();
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.pop(), Some(0));
        assert_eq!(stack.pop(), None);
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.top_sum(), Some(0));
        assert!(stack.is_full());
    }

    #[test]
    fn stack_new_returns_none() {
        // Covers line 20 `capacity == 0` true.
        assert!(Stack::new(0).is_none());
    }

    #[test]
    fn stack_new_returns_none_2() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` true.
        assert!(Stack::new(65).is_none());
    }

    #[test]
    fn stack_is_full_returns_false() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 43 `self.items.len() < 2` true.
        let stack = Stack::new(1).unwrap();
        assert_eq!(stack.top_sum(), None);
        assert!(!stack.is_full());
        assert_eq!(stack.top_sum(), None);
        assert!(!stack.is_full());
    }

    #[test]
    fn stack_pop_returns_none() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false.
        let mut stack = Stack::new(64).unwrap();
        assert_eq!(stack.pop(), None);
        assert_eq!(stack.top_sum(), None);
        assert!(!stack.is_full());
    }

    #[test]
    fn stack_push_returns_ok() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 30 `self.items.len() == self.capacity` false.
        let mut stack = Stack::new(3).unwrap();
        assert_eq!(stack.push(-1), Ok(()));
        assert_eq!(stack.push(-1), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.top_sum(), Some(-1));
        assert!(stack.is_full());
    }

    #[test]
    fn stack_push_returns_ok_2() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 30 `self.items.len() == self.capacity` false.
        let mut stack = Stack::new(2).unwrap();
        assert_eq!(stack.push(1), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.top_sum(), Some(1));
        assert!(stack.is_full());
    }

    #[test]
    fn stack_push_returns_ok_3() {
        // Covers line 20 `capacity == 0` false; line 20 `capacity > 64` false;
        //     line 30 `self.items.len() == self.capacity` false.
        let mut stack = Stack::new(4).unwrap();
        assert_eq!(stack.push(-1), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.push(0), Ok(()));
        assert_eq!(stack.top_sum(), Some(0));
        assert!(stack.is_full());
    }

    // symtest: fn=Thermostat covered=18/18 seed=6377 algorithm=dynamosa budget-evals=20000
    #[test]
    fn thermostat_tick_returns_off() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 99 `self.mode == Mode::Off` false; line 102 `target < 5` true;
        //     line 102 `target < 5` false; line 105 `target > 30` false;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` true;
        //     and 5 more.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        thermostat.switch_on();
        assert_eq!(thermostat.set_target(6), Ok(()));
        assert_eq!(thermostat.tick(5), Mode::Heating);
        assert_eq!(thermostat.tick(9), Mode::Cooling);
        assert_eq!(thermostat.set_target(0), Err(Refused::TooCold));
        assert_eq!(thermostat.tick(6), Mode::Off);
        assert_eq!(thermostat.mode(), Mode::Off);
    }

    #[test]
    fn thermostat_tick_returns_off_2() {
        // Covers line 93 `self.mode == Mode::Off` true; line 99 `self.mode == Mode::Off` true;
        //     line 99 `self.mode == Mode::Off` false; line 102 `target < 5` true;
        //     line 116 `self.mode == Mode::Off` true; line 116 `self.mode == Mode::Off` false;
        //     line 120 `temperature < self.target` false;
        //     line 122 `temperature > self.target + 2` true; and 4 more.
        let mut thermostat = Thermostat::new(0);
        assert_eq!(thermostat.set_target(0), Err(Refused::NotRunning));
        assert_eq!(thermostat.tick(0), Mode::Off);
        thermostat.switch_on();
        assert_eq!(thermostat.tick(5), Mode::Idle);
        assert_eq!(thermostat.tick(8), Mode::Cooling);
        assert_eq!(thermostat.set_target(0), Err(Refused::TooCold));
        assert_eq!(thermostat.tick(6), Mode::Off);
        assert_eq!(thermostat.mode(), Mode::Off);
    }

    #[test]
    fn thermostat_set_target_returns_err_too_hot() {
        // Covers line 93 `self.mode == Mode::Off` true; line 99 `self.mode == Mode::Off` false;
        //     line 102 `target < 5` false; line 105 `target > 30` true;
        //     line 105 `target > 30` false; line 116 `self.mode == Mode::Off` false;
        //     line 120 `temperature < self.target` true;
        //     line 120 `temperature < self.target` false; and 3 more.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.set_target(19), Ok(()));
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(21), Mode::Idle);
        assert_eq!(thermostat.set_target(31), Err(Refused::TooHot));
        assert_eq!(thermostat.mode(), Mode::Idle);
    }

    #[test]
    fn thermostat_tick_returns_off_3() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 99 `self.mode == Mode::Off` false; line 102 `target < 5` true;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` false;
        //     line 122 `temperature > self.target + 2` true;
        //     line 122 `temperature > self.target + 2` false; and 3 more.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.tick(8), Mode::Cooling);
        thermostat.switch_on();
        assert_eq!(thermostat.tick(5), Mode::Idle);
        assert_eq!(thermostat.set_target(4), Err(Refused::TooCold));
        assert_eq!(thermostat.tick(6), Mode::Off);
        assert_eq!(thermostat.mode(), Mode::Off);
    }

    #[test]
    fn thermostat_switch_on_returns() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 99 `self.mode == Mode::Off` true; line 99 `self.mode == Mode::Off` false;
        //     line 102 `target < 5` false; line 105 `target > 30` false.
        let mut thermostat = Thermostat::new(0);
        assert_eq!(thermostat.set_target(0), Err(Refused::NotRunning));
        thermostat.switch_on();
        assert_eq!(thermostat.set_target(5), Ok(()));
        thermostat.switch_on();
        assert_eq!(thermostat.mode(), Mode::Idle);
    }

    #[test]
    fn thermostat_set_target_returns_ok() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 99 `self.mode == Mode::Off` false; line 102 `target < 5` false;
        //     line 105 `target > 30` true; line 105 `target > 30` false;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` true.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.set_target(31), Err(Refused::TooHot));
        thermostat.switch_on();
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.set_target(5), Ok(()));
        assert_eq!(thermostat.mode(), Mode::Heating);
    }

    #[test]
    fn thermostat_set_target_returns_ok_2() {
        // Covers line 93 `self.mode == Mode::Off` true; line 99 `self.mode == Mode::Off` false;
        //     line 102 `target < 5` false; line 105 `target > 30` false;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` true;
        //     line 120 `temperature < self.target` false;
        //     line 122 `temperature > self.target + 2` false; and 2 more.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.set_target(19), Ok(()));
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(21), Mode::Idle);
        assert_eq!(thermostat.set_target(30), Ok(()));
        assert_eq!(thermostat.mode(), Mode::Idle);
    }

    #[test]
    fn thermostat_tick_returns_cooling() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 99 `self.mode == Mode::Off` false; line 102 `target < 5` true;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` true;
        //     line 120 `temperature < self.target` false;
        //     line 122 `temperature > self.target + 2` true.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        thermostat.switch_on();
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.set_target(0), Err(Refused::TooCold));
        assert_eq!(thermostat.tick(8), Mode::Cooling);
        assert_eq!(thermostat.mode(), Mode::Cooling);
    }

    #[test]
    fn thermostat_switch_on_returns_2() {
        // Covers line 93 `self.mode == Mode::Off` true; line 93 `self.mode == Mode::Off` false;
        //     line 116 `self.mode == Mode::Off` false; line 120 `temperature < self.target` true.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.tick(0), Mode::Heating);
        thermostat.switch_on();
        assert_eq!(thermostat.mode(), Mode::Heating);
    }

    #[test]
    fn thermostat_tick_returns_off_4() {
        // Covers line 93 `self.mode == Mode::Off` true; line 116 `self.mode == Mode::Off` false;
        //     line 120 `temperature < self.target` true;
        //     line 120 `temperature < self.target` false;
        //     line 122 `temperature > self.target + 2` false; line 124 `self.readings >= 3` true;
        //     line 124 `(temperature - self.target).abs() <= 1` true.
        let mut thermostat = Thermostat::new(0);
        thermostat.switch_on();
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(0), Mode::Heating);
        assert_eq!(thermostat.tick(5), Mode::Off);
        assert_eq!(thermostat.mode(), Mode::Off);
    }
}
// @end generated by `cargo symtest`
