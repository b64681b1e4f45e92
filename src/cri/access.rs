//! Read access to a decoded CRI reference (draft-ietf-core-href-27 §5.2, the abstract
//! form): what [`CriRef::decode`] ingested, section by section, without re-reading CBOR.

use super::model::{Authority, CriRef, Discard, Host, HostAuthority, Items, TextOrPet};

impl<'a> CriRef<'a> {
    /// The authority section: `None` when the reference uses the discard form instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::Authority;
    /// use cri::CriRef;
    ///
    /// // [null, ["h"], ["a"]]: //h/a
    /// let r = CriRef::decode(&[0x83, 0xf6, 0x81, 0x61, b'h', 0x81, 0x61, b'a'])?;
    /// assert!(matches!(r.authority(), Some(Authority::Host(_))));
    /// // [2, ["b"]]: ../b
    /// assert_eq!(CriRef::decode(&[0x82, 0x02, 0x81, 0x61, b'b'])?.authority(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.authority
    }

    /// The discard section: how many trailing base path segments the reference removes
    /// (draft §2.2). A reference with a scheme or an authority replaces the whole base path,
    /// so its discard is `Discard::All`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::Discard;
    /// use cri::CriRef;
    ///
    /// // [2, ["b"]]: ../b drops the base's last segment and one more.
    /// assert_eq!(CriRef::decode(&[0x82, 0x02, 0x81, 0x61, b'b'])?.discard(), Discard::Count(2));
    /// // [-1]: coap: replaces the whole base path.
    /// assert_eq!(CriRef::decode(&[0x81, 0x20])?.discard(), Discard::All);
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn discard(&self) -> Discard {
        self.discard
    }

    /// The path segments, or `None` when the reference does not set the path.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::{CriRef, Scheme};
    /// // [-1, ["example", "com"], ["a"]]: coap://example.com/a (scheme-id -1 is coap)
    /// let cbor = [0x83, 0x20, 0x82, 0x67, b'e', b'x', b'a', b'm', b'p', b'l', b'e',
    ///             0x63, b'c', b'o', b'm', 0x81, 0x61, b'a'];
    /// let r = CriRef::decode(&cbor)?;
    /// assert_eq!(r.scheme(), Some(Scheme::Number(0)));
    /// let path: Vec<_> = r.path().unwrap().iter().map(|s| s.as_text()).collect();
    /// assert_eq!(path, [Some("a")]);
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<Items<'a>> {
        self.path
    }

    /// The query parameters, or `None` when the reference does not set the query
    /// (`Some` with no items is an empty query).
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::CriRef;
    ///
    /// // [0, null, ["q"]]: ?q
    /// let r = CriRef::decode(&[0x83, 0x00, 0xf6, 0x81, 0x61, b'q'])?;
    /// let query: Vec<_> = r.query().unwrap().iter().map(|q| q.as_text()).collect();
    /// assert_eq!(query, [Some("q")]);
    /// assert_eq!(r.path(), None);
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<Items<'a>> {
        self.query
    }

    /// The fragment, or `None` when the reference does not set it.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::CriRef;
    ///
    /// // [0, null, null, "f"]: #f
    /// let r = CriRef::decode(&[0x84, 0x00, 0xf6, 0xf6, 0x61, b'f'])?;
    /// assert_eq!(r.fragment().and_then(|f| f.as_text()), Some("f"));
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<TextOrPet<'a>> {
        self.fragment
    }
}

impl<'a> HostAuthority<'a> {
    /// The userinfo, if the authority has one.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::Authority;
    /// use cri::CriRef;
    ///
    /// // [-1, [false, "me", "h", 61616]]: coap://me@h:61616
    /// let cbor = [0x82, 0x20, 0x84, 0xf4, 0x62, b'm', b'e', 0x61, b'h', 0x19, 0xf0, 0xb0];
    /// let Some(Authority::Host(a)) = CriRef::decode(&cbor)?.authority() else {
    ///     unreachable!()
    /// };
    /// assert_eq!(a.userinfo().and_then(|u| u.as_text()), Some("me"));
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn userinfo(&self) -> Option<TextOrPet<'a>> {
        self.userinfo
    }

    /// The host: host-name labels, or a host-ip address (4 or 16 bytes) with an optional
    /// zone-id.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::Host;
    /// use cri::cri::Authority;
    /// use cri::CriRef;
    ///
    /// // [-1, [false, "me", "h", 61616]]: coap://me@h:61616
    /// let cbor = [0x82, 0x20, 0x84, 0xf4, 0x62, b'm', b'e', 0x61, b'h', 0x19, 0xf0, 0xb0];
    /// let Some(Authority::Host(a)) = CriRef::decode(&cbor)?.authority() else {
    ///     unreachable!()
    /// };
    /// let Host::Name(labels) = a.host() else { unreachable!() };
    /// assert_eq!(labels.iter().next().and_then(|l| l.as_text()), Some("h"));
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port, or `None` when the CRI leaves it to the scheme's default.
    ///
    /// # Examples
    ///
    /// ```
    /// use cri::cri::Authority;
    /// use cri::CriRef;
    ///
    /// // [-1, [false, "me", "h", 61616]]: coap://me@h:61616
    /// let cbor = [0x82, 0x20, 0x84, 0xf4, 0x62, b'm', b'e', 0x61, b'h', 0x19, 0xf0, 0xb0];
    /// let Some(Authority::Host(a)) = CriRef::decode(&cbor)?.authority() else {
    ///     unreachable!()
    /// };
    /// assert_eq!(a.port(), Some(61616));
    /// # Ok::<(), cri::Error>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<u16> {
        self.port
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cri::Scheme;

    /// draft §5.1.3's `coap://198.51.100.1:61616/.well-known/core` example:
    /// `[-1, [h'C6336401', 61616], [".well-known", "core"]]`.
    #[test]
    fn reads_every_section_of_the_draft_example() {
        let cbor: &[u8] = &[
            0x83, 0x20, 0x82, 0x44, 0xc6, 0x33, 0x64, 0x01, 0x19, 0xf0, 0xb0, 0x82, 0x6b, b'.',
            b'w', b'e', b'l', b'l', b'-', b'k', b'n', b'o', b'w', b'n', 0x64, b'c', b'o', b'r',
            b'e',
        ];
        let r = CriRef::decode(cbor).unwrap();
        assert_eq!(r.scheme(), Some(Scheme::Number(0)));
        assert!(r.is_full());
        let Some(Authority::Host(a)) = r.authority() else {
            panic!("no host authority")
        };
        assert_eq!(a.userinfo(), None);
        assert_eq!(a.port(), Some(61616));
        assert_eq!(
            a.host(),
            Host::Ip {
                addr: &[198, 51, 100, 1],
                zone: None
            }
        );
        let path: std::vec::Vec<_> = r.path().unwrap().iter().map(|s| s.as_text()).collect();
        assert_eq!(path, [Some(".well-known"), Some("core")]);
        assert_eq!((r.query(), r.fragment()), (None, None));
        assert_eq!(r.discard(), Discard::All);
    }

    /// A relative reference `[1, ["x"]]` (draft §2.2: discard one segment, append "x").
    #[test]
    fn reads_a_discard_reference() {
        let r = CriRef::decode(&[0x82, 0x01, 0x81, 0x61, b'x']).unwrap();
        assert_eq!(
            (r.scheme(), r.authority(), r.is_full()),
            (None, None, false)
        );
        assert_eq!(r.discard(), Discard::Count(1));
        assert_eq!(r.path().map(|p| p.len()), Some(1));
    }
}
