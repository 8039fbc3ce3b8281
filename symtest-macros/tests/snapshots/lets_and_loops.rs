#[doc(hidden)]
#[allow(non_upper_case_globals)]
static __SYMTEST_META_f: ::symtest_runtime::__private::FunctionMeta = ::symtest_runtime::__private::FunctionMeta {
    name: "f",
    module_path: ::symtest_runtime::__private::core::module_path!(),
    file: ::symtest_runtime::__private::core::file!(),
    line: 1u32,
    params: &["v", "n"],
    returns: "Option < i32 >",
    decisions: &[
        ::symtest_runtime::__private::DecisionMeta {
            kind: "for",
            line: 1u32,
            column: 87u32,
            text: "item",
            outcomes: &["iterated", "done"],
            control: &[(0u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if let",
            line: 1u32,
            column: 108u32,
            text: "Some(x)",
            outcomes: &["matched", "not matched"],
            control: &[(0u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "let else",
            line: 1u32,
            column: 147u32,
            text: "Some(first)",
            outcomes: &["matched", "else"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "while let",
            line: 1u32,
            column: 226u32,
            text: "Some(Some(x))",
            outcomes: &["matched", "not matched"],
            control: &[(2u32, 0u32), (4u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "while",
            line: 1u32,
            column: 259u32,
            text: "*x > 0",
            outcomes: &["true", "false"],
            control: &[(3u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "while",
            line: 1u32,
            column: 302u32,
            text: "i > 0",
            outcomes: &["true", "false"],
            control: &[(2u32, 0u32), (6u32, 1u32)],
            snapshot: &["i"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if",
            line: 1u32,
            column: 322u32,
            text: "i == 3",
            outcomes: &["true", "false"],
            control: &[(5u32, 0u32)],
            snapshot: &["i"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "?",
            line: 1u32,
            column: 368u32,
            text: "(*first)?",
            outcomes: &["continued", "returned early"],
            control: &[(2u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "returns",
            line: 1u32,
            column: 0,
            text: "-> Option < i32 >",
            outcomes: &["Some", "None"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
    ],
    loops: &[
        ::symtest_runtime::__private::LoopMeta {
            line: 1u32,
            head: ::symtest_runtime::__private::core::option::Option::Some(0u32),
            decisions: &[0u32, 1u32],
        },
        ::symtest_runtime::__private::LoopMeta {
            line: 1u32,
            head: ::symtest_runtime::__private::core::option::Option::Some(3u32),
            decisions: &[3u32, 4u32],
        },
        ::symtest_runtime::__private::LoopMeta {
            line: 1u32,
            head: ::symtest_runtime::__private::core::option::Option::None,
            decisions: &[5u32, 6u32],
        },
        ::symtest_runtime::__private::LoopMeta {
            line: 1u32,
            head: ::symtest_runtime::__private::core::option::Option::Some(5u32),
            decisions: &[5u32, 6u32],
        },
    ],
    symbolic: ::symtest_runtime::__private::PathTable::new(
        "T0,0 F0,0 P2 T0,1 F0,0 P2 T1,0 F0,0 P1 T1,1 F0,0 P1 T3,0 F2,0 P1 F4,0 P1 F3,0 P2 T3,1 F2,0 P1 F4,0 P1 F3,0 P2 T4,0 F3,0 P1 F2,0 P2 F4,0 P2 T4,1 F3,0 P1 F2,0 P2 F4,0 P2 T5,0 F2,0 P5 P4 F6,1 P0 C> v0 | i0 F5,0 P0 C!= v0 i1 - | i3 C> v0 i1 - | i0 T5,1 F2,0 P5 P4 P2 C<= i0 | i0 P1 C<= i0 | i0 F6,1 P0 C<= v0 | i0 F5,0 P0 C!= v0 i1 - | i3 C<= v0 i1 - | i0 T6,0 F5,0 P0 C== v0 i1 - | i3 F2,0 P6 P5 F6,1 P0 C> v0 | i0 C== v0 i1 - | i3 T6,1 F5,0 P0 C!= v0 i1 - | i3 F2,0 P6 P5 F6,1 P0 C> v0 | i0 C!= v0 i1 - | i3 T7,0 F2,0 P7 P9 P8 P6 P8 P7 P5 P3 C<= i0 | i0 P2 C<= i0 | i0 T7,1 F2,0 P7 P9 P8 P6 P8 P7 P5 P3 C<= i0 | i0 P2 C<= i0 | i0",
    ),
    paths: ::symtest_runtime::__private::Paths::new(
        "k2 c b0 b1 b2 b3 b4 b5 b6 b7 l-,0,1 l-,3,5 l-,5,5 l2,5,6 p 0,1 2,1 p 0,0 1,0 0,1 2,1 p 0,0 1,1 0,1 2,1 p 0,1 2,0 3,1 5,1 7,0 p 0,1 2,0 3,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,1 p 0,0 1,0 0,0 1,1 0,1 2,1 p 0,0 1,1 0,0 1,0 0,1 2,1 p 0,0 1,1 0,0 1,1 0,1 2,1 p 0,1 2,0 3,0 4,1 5,1 7,0 p 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,1 5,1 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,1 5,1 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,0 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,0 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,0 7,1 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,1 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,0 6,0 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,0 6,0 7,1 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,1 5,1 7,0 p 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,0 7,0 p 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,1 5,0 6,0 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0 p 0,0 1,1 0,0 1,0 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,0 4,1 5,1 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,0 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,0 3,1 5,0 6,0 7,1 p 0,0 1,1 0,0 1,1 0,1 2,0 3,0 4,0 3,0 4,1 5,0 6,1 5,1 7,0",
    ),
    shadow: ::symtest_runtime::__private::ShadowMeta {
        params: &[(0u32, 0u32), (1u32, 1u32)],
        locals: 9u32,
        fields: &[],
        param_fields: &[],
        changes_self: false,
        defs: &[
            ::symtest_runtime::__private::Def {
                local: 2u32,
                value: &[::symtest_runtime::__private::STok::Int(0i128)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 3u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Item,
                    ::symtest_runtime::__private::STok::Call(
                        ::symtest_runtime::__private::Method::Index,
                        2u8,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::Some(0u32),
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 4u32,
                value: &[::symtest_runtime::__private::STok::Slot(0u16)],
                at: ::symtest_runtime::__private::core::option::Option::Some(1u32),
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 2u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Slot(1u16),
                    ::symtest_runtime::__private::STok::Binary(
                        ::symtest_runtime::__private::Binary::Add,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[2u32, 4u32],
            },
            ::symtest_runtime::__private::Def {
                local: 5u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Call(
                        ::symtest_runtime::__private::Method::First,
                        1u8,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::Some(2u32),
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 6u32,
                value: &[::symtest_runtime::__private::STok::Int(0i128)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 7u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Slot(1u16),
                    ::symtest_runtime::__private::STok::Call(
                        ::symtest_runtime::__private::Method::Get,
                        2u8,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::Some(3u32),
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 6u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Int(1i128),
                    ::symtest_runtime::__private::STok::Binary(
                        ::symtest_runtime::__private::Binary::Add,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[6u32],
            },
            ::symtest_runtime::__private::Def {
                local: 6u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Int(1i128),
                    ::symtest_runtime::__private::STok::Binary(
                        ::symtest_runtime::__private::Binary::Sub,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[6u32],
            },
            ::symtest_runtime::__private::Def {
                local: 8u32,
                value: &[::symtest_runtime::__private::STok::Slot(0u16)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[5u32],
            },
            ::symtest_runtime::__private::Def {
                local: 4294967295u32,
                value: &[
                    ::symtest_runtime::__private::STok::Slot(0u16),
                    ::symtest_runtime::__private::STok::Slot(1u16),
                    ::symtest_runtime::__private::STok::Binary(
                        ::symtest_runtime::__private::Binary::Add,
                    ),
                    ::symtest_runtime::__private::STok::Slot(2u16),
                    ::symtest_runtime::__private::STok::Cast(
                        ::symtest_runtime::__private::CastTy::Int(
                            ::symtest_runtime::__private::IntKind::I32,
                        ),
                    ),
                    ::symtest_runtime::__private::STok::Binary(
                        ::symtest_runtime::__private::Binary::Add,
                    ),
                ],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[2u32, 8u32, 1u32],
            },
        ],
        decisions: &[
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Taken,
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::Len,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Lt,
                        ),
                    ],
                ],
                slots: &[0u32],
                for_loop: true,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                    ],
                ],
                slots: &[3u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::First,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                    ],
                ],
                slots: &[0u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Slot(1u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::Get,
                            2u8,
                        ),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Slot(1u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::Get,
                            2u8,
                        ),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                    ],
                ],
                slots: &[0u32, 6u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Gt,
                        ),
                    ],
                ],
                slots: &[7u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Gt,
                        ),
                    ],
                ],
                slots: &[6u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(3i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                    ],
                ],
                slots: &[6u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                    ],
                ],
                slots: &[5u32],
                for_loop: false,
            },
        ],
        constants: &[
            ::symtest_runtime::__private::Constant::Int(0i128),
            ::symtest_runtime::__private::Constant::Int(1i128),
            ::symtest_runtime::__private::Constant::Int(3i128),
        ],
    },
    members: &[],
};
fn f(v: Vec<Option<i32>>, n: u8) -> Option<i32> {
    let __symtest_entered = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::entered(
            &__SYMTEST_META_f,
            || -> [::symtest_runtime::__private::Probe; 2usize] {
                [
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(n))).shadow()
                    },
                ]
            },
        )
    } else {
        ::symtest_runtime::__private::Entered::NONE
    };
    let __symtest_pre_0 = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def_pre(
            &__SYMTEST_META_f,
            0u32,
            || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
        )
    } else {
        ::symtest_runtime::__private::Pre::NONE
    };
    let mut total = 0;
    if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def(
            &__SYMTEST_META_f,
            0u32,
            __symtest_pre_0,
            || {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{NoShadow as _, ViaShadow as _};
                (&&::symtest_runtime::__private::Snap(&(total))).shadow()
            },
        );
    }
    for item in ::symtest_runtime::__private::ForProbe::new(
        &__SYMTEST_META_f,
        0u32,
        ::symtest_runtime::__private::after(
            {
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::shadow_at(
                        &__SYMTEST_META_f,
                        0u32,
                        || -> [::symtest_runtime::__private::Probe; 1usize] {
                            [
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                                },
                            ]
                        },
                    );
                }
            },
            &v,
        ),
    ) {
        ::symtest_runtime::__private::tick(&__SYMTEST_META_f, 0u32);
        if ::symtest_runtime::__private::concolic() {
            ::symtest_runtime::__private::def(
                &__SYMTEST_META_f,
                1u32,
                ::symtest_runtime::__private::Pre::NONE,
                || {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{NoShadow as _, ViaShadow as _};
                    (&&::symtest_runtime::__private::Snap(&(item))).shadow()
                },
            );
        }
        {
            if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::shadow_at(
                    &__SYMTEST_META_f,
                    1u32,
                    || -> [::symtest_runtime::__private::Probe; 1usize] {
                        [
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(item))).shadow()
                            },
                        ]
                    },
                );
            }
            if let Some(x) = item {
                {
                    ::symtest_runtime::__private::hit(&__SYMTEST_META_f, 1u32, 0);
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def(
                            &__SYMTEST_META_f,
                            2u32,
                            ::symtest_runtime::__private::Pre::NONE,
                            || {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                            },
                        );
                    }
                }
                let __symtest_pre_3 = if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def_pre(
                        &__SYMTEST_META_f,
                        3u32,
                        || -> [::symtest_runtime::__private::Probe; 2usize] {
                            [
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(total))).shadow()
                                },
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                                },
                            ]
                        },
                    )
                } else {
                    ::symtest_runtime::__private::Pre::NONE
                };
                match ::symtest_runtime::__private::operator(
                    &__SYMTEST_META_f,
                    0u32,
                    ::symtest_runtime::__private::ArithOp::Add,
                ) {
                    ::symtest_runtime::__private::core::option::Option::None => {
                        total += x;
                    }
                    ::symtest_runtime::__private::core::option::Option::Some(
                        __symtest_swap,
                    ) => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaNumber as _, ViaOtherOperands as _,
                        };
                        let __symtest_r = x;
                        let __symtest_l = &mut total;
                        let __symtest_v = (&&::symtest_runtime::__private::Operands(
                            &*__symtest_l,
                            &__symtest_r,
                        ))
                            .arith(__symtest_swap);
                        match __symtest_v {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                __symtest_v,
                            ) => *__symtest_l = __symtest_v,
                            ::symtest_runtime::__private::core::option::Option::None => {
                                *__symtest_l += __symtest_r;
                            }
                        }
                    }
                };
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def(
                        &__SYMTEST_META_f,
                        3u32,
                        __symtest_pre_3,
                        || {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoShadow as _, ViaShadow as _,
                            };
                            (&&::symtest_runtime::__private::Snap(&(total))).shadow()
                        },
                    );
                }
            } else {
                ::symtest_runtime::__private::hit(&__SYMTEST_META_f, 1u32, 1);
            }
        }
    }
    if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::shadow_at(
            &__SYMTEST_META_f,
            2u32,
            || -> [::symtest_runtime::__private::Probe; 1usize] {
                [
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                    },
                ]
            },
        );
    }
    let Some(first) = v.first() else {
        ::symtest_runtime::__private::hit(&__SYMTEST_META_f, 2u32, 1);
        {
            return None;
        }
    };
    ::symtest_runtime::__private::hit(&__SYMTEST_META_f, 2u32, 0);
    if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def(
            &__SYMTEST_META_f,
            4u32,
            ::symtest_runtime::__private::Pre::NONE,
            || {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{NoShadow as _, ViaShadow as _};
                (&&::symtest_runtime::__private::Snap(&(first))).shadow()
            },
        );
    }
    let __symtest_pre_5 = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def_pre(
            &__SYMTEST_META_f,
            5u32,
            || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
        )
    } else {
        ::symtest_runtime::__private::Pre::NONE
    };
    let mut i = 0;
    if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def(
            &__SYMTEST_META_f,
            5u32,
            __symtest_pre_5,
            || {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{NoShadow as _, ViaShadow as _};
                (&&::symtest_runtime::__private::Snap(&(i))).shadow()
            },
        );
    }
    loop {
        {
            let mut __symtest_stage_1: usize = 0;
            if let Some(Some(x)) = ::symtest_runtime::__private::after(
                {
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::shadow_at(
                            &__SYMTEST_META_f,
                            3u32,
                            || -> [::symtest_runtime::__private::Probe; 2usize] {
                                [
                                    {
                                        #[allow(unused_imports)]
                                        use ::symtest_runtime::__private::{
                                            NoShadow as _, ViaShadow as _,
                                        };
                                        (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                                    },
                                    {
                                        #[allow(unused_imports)]
                                        use ::symtest_runtime::__private::{
                                            NoShadow as _, ViaShadow as _,
                                        };
                                        (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                                    },
                                ]
                            },
                        );
                    }
                },
                v.get(i),
            )
                && {
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def(
                            &__SYMTEST_META_f,
                            6u32,
                            ::symtest_runtime::__private::Pre::NONE,
                            || {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                            },
                        );
                    }
                    ::symtest_runtime::__private::let_matched(
                        &__SYMTEST_META_f,
                        3u32,
                        &mut __symtest_stage_1,
                        1usize,
                    )
                }
                && match (&(*x), &(0)) {
                    (__symtest_l, __symtest_r) => {
                        if ::symtest_runtime::__private::concolic() {
                            ::symtest_runtime::__private::shadow_at(
                                &__SYMTEST_META_f,
                                4u32,
                                || -> [::symtest_runtime::__private::Probe; 1usize] {
                                    [
                                        {
                                            #[allow(unused_imports)]
                                            use ::symtest_runtime::__private::{
                                                NoShadow as _, ViaShadow as _,
                                            };
                                            (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                                        },
                                    ]
                                },
                            );
                        }
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaOpaque as _, ViaScalar as _,
                        };
                        ::symtest_runtime::__private::compared(
                            &__SYMTEST_META_f,
                            4u32,
                            *__symtest_l > *__symtest_r,
                            ::symtest_runtime::__private::CmpOp::Gt,
                            || {
                                (&&::symtest_runtime::__private::Operands(
                                    __symtest_l,
                                    __symtest_r,
                                ))
                                    .relation(::symtest_runtime::__private::LiteralSide::Right)
                            },
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_l,
                                __symtest_r,
                            ))
                                .distances(::symtest_runtime::__private::CmpOp::Gt),
                        )
                    }
                } && ::symtest_runtime::__private::stage(&mut __symtest_stage_1, 2usize)
            {
                ::symtest_runtime::__private::tick(&__SYMTEST_META_f, 1u32);
                let __symtest_pre_7 = if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def_pre(
                        &__SYMTEST_META_f,
                        7u32,
                        || -> [::symtest_runtime::__private::Probe; 1usize] {
                            [
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                                },
                            ]
                        },
                    )
                } else {
                    ::symtest_runtime::__private::Pre::NONE
                };
                match ::symtest_runtime::__private::operator(
                    &__SYMTEST_META_f,
                    1u32,
                    ::symtest_runtime::__private::ArithOp::Add,
                ) {
                    ::symtest_runtime::__private::core::option::Option::None => i += 1,
                    ::symtest_runtime::__private::core::option::Option::Some(
                        __symtest_swap,
                    ) => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaNumber as _, ViaOtherOperands as _,
                        };
                        let __symtest_r = 1;
                        let __symtest_l = &mut i;
                        let __symtest_v = (&&::symtest_runtime::__private::Operands(
                            &*__symtest_l,
                            &__symtest_r,
                        ))
                            .arith(__symtest_swap);
                        match __symtest_v {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                __symtest_v,
                            ) => *__symtest_l = __symtest_v,
                            ::symtest_runtime::__private::core::option::Option::None => {
                                *__symtest_l += __symtest_r;
                            }
                        }
                    }
                };
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def(
                        &__SYMTEST_META_f,
                        7u32,
                        __symtest_pre_7,
                        || {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoShadow as _, ViaShadow as _,
                            };
                            (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                        },
                    );
                }
            } else {
                ::symtest_runtime::__private::let_failed(
                    &__SYMTEST_META_f,
                    __symtest_stage_1,
                    &[(0usize, 3u32)],
                );
                break;
            }
        }
    }
    'outer: loop {
        ::symtest_runtime::__private::tick(&__SYMTEST_META_f, 2u32);
        while match (&(i), &(0)) {
            (__symtest_l, __symtest_r) => {
                ::symtest_runtime::__private::snapshot(
                    &__SYMTEST_META_f,
                    5u32,
                    &[
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoSnap as _, ViaScalarSnap as _,
                            };
                            (&&::symtest_runtime::__private::Snap(&i)).value()
                        },
                    ],
                );
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::shadow_at(
                        &__SYMTEST_META_f,
                        5u32,
                        || -> [::symtest_runtime::__private::Probe; 1usize] {
                            [
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                                },
                            ]
                        },
                    );
                }
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{ViaOpaque as _, ViaScalar as _};
                ::symtest_runtime::__private::compared(
                    &__SYMTEST_META_f,
                    5u32,
                    *__symtest_l > *__symtest_r,
                    ::symtest_runtime::__private::CmpOp::Gt,
                    || {
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_l,
                            __symtest_r,
                        ))
                            .relation(::symtest_runtime::__private::LiteralSide::Right)
                    },
                    (&&::symtest_runtime::__private::Operands(__symtest_l, __symtest_r))
                        .distances(::symtest_runtime::__private::CmpOp::Gt),
                )
            }
        } {
            ::symtest_runtime::__private::tick(&__SYMTEST_META_f, 3u32);
            let __symtest_pre_8 = if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::def_pre(
                    &__SYMTEST_META_f,
                    8u32,
                    || -> [::symtest_runtime::__private::Probe; 1usize] {
                        [
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                            },
                        ]
                    },
                )
            } else {
                ::symtest_runtime::__private::Pre::NONE
            };
            match ::symtest_runtime::__private::operator(
                &__SYMTEST_META_f,
                2u32,
                ::symtest_runtime::__private::ArithOp::Sub,
            ) {
                ::symtest_runtime::__private::core::option::Option::None => i -= 1,
                ::symtest_runtime::__private::core::option::Option::Some(
                    __symtest_swap,
                ) => {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{
                        ViaNumber as _, ViaOtherOperands as _,
                    };
                    let __symtest_r = 1;
                    let __symtest_l = &mut i;
                    let __symtest_v = (&&::symtest_runtime::__private::Operands(
                        &*__symtest_l,
                        &__symtest_r,
                    ))
                        .arith(__symtest_swap);
                    match __symtest_v {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            __symtest_v,
                        ) => *__symtest_l = __symtest_v,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            *__symtest_l -= __symtest_r;
                        }
                    }
                }
            };
            if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::def(
                    &__SYMTEST_META_f,
                    8u32,
                    __symtest_pre_8,
                    || {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                    },
                );
            }
            if match (&(i), &(3)) {
                (__symtest_l, __symtest_r) => {
                    ::symtest_runtime::__private::snapshot(
                        &__SYMTEST_META_f,
                        6u32,
                        &[
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoSnap as _, ViaScalarSnap as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&i)).value()
                            },
                        ],
                    );
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::shadow_at(
                            &__SYMTEST_META_f,
                            6u32,
                            || -> [::symtest_runtime::__private::Probe; 1usize] {
                                [
                                    {
                                        #[allow(unused_imports)]
                                        use ::symtest_runtime::__private::{
                                            NoShadow as _, ViaShadow as _,
                                        };
                                        (&&::symtest_runtime::__private::Snap(&(i))).shadow()
                                    },
                                ]
                            },
                        );
                    }
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{ViaOpaque as _, ViaScalar as _};
                    ::symtest_runtime::__private::compared(
                        &__SYMTEST_META_f,
                        6u32,
                        *__symtest_l == *__symtest_r,
                        ::symtest_runtime::__private::CmpOp::Eq,
                        || {
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_l,
                                __symtest_r,
                            ))
                                .relation(::symtest_runtime::__private::LiteralSide::Right)
                        },
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_l,
                            __symtest_r,
                        ))
                            .distances(::symtest_runtime::__private::CmpOp::Eq),
                    )
                }
            } {
                break 'outer;
            }
        }
        break;
    }
    let __symtest_pre_9 = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def_pre(
            &__SYMTEST_META_f,
            9u32,
            || -> [::symtest_runtime::__private::Probe; 1usize] {
                [
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(first))).shadow()
                    },
                ]
            },
        )
    } else {
        ::symtest_runtime::__private::Pre::NONE
    };
    let y = ::symtest_runtime::__private::try_probe(
        &__SYMTEST_META_f,
        7u32,
        ::symtest_runtime::__private::after(
            {
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::shadow_at(
                        &__SYMTEST_META_f,
                        7u32,
                        || -> [::symtest_runtime::__private::Probe; 1usize] {
                            [
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoShadow as _, ViaShadow as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&(first))).shadow()
                                },
                            ]
                        },
                    );
                }
            },
            (*first),
        ),
    )?;
    if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::def(
            &__SYMTEST_META_f,
            9u32,
            __symtest_pre_9,
            || {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{NoShadow as _, ViaShadow as _};
                (&&::symtest_runtime::__private::Snap(&(y))).shadow()
            },
        );
    }
    {
        #[allow(unreachable_code, unused_variables)]
        let __symtest_returned = {
            let __symtest_pre_10 = if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::def_pre(
                    &__SYMTEST_META_f,
                    10u32,
                    || -> [::symtest_runtime::__private::Probe; 3usize] {
                        [
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(total))).shadow()
                            },
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(y))).shadow()
                            },
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(n))).shadow()
                            },
                        ]
                    },
                )
            } else {
                ::symtest_runtime::__private::Pre::NONE
            };
            let __symtest_returned = Some(
                match (
                    match (total, y) {
                        (__symtest_l, __symtest_r) => {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                ViaNumber as _, ViaOtherOperands as _,
                            };
                            let __symtest_v = match ::symtest_runtime::__private::operator(
                                &__SYMTEST_META_f,
                                3u32,
                                ::symtest_runtime::__private::ArithOp::Add,
                            ) {
                                ::symtest_runtime::__private::core::option::Option::Some(
                                    __symtest_swap,
                                ) => {
                                    (&&::symtest_runtime::__private::Operands(
                                        &__symtest_l,
                                        &__symtest_r,
                                    ))
                                        .arith(__symtest_swap)
                                }
                                ::symtest_runtime::__private::core::option::Option::None => {
                                    ::symtest_runtime::__private::core::option::Option::None
                                }
                            };
                            match __symtest_v {
                                ::symtest_runtime::__private::core::option::Option::Some(
                                    __symtest_v,
                                ) => __symtest_v,
                                ::symtest_runtime::__private::core::option::Option::None => {
                                    __symtest_l + __symtest_r
                                }
                            }
                        }
                    },
                    i32::from(n),
                ) {
                    (__symtest_l, __symtest_r) => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaNumber as _, ViaOtherOperands as _,
                        };
                        let __symtest_v = match ::symtest_runtime::__private::operator(
                            &__SYMTEST_META_f,
                            4u32,
                            ::symtest_runtime::__private::ArithOp::Add,
                        ) {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                __symtest_swap,
                            ) => {
                                (&&::symtest_runtime::__private::Operands(
                                    &__symtest_l,
                                    &__symtest_r,
                                ))
                                    .arith(__symtest_swap)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                ::symtest_runtime::__private::core::option::Option::None
                            }
                        };
                        match __symtest_v {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                __symtest_v,
                            ) => __symtest_v,
                            ::symtest_runtime::__private::core::option::Option::None => {
                                __symtest_l + __symtest_r
                            }
                        }
                    }
                },
            );
            if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::returned(
                    &__SYMTEST_META_f,
                    10u32,
                    __symtest_pre_10,
                    || {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(__symtest_returned)))
                            .shadow()
                    },
                );
            }
            __symtest_returned
        };
        __symtest_returned
    }
}
#[doc(hidden)]
#[allow(dead_code, deprecated)]
fn __symtest_subject_f() -> ::symtest_runtime::__private::Subject {
    #[allow(unused_imports)]
    use ::symtest_runtime::__private::{
        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
        NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
    };
    ::symtest_runtime::__private::Subject {
        meta: &__SYMTEST_META_f,
        shape: ::symtest_runtime::__private::Shape::Tuple(
            ::symtest_runtime::__private::std::vec![
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < Vec < Option < i32 > > > ::NEW)
                .shape()), ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < u8 > ::NEW).shape())
            ],
        ),
        exec: |
            __symtest_value: &::symtest_runtime::__private::Value,
            capture: bool,
        | -> ::symtest_runtime::__private::Outcome {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::Outcome {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{
                        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                        ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                        NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                    };
                    let __symtest_arg0: Vec<Option<i32>> = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        0u32,
                        &[],
                        0usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    Vec<Option<i32>>,
                                >::NEW)
                                    .build(__symtest_value.item(0usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    Vec<Option<i32>>,
                                >::NEW)
                                    .decode(__symtest_value.item(0usize))
                            }
                        },
                    ) {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::Outcome::Invalid;
                        }
                    };
                    let __symtest_arg1: u8 = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        1u32,
                        &[],
                        1usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<u8>::NEW)
                                    .build(__symtest_value.item(1usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<u8>::NEW)
                                    .decode(__symtest_value.item(1usize))
                            }
                        },
                    ) {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::Outcome::Invalid;
                        }
                    };
                    let __symtest_pass0 = __symtest_arg0;
                    let __symtest_pass1 = __symtest_arg1;
                    match ::symtest_runtime::__private::catch(move || f(
                        __symtest_pass0,
                        __symtest_pass1,
                    )) {
                        ::symtest_runtime::__private::core::result::Result::Ok(
                            returned,
                        ) => {
                            let class: ::symtest_runtime::__private::core::option::Option<
                                usize,
                            > = ::symtest_runtime::__private::core::option::Option::Some(
                                usize::from(returned.is_none()),
                            );
                            if let ::symtest_runtime::__private::core::option::Option::Some(
                                class,
                            ) = class {
                                ::symtest_runtime::__private::output(
                                    &__SYMTEST_META_f,
                                    class,
                                );
                            }
                            if capture {
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _,
                                        NoEq as _, NoLiteral as _,
                                    };
                                    ::symtest_runtime::__private::Outcome::Returned {
                                        literal: (&&::symtest_runtime::__private::Rendered(
                                            &returned,
                                        ))
                                            .literal(),
                                        debug: (&&::symtest_runtime::__private::Rendered(&returned))
                                            .debug(),
                                        comparable: (&&::symtest_runtime::__private::Rendered(
                                            &returned,
                                        ))
                                            .comparable(),
                                    }
                                }
                            } else {
                                ::symtest_runtime::__private::Outcome::Returned {
                                    literal: ::symtest_runtime::__private::core::option::Option::None,
                                    debug: ::symtest_runtime::__private::core::option::Option::None,
                                    comparable: false,
                                }
                            }
                        }
                        ::symtest_runtime::__private::core::result::Result::Err(
                            outcome,
                        ) => outcome,
                    }
                },
            )
        },
        render: |
            __symtest_value: &::symtest_runtime::__private::Value,
        | -> ::symtest_runtime::__private::std::vec::Vec<
            ::symtest_runtime::__private::std::string::String,
        > {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::std::vec::Vec<
                    ::symtest_runtime::__private::std::string::String,
                > {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{
                        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                        ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                        NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                    };
                    let __symtest_arg0: Vec<Option<i32>> = match (&&&&::symtest_runtime::__private::Arg::<
                        Vec<Option<i32>>,
                    >::NEW)
                        .decode(__symtest_value.item(0usize))
                    {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::std::vec::Vec::new();
                        }
                    };
                    let __symtest_arg1: u8 = match (&&&&::symtest_runtime::__private::Arg::<
                        u8,
                    >::NEW)
                        .decode(__symtest_value.item(1usize))
                    {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::std::vec::Vec::new();
                        }
                    };
                    ::symtest_runtime::__private::std::vec![
                        match (&& && ::symtest_runtime::__private::Arg:: < Vec < Option <
                        i32 > > > ::NEW).text(__symtest_value.item(0usize),
                        "Vec<Option<i32>>") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg0))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg0)), },
                        match (&& && ::symtest_runtime::__private::Arg:: < u8 > ::NEW)
                        .text(__symtest_value.item(1usize), "u8") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg1))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg1)), }
                    ]
                },
            )
        },
        skipped: {
            #[allow(unused_imports)]
            use ::symtest_runtime::__private::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            ::symtest_runtime::__private::unbuildable(
                &[
                    ::symtest_runtime::__private::Probed {
                        written: "Vec<Option<i32>>",
                        parts: &["i32", "Option<i32>", "Vec<Option<i32>>"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < i32 > ::NEW)
                            .shape().is_some(), (&& &&
                            ::symtest_runtime::__private::Arg:: < Option < i32 > > ::NEW)
                            .shape().is_some(), (&& &&
                            ::symtest_runtime::__private::Arg:: < Vec < Option < i32 > >
                            > ::NEW).shape().is_some()
                        ],
                    },
                    ::symtest_runtime::__private::Probed {
                        written: "u8",
                        parts: &["u8"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < u8 > ::NEW)
                            .shape().is_some()
                        ],
                    },
                ],
            )
        },
        left_out: ::symtest_runtime::__private::std::vec::Vec::new(),
        constants: {
            #[allow(unused_imports)]
            use ::symtest_runtime::__private::{
                ViaGenes as _, ViaConstructor as _, ViaParse as _, NoArg as _,
            };
            let mut constants: ::symtest_runtime::__private::std::vec::Vec<
                ::symtest_runtime::__private::Constant,
            > = ::symtest_runtime::__private::std::vec::Vec::new();
            constants
                .extend(
                    (&&&&::symtest_runtime::__private::Arg::<Vec<Option<i32>>>::NEW)
                        .constants(),
                );
            constants
                .extend((&&&&::symtest_runtime::__private::Arg::<u8>::NEW).constants());
            constants
        },
        generic: ::symtest_runtime::__private::core::option::Option::None,
        formats: ::symtest_runtime::__private::core::option::Option::None,
        result: ::symtest_runtime::__private::core::option::Option::None,
    }
}
#[cfg(test)]
#[test]
#[doc(hidden)]
fn __symtest_entry_f() {
    ::symtest_runtime::__private::run_entry(__symtest_subject_f());
}
