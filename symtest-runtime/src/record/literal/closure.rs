//! Literals of closures: the closure a person writes for the family the genes pick
//! (see `genes::closure`): `|_| 3`, `|c| c == '-'`, `|n| match *n { 1 => 'a', _ => 'b' }`,
//! `|x| x`.

use super::Literal;
use crate::record::closure::{Closure, ClosureSpec, Family};

impl<K, R, const SPEC: u32> Literal for Closure<K, R, SPEC>
where
    K: Literal + PartialEq + 'static,
    R: Literal,
{
    fn literal(&self) -> String {
        let spec = self.spec();
        let key = name_of::<K>();
        let returned = name_of::<R>();
        let deref = |deref: bool, name: &str| match deref {
            true => format!("*{name}"),
            false => name.to_string(),
        };
        let value = |value: &R| match value.literal().as_str() {
            "()" => "{}".to_string(),
            text => text.to_string(),
        };
        match self.family() {
            Family::Constant => format!("{} {}", params(spec, None), value(&self.constant())),
            Family::Compare => format!(
                "{} {} {} {}",
                params(spec, Some((spec.key, key))),
                deref(spec.key_deref, key),
                self.op().symbol(),
                key_literal(&self.key())
            ),
            Family::Table => {
                let entries = self.entries();
                if entries.is_empty() {
                    return format!("{} {}", params(spec, None), value(&self.constant()));
                }
                let arms: Vec<String> = entries
                    .iter()
                    .map(|(key, returned)| format!("{} => {}", key_literal(key), value(returned)))
                    .chain([format!("_ => {}", value(&self.constant()))])
                    .collect();
                format!(
                    "{} match {} {{ {} }}",
                    params(spec, Some((spec.key, key))),
                    deref(spec.key_deref, key),
                    arms.join(", ")
                )
            }
            Family::Pass => format!(
                "{} {}",
                params(spec, Some((spec.pass, returned))),
                deref(spec.pass_deref, returned)
            ),
        }
    }
}

/// A key as the closure's text compares it: a `String` key as the `str` literal the
/// argument, a `&str`, compares with (`s < "b"`: a `&str` has no order with a `String`).
fn key_literal<K: Literal + 'static>(key: &K) -> String {
    match (key as &dyn std::any::Any).downcast_ref::<String>() {
        Some(text) => text.as_str().literal(),
        None => key.literal(),
    }
}

/// `|_|`, `|c, _|`: the closure's parameters, the one it uses named.
fn params(spec: ClosureSpec, used: Option<(u32, &str)>) -> String {
    let names: Vec<&str> = (0..spec.arity)
        .map(|at| match used {
            Some((index, name)) if index == at => name,
            _ => "_",
        })
        .collect();
    format!("|{}|", names.join(", "))
}

/// The name a person gives an argument of type `T`: `c` for a `char`, `s` for a string, `n`
/// for an integer, `x` otherwise.
fn name_of<T>() -> &'static str {
    match std::any::type_name::<T>() {
        "char" => "c",
        "&str" | "alloc::string::String" => "s",
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64" | "i128"
        | "isize" => "n",
        _ => "x",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::{Input, Value, gene_of_char};

    fn spec(arity: u32, key: u32, key_deref: bool) -> ClosureSpec {
        ClosureSpec {
            arity,
            key,
            key_deref,
            pass: 0,
            pass_deref: false,
            compare: true,
            table: true,
            passes: true,
        }
    }

    fn closure<K: Input, R: Input, const SPEC: u32>(genes: Vec<Value>) -> Closure<K, R, SPEC> {
        Closure::decode(&Value::List(genes))
    }

    const ONE: u32 = ClosureSpec {
        arity: 1,
        key: 0,
        key_deref: false,
        pass: 0,
        pass_deref: false,
        compare: true,
        table: true,
        passes: true,
    }
    .encode();

    #[test]
    fn each_family_reads_as_the_closure_a_person_writes() {
        assert_eq!(spec(1, 0, false).encode(), ONE);
        let c = Value::Int(gene_of_char('-'));
        let no_table = Value::List(vec![]);
        let constant: Closure<char, bool, ONE> = closure(vec![
            Value::Int(0),
            Value::Int(1),
            Value::Int(0),
            c.clone(),
            no_table.clone(),
        ]);
        assert_eq!(constant.literal(), "|_| true");
        let compare: Closure<char, bool, ONE> = closure(vec![
            Value::Int(1),
            Value::Int(0),
            Value::Int(0),
            c.clone(),
            no_table.clone(),
        ]);
        assert_eq!(compare.literal(), "|c| c == '-'");
        let entry = |key: char, value: u128| {
            Value::List(vec![Value::Int(gene_of_char(key)), Value::Int(value)])
        };
        let table: Closure<char, bool, ONE> = closure(vec![
            Value::Int(2),
            Value::Int(0),
            Value::Int(0),
            c.clone(),
            Value::List(vec![entry('a', 1), entry('b', 0), entry('a', 0)]),
        ]);
        assert_eq!(
            table.literal(),
            "|c| match c { 'a' => true, 'b' => false, _ => false }",
            "a key's later entries are left out, as unreachable arms"
        );
        let pass: Closure<char, char, ONE> =
            closure(vec![Value::Int(3), c.clone(), Value::Int(0), c, no_table]);
        assert_eq!(pass.literal(), "|c| c");
    }

    #[test]
    fn the_unused_arguments_are_blanks_and_references_are_dereferenced() {
        const SECOND: u32 = ClosureSpec {
            arity: 2,
            key: 1,
            key_deref: true,
            pass: 0,
            pass_deref: false,
            compare: true,
            table: false,
            passes: false,
        }
        .encode();
        let genes = |family| {
            vec![
                Value::Int(family),
                Value::List(vec![]),
                Value::Int(2),
                Value::Int(10),
                Value::List(vec![]),
            ]
        };
        let compare: Closure<u32, bool, SECOND> = closure(genes(1));
        assert_eq!(compare.literal(), "|_, n| *n < 10");
        let constant: Closure<u32, (), SECOND> = closure(genes(0));
        assert_eq!(constant.literal(), "|_, _| {}");
    }
}
