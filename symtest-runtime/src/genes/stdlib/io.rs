//! `std::io`: an `ErrorKind` as an enum's tag over the stable kinds (in declaration order,
//! `NotFound` first); an `io::Error` as its kind and an optional message, `None` being the
//! error `io::Error::from(kind)` makes.

use std::io::{Error, ErrorKind};

use super::unit_enum_inputs;
use crate::genes::{Input, Shape, Value};

unit_enum_inputs!(KINDS: ErrorKind = [
    NotFound,
    PermissionDenied,
    ConnectionRefused,
    ConnectionReset,
    HostUnreachable,
    NetworkUnreachable,
    ConnectionAborted,
    NotConnected,
    AddrInUse,
    AddrNotAvailable,
    NetworkDown,
    BrokenPipe,
    AlreadyExists,
    WouldBlock,
    NotADirectory,
    IsADirectory,
    DirectoryNotEmpty,
    ReadOnlyFilesystem,
    StaleNetworkFileHandle,
    InvalidInput,
    InvalidData,
    TimedOut,
    WriteZero,
    StorageFull,
    NotSeekable,
    QuotaExceeded,
    FileTooLarge,
    ResourceBusy,
    ExecutableFileBusy,
    Deadlock,
    CrossesDevices,
    TooManyLinks,
    InvalidFilename,
    ArgumentListTooLong,
    Interrupted,
    Unsupported,
    UnexpectedEof,
    OutOfMemory,
    Other,
]);

/// The kind, then the message: the zero genes are `io::Error::from(ErrorKind::NotFound)`.
impl Input for Error {
    fn shape() -> Shape {
        <(ErrorKind, Option<String>)>::shape()
    }
    fn decode(value: &Value) -> Self {
        match <(ErrorKind, Option<String>)>::decode(value) {
            (kind, Some(message)) => Error::new(kind, message),
            (kind, None) => Error::from(kind),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::gene_of_char;

    #[test]
    fn the_simplest_genes_are_not_found_without_a_message() {
        assert_eq!(
            ErrorKind::decode(&ErrorKind::shape().zero()),
            ErrorKind::NotFound
        );
        let error = Error::decode(&Error::shape().zero());
        assert_eq!(error.kind(), ErrorKind::NotFound);
        assert!(error.get_ref().is_none(), "{error:?}");
    }

    #[test]
    fn the_kind_is_a_tag_and_the_message_an_option() {
        let kind = KINDS
            .iter()
            .position(|&kind| kind == ErrorKind::TimedOut)
            .unwrap_or(0);
        assert_eq!(ErrorKind::TimedOut.tag() as usize, kind);
        assert_eq!(ErrorKind::VARIANTS[kind].0, "TimedOut");
        let message = Value::List(vec![Value::Int(gene_of_char('x'))]);
        let genes = Value::List(vec![
            Value::List(vec![Value::Int(kind as u128)]),
            Value::List(vec![Value::Int(1), message]),
        ]);
        let error = Error::decode(&genes);
        assert_eq!(error.kind(), ErrorKind::TimedOut);
        assert_eq!(error.to_string(), "x");
        let last = Value::List(vec![Value::List(vec![Value::Int(u128::MAX)])]);
        assert_eq!(Error::decode(&last).kind(), ErrorKind::Other);
    }
}
