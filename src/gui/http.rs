//! The GUI's HTTP/1.1 server on the standard library's sockets, with every limit explicit: a
//! request's head and body are read within a deadline and up to a size, a connection is answered
//! and closed, and the number of open connections is capped.
//!
//! A connection has a thread of its own, so a client that never finishes its request holds only
//! its own thread, and only until the deadline.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest request head (request line and headers) read; a longer one is refused with 431.
pub const MAX_HEAD: usize = 16 * 1024;

/// The longest body read; a longer one is refused with 413.
pub const MAX_BODY: usize = 4096;

/// How long a client has to send its whole request, head and body.
pub const REQUEST_TIME: Duration = Duration::from_secs(10);

/// The most connections open at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 512;

/// How long an answer may take to be taken by the client.
const WRITE_TIME: Duration = Duration::from_secs(10);

/// How long a refused request's unread rest is drained, so that the client reads the refusal
/// instead of a reset connection.
const DRAIN_TIME: Duration = Duration::from_millis(500);

/// The stack of a connection's thread: requests build their answers on the heap.
const STACK: usize = 256 * 1024;

/// A request as the handler sees it.
pub struct Request {
    /// `GET`, `POST`, ... as sent.
    pub method: String,
    /// The request target: the path and the query.
    pub target: String,
}

/// An answer: status, content type and body.
pub struct Response {
    /// The HTTP status.
    pub status: u16,
    /// The content type, without its charset.
    pub kind: &'static str,
    /// The body, in UTF-8.
    pub body: String,
}

impl Response {
    /// An error answer with a plain-text reason.
    fn refusal(status: u16, reason: &str) -> Response {
        Response { status, kind: "text/plain", body: format!("{reason}\n") }
    }
}

/// What answers requests.
pub type Handler = Arc<dyn Fn(&Request) -> Response + Send + Sync>;

/// Listens at `host:port` (port 0: any free one); returns the bound address and the listener.
pub fn bind(host: &str, port: u16) -> Result<(SocketAddr, TcpListener), String> {
    let listener = TcpListener::bind((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = listener.local_addr().map_err(|e| format!("the server has no address: {e}"))?;
    Ok((address, listener))
}

/// Answers every connection to `listener` with `handler`, until the process ends.
pub fn serve(listener: TcpListener, handler: Handler) {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, or a connection gone while accepted: the server waits a
            // moment rather than spin, then goes on.
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::AcqRel);
            let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
            refuse(stream, &Response::refusal(503, "too many connections at once; try again"));
            continue;
        }
        let (handler, open_now) = (handler.clone(), open.clone());
        let spawned = std::thread::Builder::new().stack_size(STACK).spawn(move || {
            answer(stream, &handler);
            open_now.fetch_sub(1, Ordering::AcqRel);
        });
        if spawned.is_err() {
            // The system has no thread to give: the connection is dropped, the server goes on.
            open.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// Reads one request from `stream`, answers it and closes the connection.
fn answer(mut stream: TcpStream, handler: &Handler) {
    let _ = stream.set_write_timeout(Some(WRITE_TIME));
    match read_request(&mut stream, Instant::now() + REQUEST_TIME) {
        Ok(request) => {
            let response = handler(&request);
            let _ = write_response(&mut stream, &response);
            let _ = stream.shutdown(Shutdown::Write);
        }
        Err(Refused::Gone) => {}
        Err(Refused::Status(status, reason)) => refuse(stream, &Response::refusal(status, reason)),
    }
}

/// Why a request is not handled.
#[derive(Debug)]
enum Refused {
    /// The client closed the connection, or the socket failed: nobody to answer.
    Gone,
    /// Answered with this status and reason.
    Status(u16, &'static str),
}

/// Reads a request's head and its body (which is dropped: the GUI's arguments are in the query).
fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Request, Refused> {
    let mut buffer = Vec::with_capacity(1024);
    let head_end = loop {
        if let Some(at) = find(&buffer, b"\r\n\r\n") {
            break at;
        }
        if buffer.len() > MAX_HEAD {
            return Err(Refused::Status(431, "the request's head is longer than 16 KiB"));
        }
        let room = MAX_HEAD + 1 - buffer.len();
        let read = read_some(stream, &mut buffer, room, deadline)?;
        if read == 0 {
            return Err(if buffer.is_empty() {
                Refused::Gone
            } else {
                Refused::Status(400, "the request ended early")
            });
        }
    };
    let head = std::str::from_utf8(&buffer[..head_end]).map_err(|_| Refused::Status(400, "the request is not text"))?;
    let mut lines = head.split("\r\n");
    let mut words = lines.next().unwrap_or("").split(' ');
    let (Some(method), Some(target), Some(version), None) = (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(Refused::Status(400, "the request line is not METHOD TARGET HTTP/1.x"));
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() || !target.starts_with('/') {
        return Err(Refused::Status(400, "the request line is not METHOD TARGET HTTP/1.x"));
    }
    let mut length = 0usize;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(Refused::Status(400, "a header line has no colon"));
        };
        if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().map_err(|_| Refused::Status(400, "Content-Length is not a number"))?;
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Refused::Status(411, "a body must come with its Content-Length"));
        }
    }
    if length > MAX_BODY {
        return Err(Refused::Status(413, "the request's body is longer than 4096 bytes"));
    }
    let request = Request { method: method.to_string(), target: target.to_string() };
    let mut body = buffer.split_off(head_end + 4);
    while body.len() < length {
        let missing = length - body.len();
        if read_some(stream, &mut body, missing, deadline)? == 0 {
            return Err(Refused::Status(400, "the request's body ended early"));
        }
    }
    Ok(request)
}

