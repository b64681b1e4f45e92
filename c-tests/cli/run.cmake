# cri-tool's command line against expected output (ctest: cri_tool_cli).
#
#   cmake -DTOOL=<path to cri-tool> -DDIR=<this directory> -P run.cmake
#
# Each cli_case(NAME ...) runs cri-tool once and checks
#   stdout      against DIR/NAME.out (no such file: stdout must be empty),
#   stderr      against DIR/NAME.err (no such file: empty; usage errors, EXIT 2, only
#               need some message, their wording is free),
#   exit status against EXIT (default 0).
# Options: STDIN <file in DIR> (default: empty input), STDOUT <expected file> (instead of
# NAME.out), STDOUT_MATCH <regex> (instead of an exact stdout), ARGS <arguments...>.
#
# The expected files are written from the specs, not from cri-tool's output:
# RFC 3986 §5.4 (resolve_rfc3986), §6.2.2/§6.2.3 (normalize), the exercise in
# c-tests/test_exercise.c (split_exercise, encode, decode_percent), draft-ietf-core-href-27
# (cri_*), RFC 3987 §3.1/§3.2 (iri_*, *_iri), RFC 7252 §3.1 and §6.4 (coap_*), and the
# cri.h docs.
cmake_minimum_required(VERSION 3.16)

if(NOT TOOL OR NOT DIR)
  message(FATAL_ERROR "usage: cmake -DTOOL=<cri-tool> -DDIR=<c-tests/cli> -P run.cmake")
endif()

set(WORK "${CMAKE_CURRENT_BINARY_DIR}/cri_tool_cli")
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/empty.in" "")
set(FAILED "")

# Splits the first line off the text in variable `text_var` into `line_var`;
# `line_var` is "<end of output>" when the text is used up.
macro(pop_line text_var line_var)
  if("${${text_var}}" STREQUAL "")
    set(${line_var} "<end of output>")
  else()
    string(FIND "${${text_var}}" "\n" _nl)
    if(_nl EQUAL -1)
      set(${line_var} "${${text_var}}")
      set(${text_var} "")
    else()
      string(SUBSTRING "${${text_var}}" 0 ${_nl} ${line_var})
      math(EXPR _nl "${_nl} + 1")
      string(SUBSTRING "${${text_var}}" ${_nl} -1 ${text_var})
    endif()
  endif()
endmacro()

# Sets `out_var` to a diff-like description of the first line where the texts differ,
# followed by both texts in full when they are short enough to read.
function(describe_difference what expected actual out_var)
  set(e "${expected}")
  set(a "${actual}")
  set(n 1)
  while(TRUE)
    if("${e}" STREQUAL "" AND "${a}" STREQUAL "")
      # Every line matched (e_line equals a_line): only the final newline differs.
      math(EXPR n "${n} - 1")
      set(with_nl "${e_line} (newline at the end)")
      set(without_nl "${e_line} (no newline at the end)")
      if("${expected}" MATCHES "\n$")
        set(e_line "${with_nl}")
        set(a_line "${without_nl}")
      else()
        set(e_line "${without_nl}")
        set(a_line "${with_nl}")
      endif()
      break()
    endif()
    pop_line(e e_line)
    pop_line(a a_line)
    if(NOT "${e_line}" STREQUAL "${a_line}")
      break()
    endif()
    math(EXPR n "${n} + 1")
  endwhile()
  foreach(v e_line a_line)
    string(LENGTH "${${v}}" len)
    if(len GREATER 300)
      string(SUBSTRING "${${v}}" 0 300 ${v})
      set(${v} "${${v}}... (${len} bytes)")
    endif()
  endforeach()
  set(msg "${what} differs at line ${n}:\n  - expected: ${e_line}\n  + actual:   ${a_line}\n")
  string(LENGTH "${expected}${actual}" total)
  if(total LESS 1500)
    string(APPEND msg "--- expected\n${expected}--- actual\n${actual}---\n")
  endif()
  set(${out_var} "${msg}" PARENT_SCOPE)
endfunction()

