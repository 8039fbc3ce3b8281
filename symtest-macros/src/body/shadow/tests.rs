//! Template translation, patterns and the body scans.

use super::*;
use syn::Pat;

/// Every lowercase name is a local `x#0` with its own identifier.
struct AllLocals;

impl Names for AllLocals {
    fn local(&self, name: &str) -> Option<(String, Ident)> {
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            return None;
        }
        let ident = Ident::new(name, proc_macro2::Span::call_site());
        Some((name.to_string(), ident))
    }
}

/// The template as text: `STok::` paths shortened, slots as `$name`.
fn text(template: &Template) -> String {
    template
        .tokens
        .iter()
        .map(|token| match token {
            Token::Slot(index) => match &template.slots[usize::from(*index)] {
                Slot::Local(name, _) | Slot::Field(name, _) | Slot::Variant(name, _) => {
                    format!("${name}")
                }
                Slot::External(expr) => format!("${}", quote!(#expr)),
            },
            Token::Call(tokens) | Token::Other(tokens) => tokens
                .to_string()
                .replace(":: symtest_runtime :: __private :: ", "")
                .replace("STok :: ", "")
                .replace(' ', ""),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn of(source: &str) -> Option<String> {
    let expr: Expr = syn::parse_str(source).expect("test expressions parse");
    template(&expr, &AllLocals).map(|t| text(&t))
}

#[test]
fn arithmetic_wrapping_methods_casts_and_constants_translate() {
    assert_eq!(
        of("code.wrapping_mul(0x9E37_79B1) ^ MAGIC").as_deref(),
        Some(
            "$code Int(2654435761i128) Call(Method::WrappingMul,2u8) $MAGIC Binary(Binary::BitXor)"
        )
    );
    assert_eq!(
        of("(x as u64) << 3").as_deref(),
        Some("$x Cast(CastTy::Int(IntKind::U64)) Int(3i128) Binary(Binary::Shl)")
    );
    assert_eq!(
        of("a.checked_add(b).unwrap_or(0) >= -1").as_deref(),
        Some(
            "$a $b Call(Method::CheckedAdd,2u8) Int(0i128) Call(Method::UnwrapOr,2u8) \
             Int(1i128) Unary(Unary::Neg) Binary(Binary::Ge)"
        )
    );
}

#[test]
fn strings_and_chars_translate() {
    assert_eq!(
        of("s.starts_with(\"GET/\") && s.len() > 12").as_deref(),
        Some(
            "$s Str(\"GET/\") Call(Method::StartsWith,2u8) $s Call(Method::Len,1u8) \
             Int(12i128) Binary(Binary::Gt) Binary(Binary::And)"
        )
    );
    assert_eq!(
        of("s.chars().nth(1)?").as_deref(),
        Some("$s Int(1i128) Call(Method::CharAt,2u8)")
    );
    assert_eq!(
        of("s.chars().next()").as_deref(),
        Some("$s Int(0i128) Call(Method::CharAt,2u8)")
    );
    assert_eq!(
        of("s.as_bytes()[i]").as_deref(),
        Some("$s $i Call(Method::ByteAt,2u8)")
    );
    assert_eq!(
        of("c.to_digit(10).unwrap()").as_deref(),
        Some("$c Int(10i128) Call(Method::ToDigit,2u8)")
    );
    assert_eq!(
        of("c.is_ascii_digit()").as_deref(),
        Some("$c Call(Method::IsAsciiDigit,1u8)")
    );
    assert_eq!(
        of("s.strip_prefix(\">=\")").as_deref(),
        Some("$s Str(\">=\") Call(Method::StripPrefix,2u8)")
    );
    assert_eq!(
        of("s.trim_end().strip_suffix('/')").as_deref(),
        Some("$s Call(Method::TrimEnd,1u8) Char('/') Call(Method::StripSuffix,2u8)")
    );
    assert_eq!(of("s.trim()").as_deref(), Some("$s Call(Method::Trim,1u8)"));
}

#[test]
fn a_repeated_local_reads_one_slot() {
    let expr: Expr = syn::parse_str("x * x + y").expect("parses");
    let template = template(&expr, &AllLocals).expect("modelled");
    assert_eq!(template.slots.len(), 2);
}

#[test]
fn fields_of_self_are_slots_of_their_own_and_fields_of_locals_are_read_as_values() {
    let expr: Expr = syn::parse_str("x == self.stored + self.inner.0 - p.x + self.stored").unwrap();
    let template = template(&expr, &AllLocals).expect("modelled");
    let slots: Vec<String> = template
        .slots
        .iter()
        .map(|slot| format!("{slot:?}"))
        .collect();
    assert_eq!(
        slots,
        [
            "Local(\"x\", Ident { sym: x })",
            "Field(\"self.stored\")",
            "Field(\"self.inner.0\")",
            "External(\"p . x\")",
        ]
    );
}

#[test]
fn anything_not_modelled_gives_no_template() {
    for source in [
        "v.iter().product::<u32>()",
        "P.0",
        "s.trim_matches('x')",
        "Wrapper(x)",
        "parse::<u8>(s)",
        "<T as Parse>::parse(s)",
        "s.chars().filter(|c| keep(*c)).count()",
    ] {
        assert_eq!(of(source), None, "{source}");
    }
}

/// A call of a function by a plain path is its arguments, then the call, named by its last
/// segment, at a site of its own; an argument not modelled is unknown, the call still stands.
#[test]
fn calls_of_functions_are_their_arguments_then_the_call() {
    let invoke = |text: &str| {
        let text = of(text).unwrap_or_else(|| panic!("{text} has a template"));
        // The site is where the call is written: the same in every template of it.
        let site = |name: &str| {
            let at = text.find(&format!("Invoke(\"{name}\""))?;
            Some(text[at..].split(',').nth(1)?.to_string())
        };
        let mut masked = text.clone();
        for name in ["helper", "scale", "parse", "scaled"] {
            if let Some(site) = site(name) {
                masked = masked.replace(&format!(",{site},"), ",_,");
            }
        }
        masked
    };
    assert_eq!(invoke("helper(x)"), "$x Invoke(\"helper\",_,1u8)");
    assert_eq!(
        invoke("scale(x + 1, 3) * 2"),
        "$x Int(1i128) Binary(Binary::Add) Int(3i128) Invoke(\"scale\",_,2u8) Int(2i128) Binary(Binary::Mul)"
    );
    assert_eq!(
        invoke("Self::parse(v.iter().product::<u32>())"),
        "Unknown Invoke(\"parse\",_,1u8)"
    );
    // A method of `self`: the receiver is the callee's parameter 0.
    assert_eq!(
        invoke("self.scaled(x)"),
        "Receiver $x Invoke(\"scaled\",_,2u8)"
    );
}

#[test]
fn patterns_become_conditions_on_the_scrutinee() {
    let scrutinee: Expr = syn::parse_str("x").expect("parses");
    let scrutinee = template(&scrutinee, &AllLocals).expect("modelled");
    let condition = |source: &str| {
        let pat = syn::parse::Parser::parse_str(Pat::parse_multi, source).expect("parses");
        pattern(&pat, &scrutinee, None).map(|t| text(&t))
    };
    assert_eq!(
        condition("1..=5").as_deref(),
        Some(
            "$x Int(1i128) Binary(Binary::Ge) $x Int(5i128) Binary(Binary::Le) \
             Binary(Binary::And)"
        )
    );
    assert_eq!(
        condition("0 | -1").as_deref(),
        Some(
            "$x Int(0i128) Binary(Binary::Eq) $x Int(1i128) Unary(Unary::Neg) \
             Binary(Binary::Eq) Binary(Binary::Or)"
        )
    );
    assert_eq!(
        condition("Some(d)").as_deref(),
        Some("$x Call(Method::IsSome,1u8)")
    );
    assert_eq!(condition("_").as_deref(), Some("Bool(true)"));
    assert_eq!(condition("Kind::A"), None);
}

#[test]
fn variants_of_an_enum_parameter_are_conditions_on_its_tag() {
    let scrutinee: Expr = syn::parse_str("shape").expect("parses");
    let scrutinee = template(&scrutinee, &AllLocals).expect("modelled");
    let read: Expr = syn::parse_str("<Shape as Input>::tag(&shape)").expect("parses");
    let tag = Tag {
        value: Template::read(Slot::Field("shape#tag".into(), read)),
        variants: quote!(<Shape as Input>::VARIANTS),
        name: Ident::new("Shape", proc_macro2::Span::call_site()),
        param: "shape".into(),
        read: quote!(shape),
    };
    let condition = |source: &str| {
        let pat = syn::parse::Parser::parse_str(Pat::parse_multi, source).expect("parses");
        pattern(&pat, &scrutinee, Some(&tag)).map(|t| text(&t))
    };
    let is = |variant: &str| {
        let index = format!("variant_index(<ShapeasInput>::VARIANTS,\"{variant}\")");
        format!("$shape#tag if{index}<0{{Unknown}}else{{Int({index})}} Binary(Binary::Eq)")
    };
    for (source, variant) in [
        ("Shape::Dot", "Dot"),
        ("Self::Dot", "Dot"),
        ("Dot", "Dot"),
        ("Shape::Circle(_)", "Circle"),
        ("Shape::Rect { w, h: _, .. }", "Rect"),
        ("crate::Shape::Rect { .. }", "Rect"),
        ("r @ Shape::Rect { .. }", "Rect"),
    ] {
        assert_eq!(condition(source), Some(is(variant)), "{source}");
    }
    assert_eq!(
        condition("Shape::Dot | Shape::Circle(r)"),
        Some(format!("{} {} Binary(Binary::Or)", is("Dot"), is("Circle")))
    );
    assert_eq!(
        condition("Shape::Circle(0)"),
        Some(format!(
            "{} $shape::Circle.0 Int(0i128) Binary(Binary::Eq) Binary(Binary::And)",
            is("Circle")
        )),
        "a field's value is a condition on a local of its own"
    );
    assert_eq!(
        condition("Shape::Rect { w: 1..=3, h: 2, .. }"),
        Some(format!(
            "{} $shape::Rect.w Int(1i128) Binary(Binary::Ge) $shape::Rect.w Int(3i128) \
             Binary(Binary::Le) Binary(Binary::And) $shape::Rect.h Int(2i128) Binary(Binary::Eq) \
             Binary(Binary::And) Binary(Binary::And)",
            is("Rect")
        ))
    );
    assert_eq!(
        condition("Shape::Line(_, 4, ..)"),
        Some(format!(
            "{} $shape::Line.1 Int(4i128) Binary(Binary::Eq) Binary(Binary::And)",
            is("Line")
        )),
        "fields before a rest pattern are at their written positions"
    );
    for source in [
        "Shape::Line(.., 4)",
        "Shape::Circle([_, _])",
        "Other::Dot",
        "Shape { w, .. }",
        "Self { w, .. }",
        "Self(w)",
        "LIMIT",
        "Shape::ORIGIN",
    ] {
        assert_eq!(condition(source), None, "{source}: not modelled");
    }
    assert_eq!(
        condition("Some(v)").as_deref(),
        Some("$shape Call(Method::IsSome,1u8)"),
        "an alias of Option has no variants of its own"
    );
    assert_eq!(
        condition("None").as_deref(),
        Some("$shape Call(Method::IsNone,1u8)")
    );
    assert_eq!(condition("_").as_deref(), Some("Bool(true)"));
}

#[test]
fn literals_of_the_body_are_collected_once() {
    let block: syn::Block = syn::parse_str(
        "{ if x == -3 || s == \"ab\" { 'c' } else if x == -3 { 'c' } else { 'd' } }",
    )
    .expect("parses");
    let constants: Vec<String> = constants(&block)
        .iter()
        .map(|c| {
            c.to_string()
                .replace(":: symtest_runtime :: __private :: ", "")
        })
        .collect();
    assert_eq!(
        constants,
        [
            "Constant :: Int (- 3i128)",
            "Constant :: Int (3i128)",
            "Constant :: Str (\"ab\")",
            "Constant :: Char ('c')",
            "Constant :: Char ('d')"
        ]
    );
}

#[test]
fn tuple_patterns_are_conditions_on_each_element() {
    let value = |name: &str| {
        let expr: Expr = syn::parse_str(name).expect("parses");
        template(&expr, &AllLocals)
    };
    let read: Expr = syn::parse_str("<Shape as Input>::tag(&s)").expect("parses");
    let shape = Element {
        value: value("s"),
        tag: Some(Tag {
            value: Template::read(Slot::Field("s#tag".into(), read)),
            variants: quote!(<Shape as Input>::VARIANTS),
            name: Ident::new("Shape", proc_macro2::Span::call_site()),
            param: "s".into(),
            read: quote!(s),
        }),
    };
    let number = Element {
        value: value("n"),
        tag: None,
    };
    let opaque = Element {
        value: None,
        tag: None,
    };
    let elements = [shape, number, opaque];
    let condition = |source: &str| {
        let pat = syn::parse::Parser::parse_str(Pat::parse_multi, source).expect("parses");
        tuple_pattern(&pat, &elements).map(|t| text(&t))
    };
    let index = "variant_index(<ShapeasInput>::VARIANTS,\"Dot\")";
    let dot = format!("$s#tag if{index}<0{{Unknown}}else{{Int({index})}} Binary(Binary::Eq)");
    assert_eq!(
        condition("(Shape::Dot, 0, _)"),
        Some(format!(
            "{dot} $n Int(0i128) Binary(Binary::Eq) Binary(Binary::And)"
        ))
    );
    assert_eq!(condition("(Shape::Dot, ..)"), Some(dot.clone()));
    assert_eq!(
        condition("(.., 1..=2, x)"),
        Some(
            "$n Int(1i128) Binary(Binary::Ge) $n Int(2i128) Binary(Binary::Le) \
             Binary(Binary::And)"
                .to_string()
        )
    );
    assert_eq!(
        condition("(_, n, _) | all").as_deref(),
        Some("Bool(true) Bool(true) Binary(Binary::Or)")
    );
    assert_eq!(
        condition("(_, _, 3)"),
        None,
        "the third element is not modelled"
    );
    assert_eq!(condition("(_, _)"), None, "another length");
}

#[test]
fn changing_self_where_the_hooks_cannot_see_is_found() {
    let changes = |source: &str| {
        let block: syn::Block = syn::parse_str(source).expect("parses");
        changes_self(&block)
    };
    assert!(changes("{ *self = Mode::Idle; }"));
    assert!(changes("{ if x { (*self) = other; } }"));
    assert!(changes("{ std::mem::swap(self, &mut other); }"));
    assert!(changes("{ other.absorb(self) }"));
    assert!(!changes(
        "{ self.count += 1; self.reset_count(); let s = &self.name; }"
    ));
    assert!(!changes("{ *count = 1; f(selfish); }"));
}

#[test]
fn parts_of_self_are_named_apart_from_locals() {
    for name in [
        "self.count",
        "self.limits.high",
        "self#tag",
        "self::Open.width",
    ] {
        assert!(is_receiver_field(name), "{name}");
    }
    for name in ["selfie.x", "self", "shape#tag", "op::Div.0"] {
        assert!(!is_receiver_field(name), "{name}");
    }
}

#[test]
fn iterator_chains_translate_with_their_closures_over_the_item() {
    assert_eq!(
        of("code.chars().filter(|c| *c != '-').collect::<Vec<char>>()").as_deref(),
        Some(
            "$code Call(Method::Chars,1u8) Lambda Arg Char('-') Binary(Binary::Ne) \
             Call(Method::Filter,2u8)"
        )
    );
    // The parameter hides a local of the same name; other locals are read as usual.
    assert_eq!(
        of("line.bytes().map(|&b| b - base).sum::<u8>()").as_deref(),
        Some(
            "$line Call(Method::Bytes,1u8) Lambda Arg $base Binary(Binary::Sub) \
             Call(Method::Map,2u8) Call(Method::Sum,1u8)"
        )
    );
    assert_eq!(
        of("name.chars().all(char::is_alphanumeric)").as_deref(),
        Some(
            "$name Call(Method::Chars,1u8) Lambda Arg Call(Method::IsAlphanumeric,1u8) \
             Call(Method::All,2u8)"
        )
    );
    assert_eq!(
        of("(0..n).rev().take(3).position(|i| { i % 2 == 0 })").as_deref(),
        Some(
            "Int(0i128) $n Call(Method::Range,2u8) Call(Method::Rev,1u8) Int(3i128) \
             Call(Method::Take,2u8) Lambda Arg Int(2i128) Binary(Binary::Rem) Int(0i128) \
             Binary(Binary::Eq) Call(Method::Position,2u8)"
        )
    );
    assert_eq!(
        of("s.chars().collect::<String>()").as_deref(),
        Some("$s Call(Method::Chars,1u8) Call(Method::Collect,1u8)")
    );
    assert_eq!(
        of("s.chars().collect::<Vec<char>>()").as_deref(),
        Some("$s Call(Method::Chars,1u8)"),
        "a Vec's type names `char`, not `String`"
    );
    assert_eq!(
        of("a.iter().chain(b.iter()).copied().max()").as_deref(),
        Some("$a $b Call(Method::Chain,2u8) Call(Method::Greatest,1u8)")
    );
    // Comparisons with `Some(…)` and `None` on the modelled `Option`s (absent is `None`).
    assert_eq!(
        of("kept.first() == Some(&'a')").as_deref(),
        Some(
            "$kept Call(Method::First,1u8) Call(Method::IsSome,1u8) $kept \
             Call(Method::First,1u8) Char('a') Binary(Binary::Eq) Binary(Binary::And)"
        )
    );
    assert_eq!(
        of("None != s.chars().last()").as_deref(),
        Some("$s Call(Method::Chars,1u8) Call(Method::Last,1u8) Call(Method::IsSome,1u8)")
    );
    assert_eq!(
        of("digits.get(i)").as_deref(),
        Some("$digits $i Call(Method::Get,2u8)")
    );
    // `enumerate` and `zip` walk the indices; `(i, c)` is the index and the item at it.
    assert_eq!(
        of("s.chars().enumerate().all(|(i, c)| i < 3 || c != 'x')").as_deref(),
        Some(
            "Int(0i128) $s Call(Method::Chars,1u8) Call(Method::Len,1u8) \
             Call(Method::Range,2u8) Lambda Arg Int(3i128) Binary(Binary::Lt) \
             $s Call(Method::Chars,1u8) Arg Call(Method::Index,2u8) Char('x') \
             Binary(Binary::Ne) Binary(Binary::Or) Call(Method::All,2u8)"
        )
    );
    assert_eq!(
        of("a.iter().zip(b.iter()).filter(|&(x, _)| *x > 0).count()").as_deref(),
        Some(
            "Int(0i128) $a Call(Method::Len,1u8) $b Call(Method::Len,1u8) \
             Call(Method::Min,2u8) Call(Method::Range,2u8) Lambda $a Arg \
             Call(Method::Index,2u8) Int(0i128) Binary(Binary::Gt) Call(Method::Filter,2u8) \
             Call(Method::Len,1u8)"
        )
    );
    // A fold's closure reads what it accumulated (typed where the parameter says so).
    assert_eq!(
        of("v.iter().fold(0, |acc: u32, x| acc * 10 + x)").as_deref(),
        Some(
            "$v Int(0i128) FoldLambda Acc Cast(CastTy::Int(IntKind::U32)) Int(10i128) \
             Binary(Binary::Mul) Arg Binary(Binary::Add) Call(Method::Fold,3u8)"
        )
    );
    // Not modelled: a source alone (its state changes as it is consumed), a closure over
    // pairs the chain does not yield, or with statements, a closure over an item's field,
    // what yields a pair (`find`, `collect` of an `enumerate`).
    for source in [
        "s.chars()",
        "pairs.iter().map(|(a, b)| a + b).sum::<u32>()",
        "s.chars().filter(|c| { let d = *c; d != '-' }).count()",
        "points.iter().any(|p| p.x > 0)",
        "s.chars().enumerate().find(|(i, _)| *i > 2)",
        "s.chars().enumerate().collect::<Vec<_>>()",
        "s.chars().enumerate().map(|p| p.0).sum::<usize>()",
    ] {
        assert_eq!(of(source), None, "{source}");
    }
}

/// `cmp` of values or tuples is the pairs compared in order; `Ordering`'s variants are its
/// values, as expressions and as patterns. `String::from(s)` and the like are `s`.
#[test]
fn orderings_and_owned_texts_translate() {
    assert_eq!(
        of("(a, b).cmp(&(c, d)) != Ordering::Equal").as_deref(),
        Some("$a $c $b $d Call(Method::Cmp,4u8) Int(0i128) Binary(Binary::Ne)")
    );
    assert_eq!(
        of("x.cmp(y) == std::cmp::Ordering::Less").as_deref(),
        Some("$x $y Call(Method::Cmp,2u8) Int(-1i128) Binary(Binary::Eq)")
    );
    // Owned copies of a text are the text.
    assert_eq!(
        of("String::from(label) == Rc::from(other)").as_deref(),
        Some("$label $other Binary(Binary::Eq)")
    );
    // Tuples of different lengths do not compare; `Ordering::Other` is no ordering.
    assert_eq!(of("(a, b).cmp(&(c, d, e))"), None);
    assert_eq!(of("Ordering::Other"), None);
    let pattern_of = |source: &str| {
        let pat = syn::parse::Parser::parse_str(Pat::parse_single, source).expect("parses");
        let scrutinee = template(&syn::parse_quote!(order), &AllLocals).expect("a local");
        pattern(&pat, &scrutinee, None).map(|t| text(&t))
    };
    assert_eq!(
        pattern_of("Ordering::Greater").as_deref(),
        Some("$order Int(1i128) Binary(Binary::Eq)")
    );
}
