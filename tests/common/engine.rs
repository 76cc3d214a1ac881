//! A real `vorpal` binary driven over pipes, for the protocol tests.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;

/// The engine process and the lines it printed, read on their own thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    panicked: Arc<AtomicBool>,
}

impl Engine {
    /// Starts `vorpal` with no subcommand (the protocol loop).
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vorpal"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("vorpal starts");
        let stderr = child.stderr.take().unwrap();
        let panicked = Arc::new(AtomicBool::new(false));
        let seen = panicked.clone();
        // Passed on to the test's own stderr; a panic of any engine thread is noted.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("{line}");
                if line.contains("panicked") {
                    seen.store(true, Ordering::Relaxed);
                }
            }
        });
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin: Some(stdin), lines, panicked }
    }

    /// Whether any thread of the engine has panicked so far.
    pub fn panicked(&self) -> bool {
        self.panicked.load(Ordering::Relaxed)
    }

    /// Waits for the process to exit; whether it exited with success.
    pub fn exits_cleanly(&mut self) -> bool {
        self.child.wait().is_ok_and(|status| status.success())
    }

    /// Sends one line.
    pub fn send(&mut self, text: &str) {
        writeln!(self.stdin.as_mut().expect("input is open"), "{text}").unwrap();
    }

    /// Sends one line of raw bytes (not necessarily text).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input is open");
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
    }

    /// Closes the engine's input, as a GUI that has gone does; then the lines printed until the
    /// process exited (within `limit`), or `None` if it still runs then.
    pub fn end_input(&mut self, limit: Duration) -> Option<Vec<String>> {
        drop(self.stdin.take());
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if self.child.try_wait().ok().flatten().is_some() {
                // The reader thread may still hold the last lines: take them until it ends.
                let mut lines = Vec::new();
                while let Ok(line) =
                    self.lines.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
                {
                    lines.push(line);
                }
                return Some(lines);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Lines up to and including the first that starts with `prefix` (60 s at most).
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no '{prefix}' in {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
