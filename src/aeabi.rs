//! The ARM run-time ABI's memory helpers (`__aeabi_memcpy`, `__aeabi_memmove`,
//! `__aeabi_memset`, `__aeabi_memclr` and their 4- and 8-byte-aligned forms, "Run-time ABI
//! for the Arm Architecture" §4.3.4) as tail calls into the C library's `memcpy`,
//! `memmove` and `memset`, on bare-metal Arm only.
//!
//! Why: rustc calls these helpers for every struct copy and zeroing, and the archive
//! otherwise takes them from Rust's compiler_builtins, whose `memcpy` is several times the
//! size of newlib-nano's, which is usually in the image already (Decision 16).
//! Worse, compiler_builtins also defines `memcpy`, `memmove` and `memset`: as libcri.a
//! comes before the C library on a link line, those definitions replaced the application's
//! own for the whole program. The firmware build (cmake/libc_mem.cmake) deletes
//! compiler_builtins' copies of the C names and of these helpers from libcri.a, so the
//! C library provides `memcpy`, `memmove` and `memset` and these shims forward to them.
//! An archive built without that step (plain `cargo build`) still links: the shims win
//! over compiler_builtins' helpers and the C names come from compiler_builtins.
//!
//! Assembly, not Rust: a Rust body that calls `memcpy` may be turned back into
//! `__aeabi_memcpy` by the compiler, which would call itself. Each shim loads its target's
//! address and jumps (`bx`): Armv6-M's `b` reaches only 2 KB and gets no linker veneer.
//! Each family is in its own section so `--gc-sections` keeps only what is called. The
//! symbols are weak: a C library that defines a helper next to its `memcpy` (picolibc puts
//! `__aeabi_memcpy` in memcpy.o) replaces the shim instead of clashing with it.

core::arch::global_asm!(
    ".syntax unified",
    ".thumb",
    // (dest, src, n) -> memcpy(dest, src, n)
    ".section .text.__aeabi_memcpy,\"ax\",%progbits",
    ".p2align 2",
    ".weak __aeabi_memcpy, __aeabi_memcpy4, __aeabi_memcpy8",
    ".type __aeabi_memcpy, %function",
    ".type __aeabi_memcpy4, %function",
    ".type __aeabi_memcpy8, %function",
    ".thumb_func",
    "__aeabi_memcpy:",
    ".thumb_func",
    "__aeabi_memcpy4:",
    ".thumb_func",
    "__aeabi_memcpy8:",
    "ldr r3, 1f",
    "bx r3",
    ".p2align 2",
    "1: .word memcpy",
    // (dest, src, n) -> memmove(dest, src, n)
    ".section .text.__aeabi_memmove,\"ax\",%progbits",
    ".p2align 2",
    ".weak __aeabi_memmove, __aeabi_memmove4, __aeabi_memmove8",
    ".type __aeabi_memmove, %function",
    ".type __aeabi_memmove4, %function",
    ".type __aeabi_memmove8, %function",
    ".thumb_func",
    "__aeabi_memmove:",
    ".thumb_func",
    "__aeabi_memmove4:",
    ".thumb_func",
    "__aeabi_memmove8:",
    "ldr r3, 1f",
    "bx r3",
    ".p2align 2",
    "1: .word memmove",
    // (dest, n, c) -> memset(dest, c, n): the helper's last two arguments are swapped.
    ".section .text.__aeabi_memset,\"ax\",%progbits",
    ".p2align 2",
    ".weak __aeabi_memset, __aeabi_memset4, __aeabi_memset8",
    ".type __aeabi_memset, %function",
    ".type __aeabi_memset4, %function",
    ".type __aeabi_memset8, %function",
    ".thumb_func",
    "__aeabi_memset:",
    ".thumb_func",
    "__aeabi_memset4:",
    ".thumb_func",
    "__aeabi_memset8:",
    "mov r3, r1",
    "mov r1, r2",
    "mov r2, r3",
    "ldr r3, 1f",
    "bx r3",
    ".p2align 2",
    "1: .word memset",
    // (dest, n) -> memset(dest, 0, n)
    ".section .text.__aeabi_memclr,\"ax\",%progbits",
    ".p2align 2",
    ".weak __aeabi_memclr, __aeabi_memclr4, __aeabi_memclr8",
    ".type __aeabi_memclr, %function",
    ".type __aeabi_memclr4, %function",
    ".type __aeabi_memclr8, %function",
    ".thumb_func",
    "__aeabi_memclr:",
    ".thumb_func",
    "__aeabi_memclr4:",
    ".thumb_func",
    "__aeabi_memclr8:",
    "mov r2, r1",
    "movs r1, #0",
    "ldr r3, 1f",
    "bx r3",
    ".p2align 2",
    "1: .word memset",
    ".text",
);
