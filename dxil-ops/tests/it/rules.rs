//! The generated validation rules: codes, ids, argument counts, and the message formatter with
//! the right and wrong numbers of arguments, for every rule.

#![allow(clippy::panic)] // a test fails by panicking

use std::fmt::Display;

use dxil_ops::rules::ValidationRule;
use dxil_ops::{ArgumentCount, ShaderKind, ShaderModel};

/// The distinct `%N` placeholders of a message, counted here without the generator's help.
fn placeholders(message: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut rest = message;
    while let Some(i) = rest.find('%') {
        rest = &rest[i + 1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse::<usize>()
            && !found.contains(&n)
        {
            found.push(n);
        }
    }
    found.sort_unstable();
    found
}

#[test]
fn every_rule_takes_as_many_arguments_as_its_message_has_placeholders() {
    let mut with_arguments = 0;
    for rule in ValidationRule::ALL {
        let found = placeholders(rule.message());
        let expected: Vec<usize> = (0..rule.arguments()).collect();
        assert_eq!(found, expected, "{rule}: {}", rule.message());
        with_arguments += usize::from(rule.arguments() > 0);
    }
    println!(
        "{}/{} rules: arguments = placeholders ({with_arguments} take arguments)",
        ValidationRule::ALL.len(),
        ValidationRule::ALL.len()
    );
    assert_eq!(ValidationRule::ALL.len(), 304);
}

#[test]
fn every_rule_formats_with_the_right_count_and_refuses_a_wrong_one() {
    let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
    ];
    let args: Vec<&dyn Display> = words.iter().map(|w| w as &dyn Display).collect();
    for rule in ValidationRule::ALL {
        let n = rule.arguments();
        assert!(n <= args.len(), "{rule} takes {n} arguments");
        let text = rule
            .format(&args[..n])
            .unwrap_or_else(|e| panic!("{rule}: {e}"))
            .to_string();
        for (i, w) in words.iter().take(n).enumerate() {
            assert!(
                text.contains(w),
                "{rule}: argument {i} missing from {text:?}"
            );
            assert!(
                !text.contains(&format!("%{i}")),
                "{rule}: %{i} left in {text:?}"
            );
        }
        for wrong in [n + 1, n.wrapping_sub(1)] {
            if wrong > args.len() {
                continue;
            }
            let e = rule
                .format(&args[..wrong])
                .expect_err("a wrong count fails");
            assert_eq!(
                e,
                ArgumentCount {
                    code: rule.code(),
                    expected: n,
                    found: wrong
                }
            );
        }
    }
}

#[test]
fn formatting_a_known_rule() {
    let rule = ValidationRule::from_code("INSTR.OLOAD").expect("INSTR.OLOAD is a rule");
    assert_eq!(rule.category(), "Instruction");
    assert_eq!(rule.to_string(), "INSTR.OLOAD");
    let with_two = ValidationRule::ALL
        .into_iter()
        .find(|r| r.arguments() == 2)
        .expect("some rule takes two arguments");
    let e = with_two.format(&[&"only one"]).expect_err("two needed");
    assert_eq!(
        e.to_string(),
        format!(
            "the message of {} takes 2 argument(s), 1 given",
            with_two.code()
        )
    );
}

#[test]
fn codes_and_ids_find_their_rule() {
    for rule in ValidationRule::ALL {
        assert_eq!(ValidationRule::from_code(rule.code()), Some(rule));
        assert_eq!(ValidationRule::from_id(rule.id()), Some(rule));
        assert_eq!(rule.id(), rule as u32);
        assert!(
            !rule.doc().is_empty() && !rule.category().is_empty(),
            "{rule}"
        );
    }
    assert_eq!(ValidationRule::from_code("INSTR.NOSUCHRULE"), None);
    assert_eq!(ValidationRule::from_code(""), None);
    assert_eq!(ValidationRule::from_id(u32::MAX), None);
}

#[test]
fn rules_apply_by_shader_model_and_stage() {
    let sm60 = ShaderModel::new(6, 0);
    for rule in ValidationRule::ALL {
        // The reference gives every rule shader model 6.0 and all stages, none disabled.
        assert!(rule.stages().is_empty(), "{rule}");
        assert_eq!(rule.shader_model(), sm60);
        assert!(!rule.is_disabled());
        assert!(rule.applies_to(sm60, ShaderKind::Pixel));
        assert!(!rule.applies_to(ShaderModel::new(5, 1), ShaderKind::Pixel));
    }
}