function(cli_case name)
  cmake_parse_arguments(PARSE_ARGV 1 C "" "EXIT;STDIN;STDOUT;STDOUT_MATCH" "ARGS")
  if(NOT DEFINED C_EXIT)
    set(C_EXIT 0)
  endif()
  set(stdin "${WORK}/empty.in")
  if(C_STDIN)
    set(stdin "${C_STDIN}")
    if(NOT IS_ABSOLUTE "${stdin}")
      set(stdin "${DIR}/${stdin}")
    endif()
  endif()
  if(NOT C_STDOUT)
    set(C_STDOUT "${DIR}/${name}.out")
  endif()

  execute_process(COMMAND "${TOOL}" ${C_ARGS}
    INPUT_FILE "${stdin}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
    TIMEOUT 60)

  set(problems "")
  if(NOT "${rc}" STREQUAL "${C_EXIT}")
    string(APPEND problems "exit status ${rc}, expected ${C_EXIT}\n")
  endif()

  if(C_STDOUT_MATCH)
    if(NOT "${out}" MATCHES "${C_STDOUT_MATCH}")
      string(APPEND problems "stdout does not match '${C_STDOUT_MATCH}':\n${out}\n")
    endif()
  else()
    set(expected "")
    if(EXISTS "${C_STDOUT}")
      file(READ "${C_STDOUT}" expected)
    endif()
    if(NOT "${out}" STREQUAL "${expected}")
      describe_difference("stdout" "${expected}" "${out}" d)
      string(APPEND problems "${d}")
    endif()
  endif()

  if(EXISTS "${DIR}/${name}.err")
    file(READ "${DIR}/${name}.err" expected)
    if(NOT "${err}" STREQUAL "${expected}")
      describe_difference("stderr" "${expected}" "${err}" d)
      string(APPEND problems "${d}")
    endif()
  elseif(C_EXIT EQUAL 2)
    if("${err}" STREQUAL "")
      string(APPEND problems "no message on stderr for a usage error\n")
    endif()
  elseif(NOT "${err}" STREQUAL "")
    string(APPEND problems "unexpected stderr:\n${err}\n")
  endif()

  if(problems)
    # The command line from ARGV, as given: C_ARGS would show "d;p" as a list.
    set(shown "cri-tool")
    set(in_args FALSE)
    foreach(i RANGE 1 ${ARGC})
      if(i EQUAL ARGC)
        break()
      elseif(in_args)
        string(APPEND shown " '${ARGV${i}}'")
      elseif("${ARGV${i}}" STREQUAL "ARGS")
        set(in_args TRUE)
      endif()
    endforeach()
    if(C_STDIN)
      string(APPEND shown " < ${C_STDIN}")
    endif()
    message("FAIL ${name}: ${shown}\n${problems}")
    set(FAILED "${FAILED} ${name}" PARENT_SCOPE)
  else()
    message("ok   ${name}")
  endif()
endfunction()

# ---- split ---------------------------------------------------------------------------

# The exercise's URL: every component, the path as written (no dot-segment removal).
cli_case(split_exercise ARGS split --json
  "http://mario:pwd@www.example.com:8080/a/b/../c.html?x=1&y=2#sezione")
# An empty query is not an absent one.
cli_case(split_query ARGS split --json "http://a/b?" "http://a/b")
# A space is not allowed after the host (offset 8); an out-of-range port still has parts.
cli_case(split_invalid EXIT 1 ARGS split --json "http://a b/" "http://a:65536/")
# Batch mode, plain output: the bad line 2 is reported and the others still printed.
cli_case(split_batch EXIT 1 STDIN split_batch.in ARGS split)
# Lenient: RFC 3986 Appendix B parts, with the strict verdict; not a failure.
cli_case(split_lenient ARGS split --lenient --json "http://a b/")
# Plain --lenient output stays tab-separated: a TAB inside a component is \x09.
cli_case(split_lenient_tab ARGS split --lenient "http://a\tb/c d?q\te")

# ---- resolve -------------------------------------------------------------------------

# RFC 3986 §5.4.1 and §5.4.2, one reference per line (line 15 is the empty reference);
# "http:g" gives "http:g" as for a strict parser.
cli_case(resolve_rfc3986 STDIN resolve_rfc3986.in ARGS resolve "http://a/b/c/d;p?q")
cli_case(resolve_json ARGS resolve --json "http://a/b/c/d;p?q" "../g" "g?y/./x" "//g")
# A base without a scheme is reported once; no reference is read.
cli_case(resolve_bad_base EXIT 1 ARGS resolve "b/c" "g")
# --json with a bad BASE (RFC 3986 §5.1: no scheme): one object per input all the same,
# each with the base's error; stderr names the base once.
cli_case(resolve_bad_base_json EXIT 1 ARGS resolve --json "b/c" "g" "h")

