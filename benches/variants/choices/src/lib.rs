//! Functions over enums of many variants, whose branches need one variant of each parameter
//! and field values related to the other parameters'.

use symtest_runtime::symtest;

/// A command of a small machine.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    Noop,
    Move { dx: i32, dy: i32 },
    Turn(i16),
    Say(u8),
    Wait(u32),
    Jump { height: u32 },
    Stop,
    Reset,
    Load(u16),
    Save(u16),
    Beep,
    Halt,
}

/// Whether `second` undoes `first`: a save to the slot a load read, a move back, a turn back.
#[symtest]
pub fn undoes(first: Command, second: Command) -> bool {
    match first {
        Command::Load(slot) => match second {
            Command::Save(other) if other == slot.wrapping_add(1000) => true,
            Command::Save(_) | Command::Beep => false,
            _ => false,
        },
        Command::Move { dx, dy } => match second {
            Command::Move { dx: back_x, dy: back_y } if back_x == -dx && back_y == -dy => true,
            _ => false,
        },
        Command::Turn(angle) => matches!(second, Command::Turn(back) if back == -angle),
        _ => false,
    }
}

/// A traffic light.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Light {
    Red { since: u32 },
    RedAmber { since: u32 },
    Green { since: u32 },
    Amber { since: u32 },
    Flashing,
    Off,
}

/// What happens to a light.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    Tick(u32),
    Fault { code: u16 },
    Repair { code: u16 },
    PowerOff,
    PowerOn,
    Pedestrian,
}

/// The light after `event`: ticks move it on once its phase has lasted long enough, a fault
/// makes it flash, and only the repair with the fault's code (as the caller passes it) ends it.
#[symtest]
pub fn step(light: Light, event: Event, fault: u16) -> Light {
    match event {
        Event::PowerOff => Light::Off,
        Event::PowerOn => {
            if let Light::Off = light {
                Light::Red { since: 0 }
            } else {
                light
            }
        }
        Event::Fault { code } if code != 0 => Light::Flashing,
        Event::Fault { .. } => light,
        Event::Repair { code } => match light {
            Light::Flashing if code == fault => Light::Red { since: 0 },
            _ => light,
        },
        Event::Pedestrian => match light {
            Light::Green { since } if since > 30 => Light::Amber { since: 0 },
            _ => light,
        },
        Event::Tick(now) => match light {
            Light::Red { since } if now.wrapping_sub(since) >= 60 => Light::RedAmber { since: now },
            Light::RedAmber { since } if now.wrapping_sub(since) >= 2 => Light::Green { since: now },
            Light::Green { since } if now.wrapping_sub(since) >= 90 => Light::Amber { since: now },
            Light::Amber { since } if now.wrapping_sub(since) >= 3 => Light::Red { since: now },
            _ => light,
        },
    }
}

/// A subscription plan.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Plan {
    Free,
    Basic { seats: u16 },
    Team { seats: u16, annual: bool },
    Enterprise { seats: u32, discount: u8 },
    Trial { days_left: u8 },
    Legacy(u32),
}

/// The monthly price in cents of `plan` for `users` users; `None` when the plan has too few
/// seats.
#[symtest]
pub fn price(plan: &Plan, users: u32) -> Option<u64> {
    let cents = match *plan {
        Plan::Free | Plan::Trial { .. } => 0,
        Plan::Basic { seats } if users <= u32::from(seats) => 500 * u64::from(seats),
        Plan::Team { seats, annual } if users <= u32::from(seats) => {
            let monthly = 1_200 * u64::from(seats);
            if annual { monthly * 10 / 12 } else { monthly }
        }
        Plan::Enterprise { seats, discount } if users <= seats => {
            let full = 2_000 * u64::from(seats);
            if discount > 50 {
                return None;
            }
            full - full * u64::from(discount) / 100
        }
        Plan::Legacy(cents) if cents == users * 7 + 13 => u64::from(cents),
        _ => return None,
    };
    Some(cents)
}
