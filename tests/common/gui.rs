//! A running `vorpal gui` for the GUI's tests, and plain HTTP requests to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::VORPAL;

/// A running `vorpal gui` on a free port of this machine, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, as the server printed it.
    pub address: String,
}

impl Server {
    /// Starts `vorpal gui --port 0`.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts `vorpal gui --port 0` with more arguments; returns once it has printed its address.
    pub fn start_with(extra: &[&str]) -> Server {
        let mut child = Command::new(VORPAL)
            .args(["gui", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("vorpal gui starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its output")).read_line(&mut line).expect("the address");
        let address = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .map(|a| a.trim_end_matches('/').to_string())
            .unwrap_or_else(|| panic!("no address in '{line}'"));
        Server { child, address }
    }

    /// A connection to the server, whose reads give up after a minute: a server that never
    /// answers fails the test instead of hanging it.
    pub fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(&self.address).expect("the server accepts");
        stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
        stream
    }

    /// Sends one request and returns the status and the body.
    pub fn ask(&self, method: &str, target: &str) -> (u16, String) {
        let (status, body, _) = self.ask_timed(method, target);
        (status, body)
    }

    /// Sends one request and returns the status, the body and how long the answer took.
    pub fn ask_timed(&self, method: &str, target: &str) -> (u16, String, Duration) {
        let asked = Instant::now();
        let mut stream = self.connect();
        write!(stream, "{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
            .expect("the request goes out");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer within a minute");
        let status = answer.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
        (status, body, asked.elapsed())
    }

    /// Opens a connection and sends `text`, leaving the connection open.
    pub fn send_and_hold(&self, text: &str) -> TcpStream {
        let mut stream = self.connect();
        stream.write_all(text.as_bytes()).expect("sent");
        stream
    }

    /// The server's resident memory in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("its status");
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("a number")
    }

    /// Whether the server still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("its status").is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