# ---- normalize -----------------------------------------------------------------------

# The brief's example; RFC 3986 §6.2.2 (eXAMPLE...); §6.2.3's four equivalent forms.
cli_case(normalize ARGS normalize
  "HTTP://www.Example.COM:80/a/./b/../c/%7euser"
  "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
  "http://example.com" "http://example.com:/" "http://example.com:80/")
# uri_equivalent (RFC 3986 §6.2.2, §6.2.3): scheme and host case (§6.2.2.1), %7E
# (§6.2.2.2), the default and the empty port (§6.2.3) and a port's leading zeros
# (Decision 14) do not matter; the case of the path does.
cli_case(equivalent ARGS equivalent "http://example.com/~smith"
  "HTTP://Example.COM/%7Esmith" "http://example.com:80/~smith" "http://example.com:/~smith"
  "http://example.com:0080/~smith" "http://example.com/~Smith")
# Which argument is bad: the first URI is reported as "base" once, any other by number.
cli_case(equivalent_bad_other EXIT 1 ARGS equivalent --json "http://h/" "http://a b/")
cli_case(equivalent_bad_base EXIT 1 ARGS equivalent "http://a b/" "http://h/")

# Batch input with CR LF endings, a line far longer than any initial buffer, and a last
# line without a newline. Normalizing keeps the long URI as it is (already normal).
string(REPEAT "seg/" 5000 long_path)
set(long_uri "http://h/${long_path}")
file(WRITE "${WORK}/long_crlf.in" "${long_uri}\r\nHTTP://H\r\nhttp://h/a/../b")
file(WRITE "${WORK}/long_crlf.out" "${long_uri}\nhttp://h/\nhttp://h/b\n")
cli_case(long_crlf STDIN "${WORK}/long_crlf.in" STDOUT "${WORK}/long_crlf.out"
  ARGS normalize)

# ---- encode / decode -----------------------------------------------------------------

# Only unreserved characters stay; UTF-8 bytes are encoded one by one.
cli_case(encode ARGS encode "caffè & latte")
# application/x-www-form-urlencoded: space is "+", "&" is encoded.
cli_case(encode_form ARGS encode --form "caffè & latte")
# pchar keeps ":" and "@" but not "/" (RFC 3986 §3.3).
cli_case(encode_set ARGS encode --set path-segment "a b/c:d@e")
# A "%" without two hex digits; the offset is the "%".
cli_case(decode_percent EXIT 1 ARGS decode "100%")
# JSON: %00 is a NUL byte in the output; a non-UTF-8 result escapes its bytes.
cli_case(decode_json EXIT 1 ARGS decode --json "a%00b" "100%" "caff%C3%A8" "%FF")
# Text that is not UTF-8 in JSON: the UTF-8 characters as themselves, each bad
# byte as U+FFFD, and the exact bytes in output_hex; %C3 and %C3%83 differ.
cli_case(decode_json_utf8 ARGS decode --json "%C3" "%C3%83" "caff%C3%A8%FF")
cli_case(decode_lenient_form ARGS decode --lenient --form "100%" "a+b%2Bc")

# ---- IRI -----------------------------------------------------------------------------
#
# RFC 3987 §3.1 (IRI -> URI: every byte of a non-ASCII character as %HH in uppercase,
# ASCII and existing percent-encodings stay) and §3.2 (URI -> IRI: percent-encoded UTF-8
# of a ucschar, in the query also of an iprivate, becomes the character; invalid UTF-8,
# ASCII such as %2F and the bidi formatting character U+202E stay encoded); host names
# are percent-encoded, not punycode (cri.h). Inputs with raw UTF-8 (or worse) bytes are
# in .in files, read in batch mode.

# §3.1's examples "http://r&#xE9;sum&#xE9;.example.org" and
# "http://www.example.org/red%09ros&#xE9;#red", §3.2's D&#xFC;rst backwards, iprivate
# (U+E000) in the query and a 4-byte character (U+1F600). Errors: a raw 0xFF byte, U+E000
# in the path (iprivate is only for iquery), a UTF-8-encoded surrogate (U+D800): each at
# its first byte, the input on stderr with \xHH for the bytes of text that is no UTF-8.
cli_case(iri_to_uri EXIT 1 STDIN iri_to_uri.in ARGS iri to-uri)
# §3.2's examples: D%C3%BCrst converts, D%FCrst (no UTF-8) and %e2%80%ae (RLO, §4.1)
# stay; §3.1's résumé host backwards; lowercase hex decodes too; %2F %25 %3F stay;
# U+E000 decodes in the query only.
cli_case(iri_to_iri ARGS iri to-iri "http://www.example.org/D%C3%BCrst"
  "http://www.example.org/D%FCrst" "http://xn--99zt52a.example.org/%e2%80%ae"
  "http://r%C3%A9sum%C3%A9.example.org" "http://example.org/%c3%bc"
  "http://example.org/a%2Fb%25c%3F" "http://example.org/%EE%80%80?%EE%80%80")
