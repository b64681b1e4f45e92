//! libcri on `coap-message`: a CoAP client sets a request's target from a URI and from a
//! CRI, and a server handler (`coap-handler`) reads the target back, in a `no_std`
//! program without a heap (the messages are `coap-message-implementations`' in-memory
//! ones; any `coap-message` 0.3 stack's messages work alike).
//!
//! On the host:       cargo run --example coap_message --features coap-message
//! For a Cortex-M4F:  cargo build --release --example coap_message --features coap-message \
//!                      --target thumbv7em-none-eabihf
#![cfg_attr(target_os = "none", no_std, no_main)]

use coap_handler::Handler;
use coap_message::error::RenderableOnMinimal;
use coap_message::{Code, MinimalWritableMessage, MutableWritableMessage, ReadableMessage};
use coap_message_implementations::inmemory::{Message, MessageMut, WriteError as FullError};
use cri::coap::message::{self, WriteError};
use cri::coap::{Destination, Mode, OptionRef};
use cri::uri::UriRef;

/// Request code GET (0.01) and response code 2.05 Content.
const GET: u8 = 0x01;
const CONTENT: u8 = 0x45;

/// Where this device receives requests: its address and CoAP port.
const HERE: Destination<'static> = Destination {
    addr: &[192, 0, 2, 1],
    zone: None,
    port: Some(5683),
};

/// The CRI `[-1, ["sensor", "example"], ["temp"], ["unit=C"]]`, i.e.
/// `coap://sensor.example/temp?unit=C` (draft-ietf-core-href-27 §5.1).
const TEMPERATURE_CRI: &[u8] = b"\x84\x20\x82\x66sensor\x67example\x81\x64temp\x81\x66unit=C";

/// Client: a GET for the URI `uri` (RFC 7252 §6.4) into `buf`; returns the length of
/// its options. `Mode::Auto` sends a CoAP URI as Uri-* options, any other through a
/// forward-proxy (Proxy-Uri).
fn get_uri(uri: &str, code: &mut u8, buf: &mut [u8]) -> Result<usize, WriteError<FullError>> {
    let mut request = MessageMut::new_in_slice(code, buf);
    request.set_code(GET);
    // The option list is made here first, then added: a URI that cannot be sent leaves
    // the request as it was.
    let (mut opts, mut values) = ([OptionRef::default(); 16], [0u8; 256]);
    let uri = UriRef::parse(uri)?;
    message::write_uri(&mut request, &uri, None, Mode::Auto, &mut opts, &mut values)?;
    Ok(request.finish().0)
}

/// Client: a GET for the CRI whose CBOR is `cri` (draft §8.1.1), sent to `HERE`.
fn get_cri(cri: &[u8], code: &mut u8, buf: &mut [u8]) -> Result<usize, WriteError<FullError>> {
    let mut request = MessageMut::new_in_slice(code, buf);
    request.set_code(GET);
    let (mut opts, mut values) = ([OptionRef::default(); 16], [0u8; 256]);
    message::write_cri(
        &mut request,
        cri,
        Some(&HERE),
        Mode::Direct,
        &mut opts,
        &mut values,
    )?;
    Ok(request.finish().0)
}

/// Server: answers every GET with the URI it was sent to (RFC 7252 §6.5) as text.
struct WhereAmI;

impl Handler for WhereAmI {
    /// The request's URI and its length.
    type RequestData = ([u8; 128], usize);
    /// libcri's errors render as a response (4.02 Bad Option for options that make no
    /// URI, with the reason as diagnostic payload).
    type ExtractRequestError = cri::Error;
    type BuildResponseError<M: MinimalWritableMessage> = M::UnionError;

    fn extract_request_data<M: ReadableMessage>(
        &mut self,
        request: &M,
    ) -> Result<Self::RequestData, cri::Error> {
        let (mut scratch, mut uri) = ([0u8; 128], [0u8; 128]);
        let len = message::read_uri(request, "coap", &HERE, &mut scratch, &mut uri)?.len();
        Ok((uri, len))
    }

    fn estimate_length(&mut self, request: &Self::RequestData) -> usize {
        request.1 + 1
    }

