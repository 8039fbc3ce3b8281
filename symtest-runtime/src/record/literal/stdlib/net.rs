//! `std::net`: addresses by constructor (`std::net::Ipv4Addr::new(192, 168, 0, 1)`, IPv6
//! segments above 9 in hex as in RFC 5952), or by the constant the type names the value with
//! (`LOCALHOST`, `UNSPECIFIED`, `BROADCAST`); an address of either family as its variant.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::{Literal, call, named};

/// `{path}::{name}` where `value` is one of `constants`, else `{path}::new(…)` of `args`.
fn named_or_new<T: PartialEq>(
    value: &T,
    path: &str,
    constants: &[(T, &str)],
    args: impl FnOnce() -> Vec<String>,
) -> String {
    named(value, path, constants).unwrap_or_else(|| format!("{path}::new({})", args().join(", ")))
}

impl Literal for Ipv4Addr {
    fn literal(&self) -> String {
        let constants = [
            (Ipv4Addr::LOCALHOST, "LOCALHOST"),
            (Ipv4Addr::UNSPECIFIED, "UNSPECIFIED"),
            (Ipv4Addr::BROADCAST, "BROADCAST"),
        ];
        named_or_new(self, "std::net::Ipv4Addr", &constants, || {
            self.octets().map(|octet| octet.to_string()).to_vec()
        })
    }
}

impl Literal for Ipv6Addr {
    fn literal(&self) -> String {
        let constants = [
            (Ipv6Addr::LOCALHOST, "LOCALHOST"),
            (Ipv6Addr::UNSPECIFIED, "UNSPECIFIED"),
        ];
        named_or_new(self, "std::net::Ipv6Addr", &constants, || {
            self.segments()
                .map(|segment| match segment {
                    0..=9 => segment.to_string(),
                    _ => format!("{segment:#x}"),
                })
                .to_vec()
        })
    }
}

/// The variant and its payload: `std::net::IpAddr::V4(…)`.
macro_rules! either_family_literals {
    ($($ty:ident),*) => {$(
        impl Literal for $ty {
            fn literal(&self) -> String {
                match self {
                    $ty::V4(v4) => call(concat!("std::net::", stringify!($ty), "::V4"), &[v4]),
                    $ty::V6(v6) => call(concat!("std::net::", stringify!($ty), "::V6"), &[v6]),
                }
            }
        }
    )*};
}

either_family_literals!(IpAddr, SocketAddr);

impl Literal for SocketAddrV4 {
    fn literal(&self) -> String {
        call("std::net::SocketAddrV4::new", &[self.ip(), &self.port()])
    }
}

impl Literal for SocketAddrV6 {
    fn literal(&self) -> String {
        call(
            "std::net::SocketAddrV6::new",
            &[self.ip(), &self.port(), &self.flowinfo(), &self.scope_id()],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn addresses_render_by_constructor_or_by_name() {
        assert_literals!(
            Ipv4Addr::new(192, 168, 0, 1) => "std::net::Ipv4Addr::new(192, 168, 0, 1)",
            Ipv4Addr::new(127, 0, 0, 1) => "std::net::Ipv4Addr::LOCALHOST",
            Ipv4Addr::new(0, 0, 0, 0) => "std::net::Ipv4Addr::UNSPECIFIED",
            Ipv4Addr::new(255, 255, 255, 255) => "std::net::Ipv4Addr::BROADCAST",
            Ipv4Addr::new(127, 0, 0, 2) => "std::net::Ipv4Addr::new(127, 0, 0, 2)",
            Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)
                => "std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)",
            Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 10, 9)
                => "std::net::Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0xa, 9)",
            Ipv6Addr::LOCALHOST => "std::net::Ipv6Addr::LOCALHOST",
            Ipv6Addr::UNSPECIFIED => "std::net::Ipv6Addr::UNSPECIFIED",
        );
    }

    #[test]
    fn either_family_renders_as_its_variant() {
        assert_literals!(
            IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1))
                => "std::net::IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1))",
            IpAddr::V6(Ipv6Addr::LOCALHOST) => "std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)",
            SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080)
                => "std::net::SocketAddrV4::new(std::net::Ipv4Addr::LOCALHOST, 8080)",
            SocketAddrV6::new(Ipv6Addr::LOCALHOST, u16::MAX, 0, 3)
                => "std::net::SocketAddrV6::new(std::net::Ipv6Addr::LOCALHOST, u16::MAX, 0, 3)",
            SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, 0))
                => "std::net::SocketAddr::V4(std::net::SocketAddrV4::new(std::net::Ipv4Addr::UNSPECIFIED, 0))",
            SocketAddr::V6(SocketAddrV6::new(Ipv6Addr::UNSPECIFIED, 443, 1, 0))
                => "std::net::SocketAddr::V6(std::net::SocketAddrV6::new(std::net::Ipv6Addr::UNSPECIFIED, 443, 1, 0))",
        );
    }
}