# Options before the two-word command; a space is no IRI either (offset 8).
cli_case(iri_to_iri_json EXIT 1 ARGS --json iri to-iri "http://www.example.org/D%C3%BCrst"
  "http://a b/")

# RFC 3986 §5.2 on IRIs (RFC 3987 §6.5), the target mapped to a URI (§3.1), or kept as an
# IRI; a URI is an IRI too.
cli_case(resolve_iri STDIN resolve_iri.in ARGS resolve --iri "http://例.jp/a/b.html")
cli_case(resolve_keep_iri STDIN resolve_iri.in STDOUT "${DIR}/resolve_keep_iri.out"
  ARGS resolve --keep-iri --iri "http://例.jp/a/b.html")
cli_case(resolve_iri_bad_base EXIT 1 ARGS resolve --iri "例/b" "g")

# IRI-reference (RFC 3987 §2.2): ucschar in the host, path, query, fragment and a
# mailto path; iprivate in the query only; 0xFF is no UTF-8. As URI references (RFC 3986)
# every line fails at its first non-ASCII byte.
cli_case(split_iri EXIT 1 STDIN split_iri.in ARGS split --iri)
cli_case(split_iri_as_uri EXIT 1 STDIN split_iri.in ARGS split)

# Web address processing (cri.h, uri_preprocess): whitespace trimmed; tab and line break
# removed; space and the characters " < > \ ^ ` { | } percent-encoded, and so are a "%"
# without two hex digits, a second "#", "[" "]" outside the authority, non-ASCII bytes.
cli_case(preprocess ARGS preprocess "  http://example.com/a b  " "http://example.com/a\tb\nc"
  "http://example.com/<x>\"{|}" "http://example.com/a\\b^c`d"
  "http://example.com/100%/%41%zz" "http://example.com/p#a#b"
  "http://[2001:db8::1]/[x]" "http://example.com/caffè")
# A port over 65535 even so (Decision 10): the offset is its first digit in the processed
# text (the leading space is gone), and that text is the output, which cri.h says
# uri_preprocess writes before checking it.
cli_case(preprocess_json EXIT 1 ARGS preprocess --json "  http://example.com/a b  "
  " http://a:99999/")

# from-coap (RFC 7252 §6.5, draft §8.1.2): options as NUMBER:VALUE items and as wire
# bytes (Uri-Host example.com, Uri-Path a and b, Uri-Query x=1, §3.1); a Uri-Port that
# differs from --port is written; Uri-Host twice is a conflict (§5.10: not repeatable);
# "x:y" is no NUMBER:VALUE item.
cli_case(from_coap EXIT 1 ARGS from-coap --dest 192.0.2.1 --port 5683
  "3:example.com 11:a%20b 11:c 15:x=1" "7:61616 11:x"
  "hex:3b6578616d706c652e636f6d8161016243783d31" "3:h 3:g" "x:y")
# The destination's zone goes into the URI (RFC 6874 %25) and the CRI (zone-id text).
cli_case(from_coap_zone ARGS from-coap --json --scheme coaps --dest "fe80::1%eth0" "11:a")
# Options go in ascending number order (RFC 7252 §3.1): Uri-Port (7) after Uri-Path (11)
# is CRI_COAP_ERR_ORDER, and the caret and offset name the item out of order.
cli_case(from_coap_order EXIT 1 ARGS from-coap "3:example.com 11:a%20b 7:61616")
cli_case(from_coap_order_json EXIT 1 ARGS from-coap --json "3:example.com 11:a%20b 7:61616")

# ---- CRI -----------------------------------------------------------------------------
#
# Expected CBOR is the draft's EDN (draft-ietf-core-href-27, its examples) encoded by
# hand with preferred serialization; EDN as the draft writes it (h'..' in uppercase).

