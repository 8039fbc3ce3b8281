//! Impl blocks with many branches, several of them reached only by calls in a set order or
//! with arguments related to what earlier calls stored: what a search over call sequences is
//! measured on (`benches/sequences/run.sh`). Each type is a small model of something real: a
//! connection's handshake, an editor's buffer, a bounded inventory, an elevator.

use symtest_runtime::symtest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Closed,
    Listening,
    SynReceived,
    Established,
    Closing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    WrongState,
    PrivilegedPort,
    BadAck,
    WindowFull,
    Empty,
    Reset,
}

/// The server side of a TCP-like handshake, with a send window and retries.
#[derive(Debug)]
pub struct Connection {
    state: State,
    port: u16,
    initial: u32,
    window: u16,
    sent: u32,
    retries: u8,
}

#[symtest]
impl Connection {
    pub fn new() -> Connection {
        Connection {
            state: State::Closed,
            port: 0,
            initial: 0,
            window: 0,
            sent: 0,
            retries: 0,
        }
    }

    pub fn listen(&mut self, port: u16) -> Result<(), Refusal> {
        if self.state != State::Closed {
            return Err(Refusal::WrongState);
        }
        if port < 1024 {
            return Err(Refusal::PrivilegedPort);
        }
        self.port = port;
        self.state = State::Listening;
        Ok(())
    }

    pub fn syn(&mut self, sequence: u32) -> Result<(), Refusal> {
        if self.state != State::Listening {
            return Err(Refusal::WrongState);
        }
        self.initial = sequence;
        self.state = State::SynReceived;
        Ok(())
    }

    /// The acknowledgement must be one past the sequence number the `syn` carried.
    pub fn ack(&mut self, number: u32, window: u16) -> Result<(), Refusal> {
        if self.state != State::SynReceived {
            return Err(Refusal::WrongState);
        }
        if number != self.initial.wrapping_add(1) {
            self.retries += 1;
            if self.retries >= 3 {
                self.state = State::Closed;
                return Err(Refusal::Reset);
            }
            return Err(Refusal::BadAck);
        }
        self.window = window;
        self.state = State::Established;
        Ok(())
    }

    pub fn send(&mut self, length: u16) -> Result<u32, Refusal> {
        if self.state != State::Established {
            return Err(Refusal::WrongState);
        }
        if length == 0 {
            return Err(Refusal::Empty);
        }
        if length > self.window {
            return Err(Refusal::WindowFull);
        }
        self.window -= length;
        self.sent += u32::from(length);
        Ok(self.sent)
    }

    pub fn close(&mut self) -> State {
        self.state = match self.state {
            State::Established if self.sent > 0 => State::Closing,
            State::Closing => State::Closed,
            State::Listening | State::SynReceived | State::Established => State::Closed,
            State::Closed => State::Closed,
        };
        self.state
    }
}

/// A line editor: a buffer of at most 16 characters, a cursor, and an undo history of 4.
#[derive(Debug)]
pub struct Editor {
    text: Vec<char>,
    cursor: usize,
    history: Vec<(Vec<char>, usize)>,
}

#[symtest]
impl Editor {
    pub fn new() -> Editor {
        Editor {
            text: Vec::new(),
            cursor: 0,
            history: Vec::new(),
        }
    }

    fn remember(&mut self) {
        if self.history.len() == 4 {
            self.history.remove(0);
        }
        self.history.push((self.text.clone(), self.cursor));
    }

    pub fn insert(&mut self, c: char) -> bool {
        if self.text.len() >= 16 {
            return false;
        }
        if c.is_control() {
            return false;
        }
        self.remember();
        self.text.insert(self.cursor, c);
        self.cursor += 1;
        true
    }

    pub fn backspace(&mut self) -> Option<char> {
        if self.cursor == 0 {
            return None;
        }
        self.remember();
        self.cursor -= 1;
        Some(self.text.remove(self.cursor))
    }

    pub fn left(&mut self) -> usize {
        if self.cursor > 0 {
            self.cursor -= 1;
        }
        self.cursor
    }

