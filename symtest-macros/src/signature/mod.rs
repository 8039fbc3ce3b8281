//! How each parameter is built and each type is named: the signature's parameters and what
//! builds them from genes, closures, the types chosen for generic code, recursive types,
//! lifetimes, the names a generated test module may use, formatter parameters and the classes of
//! returned values. Imports only `source`.

pub mod closures;
pub mod formatter;
pub mod generics;
pub mod lifetimes;
pub mod outputs;
pub mod parameters;
pub mod recursion;
pub mod scope;
