//! HTTP request-targets (RFC 9112 §3.2): origin-form, absolute-form, authority-form and
//! asterisk-form, each split into the components it holds.

use super::chars::{self, QUERY};
use super::parse::{find_any, UriRef};
use crate::error::Error;

/// The form of a request-target (RFC 9112 §3.2), as [`split_request_target`] finds it.
///
/// # Examples
///
/// ```
/// use cri::uri::{split_request_target, TargetForm};
///
/// let (form, r) = split_request_target(b"*", false)?;
/// assert_eq!((form, r.path()), (TargetForm::Asterisk, "*"));
/// # Ok::<(), cri::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetForm {
    /// `absolute-path [ "?" query ]`, e.g. `/where?q=now`.
    Origin,
    /// `absolute-URI`, e.g. `http://www.example.org/pub/WWW/` (to a proxy).
    Absolute,
    /// `uri-host ":" port`, for CONNECT only.
    Authority,
    /// `*`, for a server-wide OPTIONS.
    Asterisk,
}

/// Splits a request-target. `connect` says the method is CONNECT, whose target is in
/// authority-form (§3.2.3); otherwise the form follows from the first byte: `*` alone is
/// asterisk-form, `/` starts origin-form (whose path may start with `//`), anything else
/// must be an absolute-URI (no fragment). In asterisk-form the path is `*`.
///
/// # Errors
///
/// [`Error::Syntax`] / [`Error::Percent`] with the offset of the first bad byte;
/// [`Error::PortRange`] for a port over 65535.
///
/// # Examples
///
/// ```
/// use cri::uri::{split_request_target, TargetForm};
/// use cri::Error;
///
/// let (form, r) = split_request_target(b"//where?q=now", false)?;
/// assert_eq!((form, r.path(), r.query()), (TargetForm::Origin, "//where", Some("q=now")));
///
/// let (form, r) = split_request_target(b"example.com:443", true)?; // CONNECT
/// assert_eq!((form, r.host(), r.port_number()), (TargetForm::Authority, Some("example.com"), Some(443)));
///
/// assert_eq!(split_request_target(b"http://h/#f", false), Err(Error::Syntax { offset: 9 }));
/// # Ok::<(), Error>(())
/// ```
pub fn split_request_target(s: &[u8], connect: bool) -> Result<(TargetForm, UriRef<'_>), Error> {
    let mut r = UriRef::default();
    let form = split_target_into(s, connect, &mut r)?;
    Ok((form, r))
}

/// [`split_request_target`] into `r`, which must be [`UriRef::default`]: the C function
/// splits into a view on its own frame, so that no view travels back in a `Result`
/// (Decision 17: no large structs returned by value). After an error `r` is unspecified.
pub(crate) fn split_target_into<'a>(
    s: &'a [u8],
    connect: bool,
    r: &mut UriRef<'a>,
) -> Result<TargetForm, Error> {
    debug_assert!(r.path.is_empty() && r.host.is_none(), "a default view");
    if connect {
        authority_form(s, r)?;
        return Ok(TargetForm::Authority);
    }
    match s.first() {
        Some(b'*') if s.len() == 1 => {
            r.path = s;
            Ok(TargetForm::Asterisk)
        }
        Some(b'/') => {
            origin_form(s, r)?;
            Ok(TargetForm::Origin)
        }
        _ => {
            absolute_form(s, r)?;
            Ok(TargetForm::Absolute)
        }
    }
}

fn origin_form<'a>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), Error> {
    let end = find_any(s, b"?#");
    let (path, rest) = s.split_at_checked(end).unwrap_or((s, &[]));
    chars::check(path, QUERY)?;
    r.path = path;
    match rest.split_first() {
        None => {}
        Some((b'?', q)) => {
            chars::check(q, QUERY).map_err(|e| super::parse::at(end.saturating_add(1), e))?;
            r.query = Some(q);
        }
        Some(_) => return Err(Error::Syntax { offset: end }),
    }
    Ok(())
}

fn absolute_form<'a>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), Error> {
    super::parse_strict::<false>(s, r)?;
    if r.scheme.is_none() {
        return Err(Error::Syntax {
            offset: find_any(s, b":/?#"),
        });
    }
    if let Some(f) = r.fragment {
        let offset = s.len().saturating_sub(f.len()).saturating_sub(1);
        return Err(Error::Syntax { offset });
    }
    Ok(())
}

/// authority-form = uri-host ":" port: no userinfo, the port required.
fn authority_form<'a>(s: &'a [u8], r: &mut UriRef<'a>) -> Result<(), Error> {
    super::parse::parse_authority_into(s, r)?;
    if let Some(u) = r.userinfo {
        return Err(Error::Syntax { offset: u.len() });
    }
    if r.port.is_none_or(<[u8]>::is_empty) {
        return Err(Error::Syntax { offset: s.len() });
    }
    Ok(())
}