    pub fn home(&mut self) {
        self.cursor = 0;
    }

    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((text, cursor)) => {
                self.text = text;
                self.cursor = cursor;
                true
            }
            None => false,
        }
    }

    /// The word under the cursor's left, as the editor would select it.
    pub fn word(&self) -> Option<String> {
        if self.cursor == 0 {
            return None;
        }
        let mut start = self.cursor;
        while start > 0 && self.text[start - 1].is_alphanumeric() {
            start -= 1;
        }
        if start == self.cursor {
            return None;
        }
        Some(self.text[start..self.cursor].iter().collect())
    }

    /// Whether the buffer reads the same both ways (at least three characters).
    pub fn is_palindrome(&self) -> bool {
        if self.text.len() < 3 {
            return false;
        }
        let mut ends = self.text.iter().zip(self.text.iter().rev());
        ends.all(|(a, b)| a == b)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortage {
    NoSlot,
    TooMany,
    Missing(u32),
    Unknown,
}

/// An inventory of at most `slots` kinds of item, each at most 1,000, with a reorder level.
#[derive(Debug)]
pub struct Inventory {
    slots: usize,
    items: Vec<(u16, u32)>,
    reorder: u32,
}

#[symtest]
impl Inventory {
    pub fn with_slots(slots: u8, reorder: u16) -> Option<Inventory> {
        if slots == 0 || slots > 8 {
            return None;
        }
        Some(Inventory {
            slots: usize::from(slots),
            items: Vec::new(),
            reorder: u32::from(reorder),
        })
    }

    pub fn add(&mut self, item: u16, count: u16) -> Result<u32, Shortage> {
        if let Some(entry) = self.items.iter_mut().find(|(id, _)| *id == item) {
            let total = entry.1 + u32::from(count);
            if total > 1000 {
                return Err(Shortage::TooMany);
            }
            entry.1 = total;
            return Ok(total);
        }
        if self.items.len() == self.slots {
            return Err(Shortage::NoSlot);
        }
        if count > 1000 {
            return Err(Shortage::TooMany);
        }
        self.items.push((item, u32::from(count)));
        Ok(u32::from(count))
    }

    pub fn take(&mut self, item: u16, count: u16) -> Result<u32, Shortage> {
        let Some(index) = self.items.iter().position(|(id, _)| *id == item) else {
            return Err(Shortage::Unknown);
        };
        let held = self.items[index].1;
        let count = u32::from(count);
        if count > held {
            return Err(Shortage::Missing(count - held));
        }
        if count == held {
            self.items.remove(index);
            return Ok(0);
        }
        self.items[index].1 = held - count;
        Ok(held - count)
    }

    /// Items at or below the reorder level, but not empty.
    pub fn to_reorder(&self) -> usize {
        let mut low = 0;
        for &(_, count) in &self.items {
            if count <= self.reorder {
                low += 1;
            }
        }
        low
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Idle,
    Up,
    Down,
    Arrived(u8),
    Stopped,
}

/// An elevator serving floors `0..floors`, one request at a time, with an emergency stop that
/// only the service code `floors * 7 + current floor` releases.
#[derive(Debug)]
pub struct Elevator {
    floors: u8,
    floor: u8,
    request: Option<u8>,
    stopped: bool,
    trips: u32,
}

#[symtest]
impl Elevator {
    pub fn new(floors: u8) -> Option<Elevator> {
        if !(2..=40).contains(&floors) {
            return None;
        }
        Some(Elevator {
            floors,
            floor: 0,
            request: None,
            stopped: false,
            trips: 0,
        })
    }

    pub fn call(&mut self, floor: u8) -> bool {
        if self.stopped || floor >= self.floors {
            return false;
        }
        if self.request.is_some() {
            return false;
        }
        self.request = Some(floor);
        true
    }

    pub fn step(&mut self) -> Event {
        if self.stopped {
            return Event::Stopped;
        }
        let Some(target) = self.request else {
            return Event::Idle;
        };
        if target > self.floor {
            self.floor += 1;
            Event::Up
        } else if target < self.floor {
            self.floor -= 1;
            Event::Down
        } else {
            self.request = None;
            self.trips += 1;
            Event::Arrived(self.floor)
        }
    }

    pub fn emergency(&mut self) {
        self.stopped = true;
        self.request = None;
    }

    pub fn release(&mut self, code: u32) -> bool {
        if !self.stopped {
            return false;
        }
        if code != u32::from(self.floors) * 7 + u32::from(self.floor) {
            return false;
        }
        self.stopped = false;
        true
    }

    /// Whether the elevator is due for service: every tenth trip.
    pub fn service_due(&self) -> bool {
        self.trips > 0 && self.trips % 10 == 0
    }
}
