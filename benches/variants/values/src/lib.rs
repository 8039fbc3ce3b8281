//! Functions whose `match` arms test the values of an enum variant's fields: an arm is taken
//! by one variant with particular field values, not by the variant alone.

use symtest_runtime::symtest;

/// A packet of a small protocol.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Packet {
    Ping,
    Data { port: u16, len: u32 },
    Ack(u32),
    Nack(u32, u8),
    Close { code: u16 },
    Pong,
    Reset(u8),
}

/// Which handler a packet goes to.
#[symtest]
pub fn route(packet: Packet) -> &'static str {
    match packet {
        Packet::Data { port: 8_080, len: 0 } => "empty web request",
        Packet::Data { port: 8_080, len: 1..=1_500 } => "web request",
        Packet::Data { port: 53, .. } => "dns",
        Packet::Ack(0xffff_fffe) => "ack before wrap",
        Packet::Nack(_, 7) => "retry",
        Packet::Close { code: 1_000 } => "normal close",
        Packet::Close { code: 4_000..=4_999 } => "application close",
        Packet::Reset(0) => "clean reset",
        _ => "other",
    }
}

/// An instruction of a small stack machine.
#[symtest]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    Push(i32),
    Pop,
    Add,
    Div(i32),
    Jump { to: u16, when: bool },
    Call { target: u16, args: u8 },
    Halt(u8),
}

/// What a peephole pass does with two instructions in a row.
#[symtest]
pub fn peephole(first: Op, second: Op) -> &'static str {
    match (first, second) {
        (Op::Push(0), Op::Add) => "drop both",
        (Op::Push(_), Op::Pop) => "drop both",
        (Op::Push(1), Op::Div(_)) | (_, Op::Div(1)) => "drop the division",
        (_, Op::Div(0)) => "division by zero",
        (Op::Jump { to: 0, when: true }, _) => "loop forever",
        (Op::Call { args: 0, .. }, Op::Halt(0)) => "tail call",
        (Op::Halt(code), _) if code > 200 => "abort",
        _ => "keep",
    }
}