# Figure 1 (fig-ex-1): [-1, [h'C6336401', 61616], [".well-known", "core"]]
set(FIG1 "83208244c633640119f0b0826b2e77656c6c2d6b6e6f776e64636f7265")
set(FIG1_URI "coap://198.51.100.1:61616/.well-known/core")
string(TOUPPER "${FIG1}" FIG1_UPPER)

# Figures 1-3; the PET example of §7.2; §7's https://alice/3%2f4-inch; the
# userinfo example of Appendix A (SP2); the discard table of §2.1.
cli_case(cri_to_cri ARGS to-cri "${FIG1_URI}" "/.well-known/core?rt=temperature-c"
  "did:web:alice:bob" "did:web:alice:7%3A1-balun" "https://alice/3%2f4-inch"
  "https://@example.com" "a" "./this:that" "a/b" "../a" "/a")
# An empty port has no CRI form (C6): CRI_ERR_UNCONVERTIBLE, reason EMPTY_PORT, with
# the offset of the ":" that starts it.
cli_case(cri_to_cri_json EXIT 1 ARGS to-cri --json "${FIG1_URI}" "http://a:/")
# A port with leading zeros has no CRI form as written (a CRI port is an integer): the
# caret points at the port.
cli_case(cri_to_cri_port_zero EXIT 1 ARGS to-cri "coap://h:0080/a")
# Back to URIs; hex in either case, "hex:" optional; %2F in uppercase (RFC 3986 §2.1);
# [1, ["this:that"]] gets "./" (§6.1). [0, ["a"]] "cannot be expressed" (§2.1).
cli_case(cri_from_cri EXIT 1 ARGS from-cri "${FIG1}" "hex:${FIG1_UPPER}"
  "8325f581836b7765623a616c6963653a37413a67312d62616c756e"
  "83238165616c6963658168332f342d696e6368" "82018169746869733a74686174" "8200816161")
# Figure 3; [0, ["a"]]; a "." segment (C9) at byte 12, reason 5; text that is no hex
# (offset: the "z"), an odd number of digits (offset: the input length).
cli_case(cri_from_cri_json EXIT 1 ARGS from-cri --json "8325f5816d7765623a616c6963653a626f62"
  "8200816161" "83208244c633640119f0b081612e" "82zz" "hex:820")
# [-1, [h'FE80::1', "eth0"], ["x"]]: no URI form for a zone-id unless asked for (§6.1).
set(ZONE "83208250fe8000000000000000000000000000016465746830816178")
cli_case(cri_from_cri_zone EXIT 1 ARGS from-cri "${ZONE}")
cli_case(cri_from_cri_zone_id ARGS from-cri --zone-id "${ZONE}")

# URI references against coaps://foo:4711/pa/th?query#frag give what RFC 3986 §5.2.2
# gives; hex:8200816161 is [0, ["a"]], which appends a segment (draft §2.2).
cli_case(cri_resolve ARGS cri-resolve "coaps://foo:4711/pa/th?query#frag"
  "a" "../b" "?q2" "#f2" "//g" "hex:8200816161")
# BASE in hex; a CRI REF only with "hex:" (bare hex digits are a URI path, RFC 3986
# §5.2.2 merges them), "x" is a path; [0, ["."]] has a dot-segment at byte 3.
cli_case(cri_resolve_json EXIT 1 ARGS cri-resolve --json "hex:${FIG1}"
  "hex:8200816161" "8200816161" "x" "hex:820081612e")
# A relative BASE is reported once (CRI_ERR_BASE, reason 17 NOT_FULL); no REF is read.
cli_case(cri_resolve_bad_base EXIT 1 ARGS cri-resolve "a/b" "c")

# Figures 1 and 2; 0xFF alone is no well-formed CBOR (RFC 8949 §3: a lone "break").
cli_case(cri_edn ARGS edn "${FIG1}"
  "hex:83F5826B2E77656C6C2D6B6E6F776E64636F7265817072743D74656D70657261747572652D63")
cli_case(cri_edn_json EXIT 1 ARGS edn --json "8200816161" "ff")

