//! `std::net`: an address as its octets or segments, one gene each, so the networks code tests
//! for (`10.x`, `192.168.x`, `127.x`, `fe80::`) are a few moves of one gene away; an address
//! of either family as a tag and both; a socket address as its address and port.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::{enum_shape, payload, variant};
use crate::genes::{Input, Shape, Value};

/// Four `u8` genes, first octet first: the zero genes are `0.0.0.0`.
impl Input for Ipv4Addr {
    fn shape() -> Shape {
        <[u8; 4]>::shape()
    }
    fn decode(value: &Value) -> Self {
        Ipv4Addr::from(<[u8; 4]>::decode(value))
    }
}

/// Eight `u16` genes, first segment first: the zero genes are `::`.
impl Input for Ipv6Addr {
    fn shape() -> Shape {
        <[u16; 8]>::shape()
    }
    fn decode(value: &Value) -> Self {
        Ipv6Addr::from(<[u16; 8]>::decode(value))
    }
}

/// The genes of an address of either family: the two variants' payloads laid out as
/// `#[symtest]` lays out an enum, `V4` first (the variant not chosen keeps evolving).
macro_rules! either_family_inputs {
    ($($ty:ident($v4:ty, $v6:ty): $zero:literal),* $(,)?) => {$(
        #[doc = concat!("`V4` or `V6`, as an enum's tag and both payloads: the zero genes are `", $zero, "`.")]
        impl Input for $ty {
            const VARIANTS: &'static [(&'static str, &'static [&'static str])] =
                &[("V4", &[]), ("V6", &[])];

            fn shape() -> Shape {
                enum_shape(vec![vec![<$v4>::shape()], vec![<$v6>::shape()]])
            }
            fn decode(value: &Value) -> Self {
                match variant(value, 2) {
                    0 => $ty::V4(<$v4>::decode(payload(value, 0, 0))),
                    _ => $ty::V6(<$v6>::decode(payload(value, 1, 0))),
                }
            }
            fn tag(&self) -> u32 {
                u32::from(self.is_ipv6())
            }
        }
    )*};
}

either_family_inputs!(
    IpAddr(Ipv4Addr, Ipv6Addr): "0.0.0.0",
    SocketAddr(SocketAddrV4, SocketAddrV6): "0.0.0.0:0",
);

/// The address, then the port.
impl Input for SocketAddrV4 {
    fn shape() -> Shape {
        <(Ipv4Addr, u16)>::shape()
    }
    fn decode(value: &Value) -> Self {
        let (ip, port) = Input::decode(value);
        SocketAddrV4::new(ip, port)
    }
}

/// The address, the port, the flow label and the scope id.
impl Input for SocketAddrV6 {
    fn shape() -> Shape {
        <(Ipv6Addr, u16, u32, u32)>::shape()
    }
    fn decode(value: &Value) -> Self {
        let (ip, port, flowinfo, scope_id) = Input::decode(value);
        SocketAddrV6::new(ip, port, flowinfo, scope_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(genes: &[u128]) -> Value {
        Value::List(genes.iter().copied().map(Value::Int).collect())
    }

    #[test]
    fn the_simplest_genes_are_the_unspecified_addresses() {
        assert_eq!(
            Ipv4Addr::decode(&Ipv4Addr::shape().zero()),
            Ipv4Addr::UNSPECIFIED
        );
        assert_eq!(
            Ipv6Addr::decode(&Ipv6Addr::shape().zero()),
            Ipv6Addr::UNSPECIFIED
        );
        assert_eq!(
            IpAddr::decode(&IpAddr::shape().zero()),
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        );
        assert_eq!(
            SocketAddr::decode(&SocketAddr::shape().zero()),
            SocketAddr::from(([0, 0, 0, 0], 0))
        );
    }

    #[test]
    fn each_octet_or_segment_is_a_gene() {
        assert_eq!(
            Ipv4Addr::decode(&ints(&[192, 168, 0, 1])),
            Ipv4Addr::new(192, 168, 0, 1)
        );
        assert_eq!(
            Ipv6Addr::decode(&ints(&[0xfe80, 0, 0, 0, 0, 0, 0, 1])),
            Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1)
        );
        assert_eq!(
            Ipv4Addr::decode(&ints(&[10, 300])),
            Ipv4Addr::new(10, 255, 0, 0),
            "out of range clamps, missing reads as zero"
        );
    }

    #[test]
    fn either_family_is_a_tag_and_both_payloads() {
        let v4 = ints(&[127, 0, 0, 1]);
        let v6 = ints(&[0, 0, 0, 0, 0, 0, 0, 1]);
        let ip = |tag| {
            Value::List(vec![
                Value::Int(tag),
                Value::List(vec![v4.clone()]),
                Value::List(vec![v6.clone()]),
            ])
        };
        assert_eq!(IpAddr::decode(&ip(0)), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(IpAddr::decode(&ip(1)), IpAddr::V6(Ipv6Addr::LOCALHOST));
        assert_eq!(IpAddr::decode(&ip(1)).tag(), 1);
        assert_eq!(
            IpAddr::VARIANTS[IpAddr::decode(&ip(0)).tag() as usize].0,
            "V4"
        );
        let socket = |tag| {
            Value::List(vec![
                Value::Int(tag),
                Value::List(vec![Value::List(vec![v4.clone(), Value::Int(8080)])]),
                Value::List(vec![Value::List(vec![
                    v6.clone(),
                    Value::Int(443),
                    Value::Int(0),
                    Value::Int(3),
                ])]),
            ])
        };
        assert_eq!(
            SocketAddr::decode(&socket(0)),
            SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080))
        );
        assert_eq!(
            SocketAddr::decode(&socket(1)),
            SocketAddr::V6(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 443, 0, 3))
        );
    }
}
