//! Types whose seeded bugs show in particular object states only. `SEEDED_BUG=k` in the
//! environment switches bug `k` on; the methods call [`seeded`] without branching on it, and
//! compute the states that show a bug without comparisons, so the bugs add no branch. A suite
//! catches a bug when a test reaches the state and a call or inspector then reads it.
//! `benches/fields/run.sh` generates tests with the bugs off and counts the bugs each suite
//! catches when they are on.

use symtest_runtime::symtest;

/// 1 when bug `k` is switched on, else 0.
fn seeded(k: u32) -> u32 {
    u32::from(std::env::var("SEEDED_BUG").is_ok_and(|bug| bug == k.to_string()))
}

/// 1 when `n` is at least `at` (for `at` ≥ 1), else 0, without a comparison.
fn from(n: usize, at: usize) -> usize {
    (n / at).min(1)
}

/// A first-in, first-out queue of readings. Bug 1: its length is one short once it holds four
/// or more.
#[derive(Debug)]
pub struct Queue {
    items: Vec<i32>,
}

#[symtest]
impl Queue {
    pub fn new() -> Queue {
        Queue { items: Vec::new() }
    }

    pub fn push(&mut self, item: i32) {
        self.items.push(item);
    }

    pub fn pop(&mut self) -> Option<i32> {
        if self.items.is_empty() {
            None
        } else {
            Some(self.items.remove(0))
        }
    }

    pub fn len(&self) -> usize {
        self.items.len() - seeded(1) as usize * from(self.items.len(), 4)
    }
}

/// An account that may be overdrawn down to -100. Bug 2: the fee of an overdrawn account is
/// one too low.
#[derive(Debug)]
pub struct Account {
    balance: i64,
    frozen: bool,
}

#[symtest]
impl Account {
    pub fn open(deposit: u16) -> Account {
        Account {
            balance: i64::from(deposit),
            frozen: false,
        }
    }

    pub fn withdraw(&mut self, amount: u16) -> Result<i64, &'static str> {
        if self.frozen {
            return Err("frozen");
        }
        let after = self.balance - i64::from(amount);
        if after < -100 {
            return Err("over the limit");
        }
        self.balance = after;
        Ok(after)
    }

    pub fn freeze(&mut self) {
        self.frozen = true;
    }

    /// 2 per started 100 owed, none in credit.
    pub fn fee(&self) -> i64 {
        let owed = (-self.balance).max(0);
        // 1 when the balance is negative, 0 otherwise.
        let overdrawn = (1 - self.balance.signum()) / 2;
        2 * ((owed + 99) / 100) - i64::from(seeded(2)) * overdrawn
    }
}

/// A counter that counts double while armed. Bug 3: armed, it counts triple.
#[derive(Debug)]
pub struct Trigger {
    armed: bool,
    count: u32,
}

#[symtest]
impl Trigger {
    pub fn new() -> Trigger {
        Trigger {
            armed: false,
            count: 0,
        }
    }

    pub fn arm(&mut self) {
        self.armed = true;
    }

    pub fn disarm(&mut self) {
        self.armed = false;
    }

    pub fn fire(&mut self) -> u32 {
        self.count += 1 + u32::from(self.armed) * (1 + seeded(3));
        self.count
    }
}

/// A meter of units used. Bug 4: from ten units on, its display drops a digit's worth.
#[derive(Debug)]
pub struct Meter {
    units: u32,
}

#[symtest]
impl Meter {
    pub fn new() -> Meter {
        Meter { units: 0 }
    }

    pub fn record(&mut self, used: u8) -> u32 {
        self.units = self.units.saturating_add(u32::from(used));
        self.units
    }

    pub fn reset(&mut self) {
        self.units = 0;
    }

    pub fn digits(&self) -> u32 {
        let tens = from(self.units as usize, 10) as u32;
        self.units.checked_ilog10().unwrap_or(0) + 1 - seeded(4) * tens
    }
}

/// A door that is opened, closed and locked. Bug 5: a locked door reports the code of a
/// closed one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorState {
    Open,
    Closed,
    Locked,
}

#[derive(Debug)]
pub struct Door {
    state: DoorState,
}

#[symtest]
impl Door {
    pub fn new() -> Door {
        Door {
            state: DoorState::Open,
        }
    }

    pub fn close(&mut self) -> bool {
        match self.state {
            DoorState::Open => {
                self.state = DoorState::Closed;
                true
            }
            _ => false,
        }
    }

    pub fn lock(&mut self) -> bool {
        match self.state {
            DoorState::Closed => {
                self.state = DoorState::Locked;
                true
            }
            _ => false,
        }
    }

    pub fn open(&mut self) -> bool {
        match self.state {
            DoorState::Closed => {
                self.state = DoorState::Open;
                true
            }
            _ => false,
        }
    }

    pub fn code(&self) -> u32 {
        let locked = self.state as u32 / 2;
        self.state as u32 - seeded(5) * locked
    }
}