# IRI to CRI (draft §6: IRI -> URI -> CRI; CRI text is Unicode):
# [-4, ["例子", "测试"], ["路径"]] is 83 23 82 66(6 bytes) 66(6 bytes) 81 66(6 bytes), the
# same with the path percent-encoded; a 0xFF byte is CRI_ERR_SYNTAX at its offset, and
# the input on stderr escaped byte by byte, as it is no UTF-8.
set(IRI_CRI "83238266e4be8be5ad9066e6b58be8af958166e8b7afe5be84")
cli_case(to_cri_iri EXIT 1 STDIN to_cri_iri.in ARGS to-cri --iri)
# CRI to IRI (draft §6, "CRI to IRI"): the same CRI; [-4, ["h"], ["\u202E"]] keeps the
# bidi character encoded (RFC 3987 §4.1); [-4, ["h"], [["a", h'FF', "b"]]] (PET) keeps %FF.
# As a URI (§6.1) the host-name and the path are percent-encoded.
cli_case(cri_from_cri_iri ARGS from-cri --iri "${IRI_CRI}" "83238161688163e280ae"
  "83238161688183616141ff6162")
cli_case(cri_from_cri_non_ascii ARGS from-cri "${IRI_CRI}")

# ---- CoAP ----------------------------------------------------------------------------
#
# Options by RFC 7252 §6.4 (URIs) and draft §8.1.1 (CRIs); wire bytes by hand from
# §3.1: a byte of delta and length nibbles, 13 meaning one more byte holding n - 13.

# Uri-Host 3b "example.com", Uri-Path 81 61 and 01 62, Uri-Query 43 "x=1". Options may
# follow the inputs.
cli_case(coap_direct_json ARGS coap "coap://example.com/a/b?x=1" --json)
# The host is the destination (no Uri-Host); 61616 is not the destination port:
# Uri-Port 72 f0 b0, Uri-Path 41 78.
cli_case(coap_port ARGS coap "coap://[2001:db8::1]:61616/x" --dest 2001:db8::1 --port 5683)
# http is no CoAP scheme (§6.4 step 2) unless the request goes to a proxy: Proxy-Uri
# (35 = 13 + 22, 20 bytes = 13 + 7: dd 16 07).
cli_case(coap_not_coap EXIT 1 ARGS coap "http://example.com/a")
cli_case(coap_auto ARGS coap "http://example.com/a" --auto)
# Figure 1 to another address and port: Uri-Host is the address as text, Uri-Port 61616.
cli_case(coap_cri_json ARGS coap --json "hex:${FIG1}" --dest 192.0.2.1 --port 5683)
# ... and to its own address and port: only Uri-Path.
cli_case(coap_cri_own_address ARGS coap "hex:${FIG1}")
# Proxy-Cri: the CBOR itself (235 = 13 + 222, 29 bytes = 13 + 16: dd de 10).
cli_case(coap_proxy_cri ARGS coap --proxy "hex:${FIG1}")
# Proxy-Scheme "http" (39 - 11 = 13 + 15: d4 0f); Proxy-Scheme-Number 0 for coap is
# empty (draft §8.2.2; 239 - 11 = 13 + 215: d0 d7).
cli_case(coap_proxy_scheme ARGS coap --proxy-scheme "http://example.com/a" "hex:${FIG1}")
# A control byte in a Uri-Path: \xHH in plain output, \t in JSON.
cli_case(coap_escape ARGS coap "coap://h/a%09b")
cli_case(coap_escape_json ARGS coap --json "coap://h/a%09b")
# Uri-Path is a string option, UTF-8 (RFC 7252 §3.2, docs/DECISIONS.md Decision 13): %FF is refused.
cli_case(coap_not_utf8 EXIT 1 ARGS coap "coap://h/a/%FF")
# Batch with --dest 198.51.100.1: the bad line 2 is reported, the others still printed;
# line 3 (CR LF, uppercase hex) names the destination and its own port, line 4 the
# default port and the path "/" (§6.4 steps 7 and 8: neither gives an option).
cli_case(coap_batch EXIT 1 STDIN coap_batch.in ARGS coap --json --dest 198.51.100.1)

# ---- command line --------------------------------------------------------------------