    fn build_response<M: MutableWritableMessage>(
        &mut self,
        response: &mut M,
        (uri, len): Self::RequestData,
    ) -> Result<(), M::UnionError> {
        response.set_code(M::Code::new(CONTENT).map_err(M::convert_code_error)?);
        let text = uri.get(..len).unwrap_or_default();
        response
            .set_payload(text)
            .map_err(M::convert_set_payload_error)
    }
}

/// What a CoAP stack does with a request and a handler: the response's code, and its
/// payload's length in `payload`.
fn serve(
    request: &Message<impl coap_message_implementations::inmemory::MessageBuffer>,
    payload: &mut [u8],
) -> (u8, usize) {
    let (mut code, mut buf) = (0u8, [0u8; 160]);
    let mut response = MessageMut::new_in_slice(&mut code, &mut buf);
    let done = match WhereAmI.extract_request_data(request) {
        Ok(data) => WhereAmI.build_response(&mut response, data),
        Err(e) => e.render(&mut response),
    };
    let body = match done {
        Ok(()) => response.payload(),
        Err(_) => &[],
    };
    let n = body.len().min(payload.len());
    payload[..n].copy_from_slice(&body[..n]);
    (code, n)
}

/// Both requests, sent and served; returns the two responses' payloads' lengths.
fn demo(first: &mut [u8], second: &mut [u8]) -> Result<(usize, usize), WriteError<FullError>> {
    let (mut code, mut buf) = (0u8, [0u8; 128]);
    let len = get_uri("coap://sensor.example/temp?unit=C", &mut code, &mut buf)?;
    let (status, a) = serve(&Message::new_from_slice(code, &buf[..len]), first);
    assert_eq!(status, CONTENT);

    let len = get_cri(TEMPERATURE_CRI, &mut code, &mut buf)?;
    let (status, b) = serve(&Message::new_from_slice(code, &buf[..len]), second);
    assert_eq!(status, CONTENT);
    Ok((a, b))
}

#[cfg(not(target_os = "none"))]
fn main() {
    let (mut first, mut second) = ([0u8; 128], [0u8; 128]);
    let (a, b) = demo(&mut first, &mut second).expect("requests");
    let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
    println!("from a URI: the server read {}", text(&first[..a]));
    println!("from a CRI: the server read {}", text(&second[..b]));

    // A request whose Uri-Path is "..": the handler's error becomes 4.02 Bad Option.
    let bad = Message::new_from_slice(GET, b"\x31h\x82..");
    let (status, n) = serve(&bad, &mut first);
    println!(
        "Uri-Path \"..\": {}.{:02} {}",
        status >> 5,
        status & 0x1f,
        text(&first[..n])
    );
}

/// Bare metal: the same requests at reset (a firmware would send them).
#[cfg(target_os = "none")]
#[no_mangle]
pub extern "C" fn _start() -> ! {
    let (mut first, mut second) = ([0u8; 128], [0u8; 128]);
    let _ = core::hint::black_box(demo(&mut first, &mut second));
    loop {
        core::hint::spin_loop();
    }
}

/// Bare metal: the application's own panic handler (panic-halt, panic-probe, ...); libcri
/// brings none unless its `panic-handler` feature, for C firmware, is on.
#[cfg(target_os = "none")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_reads_back_what_the_client_sent() {
        let (mut first, mut second) = ([0u8; 128], [0u8; 128]);
        let (a, b) = demo(&mut first, &mut second).unwrap();
        assert_eq!(&first[..a], b"coap://sensor.example/temp?unit=C");
        assert_eq!(&second[..b], b"coap://sensor.example/temp?unit=C");
    }

    #[test]
    fn bad_options_get_bad_option() {
        let mut payload = [0u8; 128];
        let (status, n) = serve(&Message::new_from_slice(GET, b"\x31h\x82.."), &mut payload);
        assert_eq!(
            (status, &payload[..n]),
            (0x82, &b"a Uri-Path is \".\" or \"..\""[..])
        );
    }

    #[test]
    fn non_coap_uris_go_to_a_proxy() {
        let (mut code, mut buf) = (0u8, [0u8; 64]);
        let len = get_uri("http://example.com/", &mut code, &mut buf).unwrap();
        // Proxy-Uri (35): delta 13 + 22, length 19.
        assert_eq!(&buf[..len], b"\xDD\x16\x06http://example.com/");
    }
}