/// Appends what arrives (at most `most` bytes) before `deadline`; 0 at the end of the stream.
fn read_some(stream: &mut TcpStream, buffer: &mut Vec<u8>, most: usize, deadline: Instant) -> Result<usize, Refused> {
    let mut chunk = [0u8; 4096];
    let most = most.clamp(1, chunk.len());
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Refused::Status(408, "the request did not arrive in time"));
        }
        stream.set_read_timeout(Some(left)).map_err(|_| Refused::Gone)?;
        match stream.read(&mut chunk[..most]) {
            Ok(n) => {
                buffer.extend_from_slice(&chunk[..n]);
                return Ok(n);
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Err(Refused::Gone),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn write_response(stream: &mut TcpStream, response: &Response) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}; charset=utf-8\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         Connection: close\r\n\r\n",
        response.status,
        reason_phrase(response.status),
        response.kind,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(response.body.as_bytes())?;
    stream.flush()
}

/// Answers a request that is not handled, then reads and drops what the client is still sending
/// for a moment, so that closing the socket does not reset the connection before it reads the answer.
fn refuse(mut stream: TcpStream, response: &Response) {
    if write_response(&mut stream, response).is_err() {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + DRAIN_TIME;
    let mut chunk = [0u8; 4096];
    while let Some(left) = until.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) {
        if stream.set_read_timeout(Some(left)).is_err() || matches!(stream.read(&mut chunk), Ok(0) | Err(_)) {
            break;
        }
    }
}

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> SocketAddr {
        let (address, listener) = bind("127.0.0.1", 0).expect("a free port");
        let handler: Handler = Arc::new(|request: &Request| Response {
            status: 200,
            kind: "text/plain",
            body: format!("{} {}", request.method, request.target),
        });
        std::thread::spawn(move || serve(listener, handler));
        address
    }

    fn exchange(address: SocketAddr, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(address).expect("connects");
        stream.write_all(request).expect("sends");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        answer
    }

    #[test]
    fn a_request_is_answered_with_its_method_and_target() {
        let answer = exchange(server(), b"GET /api/x?y=1 HTTP/1.1\r\nHost: a\r\n\r\n");
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
        assert!(answer.ends_with("GET /api/x?y=1"), "{answer}");
    }

    #[test]
    fn a_body_is_read_to_its_length_and_a_long_one_refused() {
        let address = server();
        let answer = exchange(address, b"POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        let answer = exchange(address, b"POST /a HTTP/1.1\r\nContent-Length: 9999\r\n\r\n");
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
        let answer = exchange(address, b"POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n");
        assert!(answer.starts_with("HTTP/1.1 411"), "{answer}");
    }

    #[test]
    fn a_malformed_request_line_is_refused() {
        let address = server();
        for bad in ["GET\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n", "GET nopath HTTP/1.1\r\n\r\n"] {
            let answer = exchange(address, bad.as_bytes());
            assert!(answer.starts_with("HTTP/1.1 400"), "{bad:?}: {answer}");
        }
    }

    #[test]
    fn a_head_longer_than_the_limit_is_refused() {
        let address = server();
        let mut request = b"GET / HTTP/1.1\r\nX-Long: ".to_vec();
        request.extend(std::iter::repeat_n(b'a', 100_000));
        let answer = exchange(address, &request);
        assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    }
}