cli_case(help STDOUT_MATCH "^usage: cri-tool" ARGS --help)
cli_case(usage_no_command EXIT 2)
cli_case(usage_unknown_command EXIT 2 ARGS frobnicate x)
cli_case(usage_unknown_option EXIT 2 ARGS split --frob x)
cli_case(usage_option_not_for_command EXIT 2 ARGS split --set query x)
cli_case(usage_resolve_without_base EXIT 2 ARGS resolve)
cli_case(usage_cri_resolve_without_base EXIT 2 ARGS cri-resolve)
cli_case(usage_option_value_missing EXIT 2 ARGS coap coap://h/ --dest)
cli_case(usage_bad_port EXIT 2 ARGS coap --port 65536 coap://h/)
cli_case(usage_bad_dest EXIT 2 ARGS coap --dest 192.0.2.256 coap://h/)
cli_case(usage_dest_zone_ipv4 EXIT 2 ARGS coap --dest 192.0.2.1%eth0 coap://h/)
cli_case(usage_two_modes EXIT 2 ARGS coap --proxy --auto coap://h/)
cli_case(usage_dest_not_for_from_cri EXIT 2 ARGS from-cri --dest 192.0.2.1 80)
cli_case(usage_zone_id_not_for_to_cri EXIT 2 ARGS to-cri --zone-id coap://h/)
# Options are recognized after the inputs too; after "--" everything is an input.
cli_case(options_after_dashdash ARGS encode -- --json)
# "iri" is only the first word of its commands; --iri and --keep-iri only where they apply.
cli_case(usage_iri_alone EXIT 2 ARGS iri)
cli_case(usage_iri_unknown EXIT 2 ARGS iri frobnicate x)
cli_case(usage_iri_one_word EXIT 2 ARGS "iri to-uri" x)
cli_case(usage_iri_not_for_encode EXIT 2 ARGS encode --iri x)
cli_case(usage_keep_iri_not_for_split EXIT 2 ARGS split --keep-iri x)
cli_case(usage_iri_not_for_iri_to_uri EXIT 2 ARGS iri to-uri --iri x)
cli_case(help_complete ARGS --help STDOUT_MATCH
  "to-cri URI.*from-cri CRI.*cri-resolve BASE REF.*edn CRI.*coap TARGET.*--zone-id.*--dest ADDR.*--port N.*--proxy .*--proxy-scheme.*--auto")
cli_case(help_iri ARGS --help STDOUT_MATCH
  "preprocess TEXT.*iri to-uri IRI.*iri to-iri URI.*--iri .*--keep-iri")

# ---- the examples of --help, README.md and docs/API.md ---------------------------------
# Each example the documents show is run here: a case, and a check that the document
# still shows it (so that an example cannot change without its case).

# Fails unless the file FILE (relative to the source tree) contains each TEXT.
function(doc_shows file)
  file(READ "${DIR}/../../${file}" doc)
  foreach(text IN LISTS ARGN)
    string(FIND "${doc}" "${text}" at)
    if(at EQUAL -1)
      message("FAIL doc_shows: ${file} does not show: ${text}")
      set(FAILED "${FAILED} doc_shows" PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# --help's from-coap example (the items in ascending order, RFC 7252 §3.1): Uri-Host,
# Uri-Port, Uri-Path "a b".
cli_case(help_example_from_coap ARGS from-coap "3:example.com 7:61616 11:a%20b")
cli_case(help_shows_from_coap ARGS --help STDOUT_MATCH
  "e\\.g\\. \"3:example\\.com 7:61616 11:a%20b\"")
# --help's split example: `http://a/b?` has an empty query, `http://a/b` none.
cli_case(help_shows_split ARGS --help STDOUT_MATCH "http://a/b\\?\n +gives")
# split_query runs it (above); the README's quick start runs split_exercise's URL.
doc_shows(README.md "build/cri-tool split --json 'http://mario:pwd@www.example.com:8080/a/b/../c.html?x=1&y=2#sezione'")
# docs/API.md's two examples, with the output it shows: to-cri of Figure 1 (cri_to_cri
# runs it) and coap.
doc_shows(docs/API.md "$ cri-tool to-cri ${FIG1_URI}\n    83208244c633640119f0b0826b2e77656c6c2d6b6e6f776e64636f7265\t[-1, [h'C6336401', 61616], [\".well-known\", \"core\"]]")
cli_case(api_md_coap ARGS coap "coap://example.com/sensors/temp?unit=C")
file(STRINGS "${DIR}/api_md_coap.out" api_md_coap_lines)
list(TRANSFORM api_md_coap_lines PREPEND "    ")
list(JOIN api_md_coap_lines "\n" api_md_coap_text)
doc_shows(docs/API.md "$ cri-tool coap 'coap://example.com/sensors/temp?unit=C'\n${api_md_coap_text}")

if(FAILED)
  message(FATAL_ERROR "cri_tool_cli: failed:${FAILED}")
endif()
