impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let __symtest_entered = if ::symtest_runtime::__private::concolic() {
            ::symtest_runtime::__private::entered(
                &__SYMTEST_META_Version__fmt__hb69cf3cc,
                || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
            )
        } else {
            ::symtest_runtime::__private::Entered::NONE
        };
        write!(f, "v{}", self.major)
    }
}
#[doc(hidden)]
#[allow(non_upper_case_globals)]
pub(crate) static __SYMTEST_META_Version__fmt__hb69cf3cc: ::symtest_runtime::__private::FunctionMeta = ::symtest_runtime::__private::FunctionMeta {
    name: "Version::fmt",
    module_path: ::symtest_runtime::__private::core::module_path!(),
    file: ::symtest_runtime::__private::core::file!(),
    line: 4u32,
    params: &["self", "f"],
    returns: "()",
    decisions: &[],
    loops: &[],
    symbolic: ::symtest_runtime::__private::PathTable::new(""),
    paths: ::symtest_runtime::__private::Paths::new("k2 p"),
    shadow: ::symtest_runtime::__private::ShadowMeta {
        params: &[],
        locals: 0u32,
        fields: &[],
        param_fields: &[],
        changes_self: false,
        defs: &[],
        decisions: &[],
        constants: &[],
    },
    members: &[],
};
#[doc(hidden)]
#[allow(
    dead_code,
    deprecated,
    non_snake_case,
    unused_mut,
    unused_variables,
    unreachable_code
)]
pub fn __symtest_subject_Version() -> ::symtest_runtime::__private::Subject {
    #[allow(unused_imports)]
    use ::symtest_runtime::__private::{
        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
        NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
    };
    fn choices() -> &'static ::symtest_runtime::__private::Choices {
        static CHOICES: ::symtest_runtime::__private::std::sync::OnceLock<
            ::symtest_runtime::__private::Choices,
        > = ::symtest_runtime::__private::std::sync::OnceLock::new();
        let list = || {
            #[allow(unused_imports)]
            use ::symtest_runtime::__private::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            let direct = match (&&::symtest_runtime::__private::Direct::<Version>::NEW)
                .shape()
            {
                ::symtest_runtime::__private::core::option::Option::Some(_) => {
                    ::symtest_runtime::__private::core::option::Option::None
                }
                ::symtest_runtime::__private::core::option::Option::None => {
                    ::symtest_runtime::__private::core::option::Option::Some(
                        ::symtest_runtime::__private::std::string::String::new(),
                    )
                }
            };
            ::symtest_runtime::__private::listing::<
                Version,
                _,
            >(|| {
                ::symtest_runtime::__private::Choices::new(
                    "Version",
                    &[
                        (
                            "from_str",
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoInput as _, ViaInput as _, ViaGenes as _,
                                    ViaConstructor as _, ViaParse as _, NoArg as _,
                                    NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                };
                                ::symtest_runtime::__private::unbuildable(
                                    &[
                                        ::symtest_runtime::__private::Probed {
                                            written: "&str",
                                            parts: &["String"],
                                            builds: ::symtest_runtime::__private::std::vec![
                                                (&& && ::symtest_runtime::__private::Arg:: <
                                                ::symtest_runtime::__private::std::string::String > ::NEW)
                                                .shape().is_some()
                                            ],
                                        },
                                    ],
                                )
                            },
                        ),
                        ("", direct),
                    ],
                    &[
                        (
                            "fmt",
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoInput as _, ViaInput as _, ViaGenes as _,
                                    ViaConstructor as _, ViaParse as _, NoArg as _,
                                    NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                };
                                ::symtest_runtime::__private::unbuildable(&[])
                            },
                        ),
                        (
                            "add",
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoInput as _, ViaInput as _, ViaGenes as _,
                                    ViaConstructor as _, ViaParse as _, NoArg as _,
                                    NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                };
                                ::symtest_runtime::__private::unbuildable(&[])
                            },
                        ),
                    ],
                )
            })
        };
        if ::symtest_runtime::__private::nested::<Version>() && CHOICES.get().is_none() {
            return ::symtest_runtime::__private::std::boxed::Box::leak(
                ::symtest_runtime::__private::std::boxed::Box::new(list()),
            );
        }
        CHOICES.get_or_init(list)
    }
    fn made_shape() -> ::symtest_runtime::__private::Shape {
        #[allow(unused_imports)]
        use ::symtest_runtime::__private::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
            ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _,
        };
        let mut made: ::symtest_runtime::__private::std::vec::Vec<
            ::symtest_runtime::__private::Shape,
        > = ::symtest_runtime::__private::std::vec![
            choices().made_field(0u128, || {
            ::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec![::symtest_runtime::__private::shape_or_none((&&
            && ::symtest_runtime::__private::Arg:: <
            ::symtest_runtime::__private::std::string::String > ::NEW).shape())]) })
        ];
        if let ::symtest_runtime::__private::core::option::Option::Some(shape) = (&&::symtest_runtime::__private::Direct::<
            Version,
        >::NEW)
            .shape()
        {
            made.push(shape);
        }
        let tag = ::symtest_runtime::__private::Shape::Tag(choices().made_count());
        ::symtest_runtime::__private::Shape::Tuple(
            ::symtest_runtime::__private::core::iter::once(tag).chain(made).collect(),
        )
    }
    fn make(
        made: &::symtest_runtime::__private::Value,
        path: &[usize],
        follow: bool,
        capture: bool,
    ) -> ::symtest_runtime::__private::core::result::Result<
        Version,
        ::symtest_runtime::__private::Outcome,
    > {
        #[allow(unused_imports)]
        use ::symtest_runtime::__private::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
            ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _,
        };
        let mut outcome = ::symtest_runtime::__private::Outcome::Returned {
            literal: ::symtest_runtime::__private::core::option::Option::None,
            debug: ::symtest_runtime::__private::core::option::Option::None,
            comparable: false,
        };
        match choices().made(made.item(0).as_int()) {
            0u128 => {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{
                    NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                    ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                    NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                };
                let __symtest_arg0: ::symtest_runtime::__private::std::string::String = match ::symtest_runtime::__private::argument_at(
                    ::symtest_runtime::__private::core::option::Option::None,
                    0u32,
                    &[path, &[1usize]].concat(),
                    0usize,
                    |at| match at {
                        ::symtest_runtime::__private::core::option::Option::Some(at) => {
                            (&&&&::symtest_runtime::__private::Arg::<
                                ::symtest_runtime::__private::std::string::String,
                            >::NEW)
                                .build(made.item(1usize).item(0usize), at)
                        }
                        ::symtest_runtime::__private::core::option::Option::None => {
                            (&&&&::symtest_runtime::__private::Arg::<
                                ::symtest_runtime::__private::std::string::String,
                            >::NEW)
                                .decode(made.item(1usize).item(0usize))
                        }
                    },
                ) {
                    ::symtest_runtime::__private::core::option::Option::Some(value) => {
                        value
                    }
                    ::symtest_runtime::__private::core::option::Option::None => {
                        return ::symtest_runtime::__private::core::result::Result::Err(
                            ::symtest_runtime::__private::Outcome::Invalid,
                        );
                    }
                };
                let __symtest_pass0 = &__symtest_arg0;
                if follow {
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::frame(
                            &__SYMTEST_META_Version__from_str__hffaaaa34,
                            &[path, &[1usize]].concat(),
                            0u32,
                        );
                    }
                }
                match {
                    let returned = <Version as FromStr>::from_str(__symtest_pass0);
                    let class: ::symtest_runtime::__private::core::option::Option<
                        usize,
                    > = ::symtest_runtime::__private::core::option::Option::Some(
                        usize::from(returned.is_err()),
                    );
                    if let ::symtest_runtime::__private::core::option::Option::Some(
                        class,
                    ) = class {
                        ::symtest_runtime::__private::output(
                            &__SYMTEST_META_Version__from_str__hffaaaa34,
                            class,
                        );
                    }
                    returned
                } {
                    ::symtest_runtime::__private::core::result::Result::Ok(object) => {
                        ::symtest_runtime::__private::core::result::Result::Ok(object)
                    }
                    returned => {
                        if capture {
                            outcome = {
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
                            };
                        }
                        ::symtest_runtime::__private::core::result::Result::Err(outcome)
                    }
                }
            }
            _ => {
                let built = match ::symtest_runtime::__private::made_only() {
                    true => ::symtest_runtime::__private::core::option::Option::None,
                    false => {
                        match follow {
                            true => {
                                (&&::symtest_runtime::__private::Direct::<Version>::NEW)
                                    .build(made.item(2usize), &[path, &[2usize]].concat())
                            }
                            false => {
                                (&&::symtest_runtime::__private::Direct::<Version>::NEW)
                                    .decode(made.item(2usize))
                            }
                        }
                    }
                };
                match built {
                    ::symtest_runtime::__private::core::option::Option::Some(object) => {
                        ::symtest_runtime::__private::core::result::Result::Ok(object)
                    }
                    ::symtest_runtime::__private::core::option::Option::None => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoInput as _, ViaInput as _, ViaGenes as _,
                            ViaConstructor as _, ViaParse as _, NoArg as _,
                            NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                            NoLiteral as _, ViaLiteral as _,
                        };
                        let __symtest_arg0: ::symtest_runtime::__private::std::string::String = match ::symtest_runtime::__private::argument_at(
                            ::symtest_runtime::__private::core::option::Option::None,
                            0u32,
                            &[path, &[1usize]].concat(),
                            0usize,
                            |at| match at {
                                ::symtest_runtime::__private::core::option::Option::Some(
                                    at,
                                ) => {
                                    (&&&&::symtest_runtime::__private::Arg::<
                                        ::symtest_runtime::__private::std::string::String,
                                    >::NEW)
                                        .build(made.item(1usize).item(0usize), at)
                                }
                                ::symtest_runtime::__private::core::option::Option::None => {
                                    (&&&&::symtest_runtime::__private::Arg::<
                                        ::symtest_runtime::__private::std::string::String,
                                    >::NEW)
                                        .decode(made.item(1usize).item(0usize))
                                }
                            },
                        ) {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                value,
                            ) => value,
                            ::symtest_runtime::__private::core::option::Option::None => {
                                return ::symtest_runtime::__private::core::result::Result::Err(
                                    ::symtest_runtime::__private::Outcome::Invalid,
                                );
                            }
                        };
                        let __symtest_pass0 = &__symtest_arg0;
                        if follow {
                            if ::symtest_runtime::__private::concolic() {
                                ::symtest_runtime::__private::frame(
                                    &__SYMTEST_META_Version__from_str__hffaaaa34,
                                    &[path, &[1usize]].concat(),
                                    0u32,
                                );
                            }
                        }
                        match {
                            let returned = <Version as FromStr>::from_str(
                                __symtest_pass0,
                            );
                            let class: ::symtest_runtime::__private::core::option::Option<
                                usize,
                            > = ::symtest_runtime::__private::core::option::Option::Some(
                                usize::from(returned.is_err()),
                            );
                            if let ::symtest_runtime::__private::core::option::Option::Some(
                                class,
                            ) = class {
                                ::symtest_runtime::__private::output(
                                    &__SYMTEST_META_Version__from_str__hffaaaa34,
                                    class,
                                );
                            }
                            returned
                        } {
                            ::symtest_runtime::__private::core::result::Result::Ok(
                                object,
                            ) => {
                                ::symtest_runtime::__private::core::result::Result::Ok(
                                    object,
                                )
                            }
                            returned => {
                                if capture {
                                    outcome = {
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
                                    };
                                }
                                ::symtest_runtime::__private::core::result::Result::Err(
                                    outcome,
                                )
                            }
                        }
                    }
                }
            }
        }
    }
    fn make_text(
        made: &::symtest_runtime::__private::Value,
    ) -> ::symtest_runtime::__private::Making<Version> {
        #[allow(unused_imports)]
        use ::symtest_runtime::__private::{
            NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
            ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
            ViaView as _,
        };
        match choices().made(made.item(0).as_int()) {
            0u128 => {
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{
                    NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                    ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                    NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                };
                let __symtest_arg0: ::symtest_runtime::__private::std::string::String = match (&&&&::symtest_runtime::__private::Arg::<
                    ::symtest_runtime::__private::std::string::String,
                >::NEW)
                    .decode(made.item(1usize).item(0usize))
                {
                    ::symtest_runtime::__private::core::option::Option::Some(value) => {
                        value
                    }
                    ::symtest_runtime::__private::core::option::Option::None => {
                        return ::symtest_runtime::__private::Making::Failed(
                            ::symtest_runtime::__private::std::string::String::new(),
                        );
                    }
                };
                let text: ::symtest_runtime::__private::std::string::String = ::symtest_runtime::__private::std::format!(
                    "{}.parse::<{}>()", match (&& && ::symtest_runtime::__private::Arg::
                    < ::symtest_runtime::__private::std::string::String > ::NEW)
                    .text(made.item(1usize).item(0usize), "String") {
                    ::symtest_runtime::__private::core::option::Option::Some(text) => {
                    ::symtest_runtime::__private::std::format!("{}{}", "&", text) }
                    ::symtest_runtime::__private::core::option::Option::None => { let
                    borrowed : & str = & __symtest_arg0; (&&
                    ::symtest_runtime::__private::Rendered(& borrowed)).literal()
                    .unwrap_or_else(|| ::symtest_runtime::__private::unwritable(&
                    borrowed)) }, }, "Version"
                );
                let __symtest_pass0 = &__symtest_arg0;
                match ::symtest_runtime::__private::catch(move || <Version as FromStr>::from_str(
                    __symtest_pass0,
                )) {
                    ::symtest_runtime::__private::core::result::Result::Ok(made) => {
                        match made {
                            ::symtest_runtime::__private::core::result::Result::Ok(
                                object,
                            ) => {
                                ::symtest_runtime::__private::Making::Made(
                                    object,
                                    ::symtest_runtime::__private::std::format!(
                                        "{text}.ok().unwrap()"
                                    ),
                                )
                            }
                            ::symtest_runtime::__private::core::result::Result::Err(
                                _,
                            ) => {
                                ::symtest_runtime::__private::Making::Failed(
                                    ::symtest_runtime::__private::std::format!(
                                        "assert!({text}.is_err());"
                                    ),
                                )
                            }
                        }
                    }
                    ::symtest_runtime::__private::core::result::Result::Err(_) => {
                        ::symtest_runtime::__private::Making::Panicked(
                            ::symtest_runtime::__private::std::format!("let _ = {text};"),
                        )
                    }
                }
            }
            _ => {
                let built = match ::symtest_runtime::__private::made_only() {
                    true => ::symtest_runtime::__private::core::option::Option::None,
                    false => {
                        (&&::symtest_runtime::__private::Direct::<Version>::NEW)
                            .decode(made.item(2usize))
                    }
                };
                match built {
                    ::symtest_runtime::__private::core::option::Option::Some(object) => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaLiteral as _, NoLiteral as _,
                        };
                        let literal = ::symtest_runtime::__private::typed(|| {
                                (&&::symtest_runtime::__private::Rendered(&object))
                                    .literal()
                            })
                            .unwrap_or_else(|| ::symtest_runtime::__private::unwritable(
                                &object,
                            ));
                        ::symtest_runtime::__private::Making::Made(object, literal)
                    }
                    ::symtest_runtime::__private::core::option::Option::None => {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoInput as _, ViaInput as _, ViaGenes as _,
                            ViaConstructor as _, ViaParse as _, NoArg as _,
                            NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                            NoLiteral as _, ViaLiteral as _,
                        };
                        let __symtest_arg0: ::symtest_runtime::__private::std::string::String = match (&&&&::symtest_runtime::__private::Arg::<
                            ::symtest_runtime::__private::std::string::String,
                        >::NEW)
                            .decode(made.item(1usize).item(0usize))
                        {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                value,
                            ) => value,
                            ::symtest_runtime::__private::core::option::Option::None => {
                                return ::symtest_runtime::__private::Making::Failed(
                                    ::symtest_runtime::__private::std::string::String::new(),
                                );
                            }
                        };
                        let text: ::symtest_runtime::__private::std::string::String = ::symtest_runtime::__private::std::format!(
                            "{}.parse::<{}>()", match (&& &&
                            ::symtest_runtime::__private::Arg:: <
                            ::symtest_runtime::__private::std::string::String > ::NEW)
                            .text(made.item(1usize).item(0usize), "String") {
                            ::symtest_runtime::__private::core::option::Option::Some(text)
                            => { ::symtest_runtime::__private::std::format!("{}{}", "&",
                            text) }
                            ::symtest_runtime::__private::core::option::Option::None => {
                            let borrowed : & str = & __symtest_arg0; (&&
                            ::symtest_runtime::__private::Rendered(& borrowed)).literal()
                            .unwrap_or_else(|| ::symtest_runtime::__private::unwritable(&
                            borrowed)) }, }, "Version"
                        );
                        let __symtest_pass0 = &__symtest_arg0;
                        match ::symtest_runtime::__private::catch(move || <Version as FromStr>::from_str(
                            __symtest_pass0,
                        )) {
                            ::symtest_runtime::__private::core::result::Result::Ok(
                                made,
                            ) => {
                                match made {
                                    ::symtest_runtime::__private::core::result::Result::Ok(
                                        object,
                                    ) => {
                                        ::symtest_runtime::__private::Making::Made(
                                            object,
                                            ::symtest_runtime::__private::std::format!(
                                                "{text}.ok().unwrap()"
                                            ),
                                        )
                                    }
                                    ::symtest_runtime::__private::core::result::Result::Err(
                                        _,
                                    ) => {
                                        ::symtest_runtime::__private::Making::Failed(
                                            ::symtest_runtime::__private::std::format!(
                                                "assert!({text}.is_err());"
                                            ),
                                        )
                                    }
                                }
                            }
                            ::symtest_runtime::__private::core::result::Result::Err(
                                _,
                            ) => {
                                ::symtest_runtime::__private::Making::Panicked(
                                    ::symtest_runtime::__private::std::format!(
                                        "let _ = {text};"
                                    ),
                                )
                            }
                        }
                    }
                }
            }
        }
    }
    #[allow(non_local_definitions)]
    impl ::symtest_runtime::__private::Constructed for Version {
        fn made_shape() -> ::symtest_runtime::__private::core::option::Option<
            ::symtest_runtime::__private::Shape,
        > {
            let listed = ::symtest_runtime::__private::making::<
                Version,
                _,
            >(|| { (choices().made_count() > 0).then(made_shape) });
            listed.flatten()
        }
        fn make(
            genes: &::symtest_runtime::__private::Value,
        ) -> ::symtest_runtime::__private::core::option::Option<Self> {
            make(genes, &[], false, false).ok()
        }
        fn make_at(
            genes: &::symtest_runtime::__private::Value,
            path: &[usize],
        ) -> ::symtest_runtime::__private::core::option::Option<Self> {
            make(genes, path, true, false).ok()
        }
        fn make_text(
            genes: &::symtest_runtime::__private::Value,
        ) -> ::symtest_runtime::__private::core::option::Option<
            ::symtest_runtime::__private::std::string::String,
        > {
            match make_text(genes) {
                ::symtest_runtime::__private::Making::Made(_, text) => {
                    ::symtest_runtime::__private::core::option::Option::Some(text)
                }
                _ => ::symtest_runtime::__private::core::option::Option::None,
            }
        }
        fn constants() -> ::symtest_runtime::__private::std::vec::Vec<
            ::symtest_runtime::__private::Constant,
        > {
            let tables: &[&::symtest_runtime::__private::FunctionMeta] = &[
                &__SYMTEST_META_Version__from_str__hffaaaa34,
            ];
            tables
                .iter()
                .flat_map(|table| table.shadow.constants.iter().copied())
                .collect()
        }
    }
    static META: ::symtest_runtime::__private::std::sync::OnceLock<
        &'static ::symtest_runtime::__private::FunctionMeta,
    > = ::symtest_runtime::__private::std::sync::OnceLock::new();
    let meta = *META
        .get_or_init(|| {
            ::symtest_runtime::__private::combine(
                "Version",
                ::symtest_runtime::__private::core::module_path!(),
                ::symtest_runtime::__private::core::file!(),
                3u32,
                &[
                    &__SYMTEST_META_Version__from_str__hffaaaa34,
                    &__SYMTEST_META_Version__fmt__hb69cf3cc,
                    &__SYMTEST_META_Version__add__h705a84bd,
                ],
            )
        });
    ::symtest_runtime::__private::Subject {
        meta,
        shape: ::symtest_runtime::__private::Shape::Tuple(
            ::symtest_runtime::__private::std::vec![
                made_shape(), ::symtest_runtime::__private::Shape::Seq { item :
                ::symtest_runtime::__private::std::boxed::Box::new(::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec![::symtest_runtime::__private::Shape::Tag(choices()
                .call_count()), choices().call_field(0u128, || {
                ::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec![])
                }), choices().call_field(1u128, || {
                ::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec![::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec::Vec::new())])
                }),
                ::symtest_runtime::__private::Shape::Tuple(::symtest_runtime::__private::std::vec![made_shape()])])),
                max_len : ::symtest_runtime::__private::SEQUENCE_CALLS, },
            ],
        ),
        exec: |
            value: &::symtest_runtime::__private::Value,
            capture: bool,
        | -> ::symtest_runtime::__private::Outcome {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::Outcome {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let run = ::symtest_runtime::__private::catch(move || -> ::symtest_runtime::__private::Outcome {
                        let mut outcome = ::symtest_runtime::__private::Outcome::Returned {
                            literal: ::symtest_runtime::__private::core::option::Option::None,
                            debug: ::symtest_runtime::__private::core::option::Option::None,
                            comparable: false,
                        };
                        let mut object: Version = match make(made, &[0], true, capture) {
                            ::symtest_runtime::__private::core::result::Result::Ok(
                                object,
                            ) => object,
                            ::symtest_runtime::__private::core::result::Result::Err(
                                outcome,
                            ) => return outcome,
                        };
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoFields as _, ViaFields as _,
                            };
                            (&&::symtest_runtime::__private::Observed(&object))
                                .observe();
                        }
                        for (position, call) in calls.items().iter().enumerate() {
                            match choices().call(call.item(0).as_int()) {
                                0u128 => {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoInput as _, ViaInput as _, ViaGenes as _,
                                        ViaConstructor as _, ViaParse as _, NoArg as _,
                                        NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                        NoLiteral as _, ViaLiteral as _,
                                    };
                                    if ::symtest_runtime::__private::concolic() {
                                        ::symtest_runtime::__private::frame(
                                            &__SYMTEST_META_Version__fmt__hb69cf3cc,
                                            &[1, position, 1usize],
                                            1u32,
                                        );
                                    }
                                    let returned = ::symtest_runtime::__private::std::string::ToString::to_string(
                                        &::symtest_runtime::__private::Shown(
                                            &object,
                                            <Version as fmt::Display>::fmt,
                                        ),
                                    );
                                    if capture {
                                        outcome = {
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
                                        };
                                    }
                                }
                                _ => {
                                    let made = ::symtest_runtime::__private::argument(
                                        ::symtest_runtime::__private::core::option::Option::Some(
                                            position,
                                        ),
                                        1u32,
                                        &[1, position, 3usize, 0usize],
                                        |follow| {
                                            make(
                                                call.item(3usize).item(0usize),
                                                &[1, position, 3usize, 0usize],
                                                follow,
                                                false,
                                            )
                                        },
                                    );
                                    let __symtest_operand0 = match made {
                                        ::symtest_runtime::__private::core::result::Result::Ok(
                                            object,
                                        ) => object,
                                        ::symtest_runtime::__private::core::result::Result::Err(
                                            _,
                                        ) => continue,
                                    };
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoInput as _, ViaInput as _, ViaGenes as _,
                                        ViaConstructor as _, ViaParse as _, NoArg as _,
                                        NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                        NoLiteral as _, ViaLiteral as _,
                                    };
                                    let __symtest_arg0: Version = __symtest_operand0;
                                    let __symtest_pass0 = __symtest_arg0;
                                    if ::symtest_runtime::__private::concolic() {
                                        ::symtest_runtime::__private::frame(
                                            &__SYMTEST_META_Version__add__h705a84bd,
                                            &[1, position, 2usize],
                                            1u32,
                                        );
                                    }
                                    let returned = <Version as Add>::add(
                                        object,
                                        __symtest_pass0,
                                    );
                                    if capture {
                                        outcome = {
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
                                        };
                                    }
                                    break;
                                }
                            }
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoFields as _, ViaFields as _,
                                };
                                (&&::symtest_runtime::__private::Observed(&object))
                                    .observe();
                            }
                        }
                        outcome
                    });
                    match run {
                        ::symtest_runtime::__private::core::result::Result::Ok(
                            outcome,
                        ) => outcome,
                        ::symtest_runtime::__private::core::result::Result::Err(
                            outcome,
                        ) => outcome,
                    }
                },
            )
        },
        render: |
            value: &::symtest_runtime::__private::Value,
        | -> ::symtest_runtime::__private::std::vec::Vec<
            ::symtest_runtime::__private::std::string::String,
        > {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::std::vec::Vec<
                    ::symtest_runtime::__private::std::string::String,
                > {
                    let made = value.item(0);
                    let calls = value.item(1);
                    let var = ::symtest_runtime::__private::variable("Version", &[]);
                    let mut lines: ::symtest_runtime::__private::std::vec::Vec<
                        ::symtest_runtime::__private::std::string::String,
                    > = ::symtest_runtime::__private::std::vec::Vec::new();
                    let mut mutated = false;
                    let made: ::symtest_runtime::__private::core::option::Option<
                        Version,
                    > = match make_text(made) {
                        ::symtest_runtime::__private::Making::Made(object, text) => {
                            lines
                                .push(
                                    ::symtest_runtime::__private::std::format!(
                                        "let mut {var} = {text};"
                                    ),
                                );
                            ::symtest_runtime::__private::core::option::Option::Some(
                                object,
                            )
                        }
                        ::symtest_runtime::__private::Making::Failed(line)
                        | ::symtest_runtime::__private::Making::Panicked(line) => {
                            lines.push(line);
                            ::symtest_runtime::__private::core::option::Option::None
                        }
                    };
                    if let ::symtest_runtime::__private::core::option::Option::Some(
                        mut object,
                    ) = made {
                        let first = lines.len() - 1;
                        let mut alive = true;
                        for call in calls.items() {
                            match choices().call(call.item(0).as_int()) {
                                0u128 => {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoInput as _, ViaInput as _, ViaGenes as _,
                                        ViaConstructor as _, ViaParse as _, NoArg as _,
                                        NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                        NoLiteral as _, ViaLiteral as _,
                                    };
                                    let text: ::symtest_runtime::__private::std::string::String = ::symtest_runtime::__private::std::format!(
                                        "{}.to_string()", var
                                    );
                                    mutated |= false;
                                    match ::symtest_runtime::__private::catch(|| ::symtest_runtime::__private::std::string::ToString::to_string(
                                        &::symtest_runtime::__private::Shown(
                                            &object,
                                            <Version as fmt::Display>::fmt,
                                        ),
                                    )) {
                                        ::symtest_runtime::__private::core::result::Result::Ok(
                                            returned,
                                        ) => {
                                            #[allow(unused_imports)]
                                            use ::symtest_runtime::__private::{
                                                ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _,
                                                NoEq as _, NoLiteral as _,
                                            };
                                            let returned = returned.as_str();
                                            lines
                                                .push(
                                                    ::symtest_runtime::__private::step(
                                                        &text,
                                                        "to_string",
                                                        "String",
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .literal(),
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .debug(),
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .comparable(),
                                                        false,
                                                    ),
                                                );
                                        }
                                        ::symtest_runtime::__private::core::result::Result::Err(
                                            _,
                                        ) => {
                                            lines
                                                .push(
                                                    ::symtest_runtime::__private::step(
                                                        &text,
                                                        "to_string",
                                                        "String",
                                                        ::symtest_runtime::__private::core::option::Option::None,
                                                        ::symtest_runtime::__private::core::option::Option::None,
                                                        false,
                                                        true,
                                                    ),
                                                );
                                            alive = false;
                                            break;
                                        }
                                    }
                                }
                                _ => {
                                    let (__symtest_operand0, __symtest_operand_text0) = match make_text(
                                        call.item(3usize).item(0usize),
                                    ) {
                                        ::symtest_runtime::__private::Making::Made(object, text) => {
                                            (object, text)
                                        }
                                        ::symtest_runtime::__private::Making::Failed(_) => continue,
                                        ::symtest_runtime::__private::Making::Panicked(line) => {
                                            lines.push(line);
                                            alive = false;
                                            break;
                                        }
                                    };
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoInput as _, ViaInput as _, ViaGenes as _,
                                        ViaConstructor as _, ViaParse as _, NoArg as _,
                                        NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
                                        NoLiteral as _, ViaLiteral as _,
                                    };
                                    let __symtest_arg0: Version = __symtest_operand0;
                                    let text: ::symtest_runtime::__private::std::string::String = ::symtest_runtime::__private::std::format!(
                                        "{} {} {}", var, "+",
                                        ::symtest_runtime::__private::std::format!("{}{}", "",
                                        __symtest_operand_text0)
                                    );
                                    mutated |= false;
                                    let __symtest_pass0 = __symtest_arg0;
                                    match ::symtest_runtime::__private::catch(move || <Version as Add>::add(
                                        object,
                                        __symtest_pass0,
                                    )) {
                                        ::symtest_runtime::__private::core::result::Result::Ok(
                                            returned,
                                        ) => {
                                            #[allow(unused_imports)]
                                            use ::symtest_runtime::__private::{
                                                ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _,
                                                NoEq as _, NoLiteral as _,
                                            };
                                            lines
                                                .push(
                                                    ::symtest_runtime::__private::step(
                                                        &text,
                                                        "add",
                                                        "Version",
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .literal(),
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .debug(),
                                                        (&&::symtest_runtime::__private::Rendered(&returned))
                                                            .comparable(),
                                                        false,
                                                    ),
                                                );
                                            break;
                                        }
                                        ::symtest_runtime::__private::core::result::Result::Err(
                                            _,
                                        ) => {
                                            lines
                                                .push(
                                                    ::symtest_runtime::__private::step(
                                                        &text,
                                                        "add",
                                                        "Version",
                                                        ::symtest_runtime::__private::core::option::Option::None,
                                                        ::symtest_runtime::__private::core::option::Option::None,
                                                        false,
                                                        true,
                                                    ),
                                                );
                                            alive = false;
                                            break;
                                        }
                                    }
                                }
                            }
                        }
                        if alive {}
                        if !mutated {
                            lines[first] = lines[first].replacen("let mut ", "let ", 1);
                        }
                    }
                    lines
                },
            )
        },
        skipped: choices().skipped(),
        left_out: choices().left_out(),
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
                    (&&&&::symtest_runtime::__private::Arg::<
                        ::symtest_runtime::__private::std::string::String,
                    >::NEW)
                        .constants(),
                );
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
#[allow(non_snake_case)]
fn __symtest_entry_Version() {
    ::symtest_runtime::__private::run_entry(__symtest_subject_Version());
}
