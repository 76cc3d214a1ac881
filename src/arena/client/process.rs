//! An engine's process: started from a command line, written to line by line, and read by a
//! thread that stamps each line with the moment it was read.

use std::fs::File;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::arena::answer::Answer;
use crate::input::{read_line, Line, MAX_LINE};

/// How long an engine may take to start, answer the handshake or get ready.
pub(super) const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long an engine may take to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Where every line to and from the engines goes, as cutechess-cli's `-debug` shows it: the time
/// since the match started, which engine, `>` for a line it was sent and `<` for one it wrote.
#[derive(Clone)]
pub struct IoLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl IoLog {
    /// A log appended to `file`.
    pub fn new(file: File) -> IoLog {
        IoLog { file: Arc::new(Mutex::new(file)), start: Instant::now() }
    }

    fn write(&self, engine: &str, direction: char, line: &str) {
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(file, "{:.3} {engine} {direction} {line}", self.start.elapsed().as_secs_f64());
    }
}

/// A running engine process, whatever its protocol.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// When the last line taken from `lines` was read from the engine.
    heard: Instant,
    /// The engine's name: its command's until its handshake gives one.
    pub(super) name: String,
    /// The I/O log and this engine's label in it.
    log: Option<(IoLog, String)>,
}

impl Process {
    /// Starts `command` under `sh -c`.
    pub(super) fn start(command: &str, log: Option<(IoLog, String)>) -> Result<Process, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        let reader_log = log.clone();
        // Each line is stamped with the moment it was read, so that the arbiter charges the
        // engine up to when it answered, not up to when the game's thread got to the line.
        std::thread::spawn(move || {
            let mut output = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line(&mut output, MAX_LINE) {
                let heard = Instant::now();
                // A line past the bound is nothing any protocol says: it is dropped.
                let Line::Text(line) = line else { continue };
                if let Some((log, label)) = &reader_log {
                    log.write(label, '<', &line);
                }
                if tx.send((heard, line)).is_err() {
                    break;
                }
            }
        });
        let name = command.split_whitespace().next().unwrap_or("engine");
        let name = name.rsplit('/').next().unwrap_or(name).to_string();
        Ok(Process { child, stdin, lines, heard: Instant::now(), name, log })
    }

    /// When the engine wrote the last line read from it.
    pub(super) fn heard(&self) -> Instant {
        self.heard
    }

    /// The processor time the engine has used so far, all its threads, where the system tells
    /// it (Linux's `/proc`): beside the wall time of a move, it shows whether a late answer was
    /// the engine's thinking or a machine too busy to run it.
    pub(super) fn processor_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The command's name (field 2) is in parentheses and may hold spaces: fields are
        // counted from after it, so utime and stime (fields 14 and 15) are the 12th and 13th.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
        // Linux counts them in ticks of USER_HZ, 100 a second on every architecture.
        Some(Duration::from_millis((ticks(11)? + ticks(12)?) * 10))
    }

    /// Writes a line to the engine.
    pub(super) fn send(&mut self, line: &str) -> Result<(), String> {
        if let Some((log, label)) = &self.log {
            log.write(label, '>', line);
        }
        let written = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        written.map_err(|e| {
            let why = self.exit_status();
            format!("{}: {why}; writing to it failed: {e}", self.name)
        })
    }

    /// The next line before `deadline`.
    pub(super) fn line(&mut self, deadline: Instant) -> Result<String, Answer> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((heard, line)) => {
                self.heard = heard;
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Answer::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Answer::Crashed(self.exit_status())),
        }
    }

    /// Lines until one starts with `prefix`, within the handshake time.
    pub(super) fn expect(&mut self, prefix: &str, mut each: impl FnMut(&str)) -> Result<(), String> {
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            match self.line(deadline) {
                Ok(line) if line.starts_with(prefix) => return Ok(()),
                Ok(line) => each(&line),
                Err(Answer::Crashed(why)) => return Err(format!("{}: {why} before sending '{prefix}'", self.name)),
                Err(_) => return Err(format!("{}: no '{prefix}' within {} s", self.name, HANDSHAKE.as_secs())),
            }
        }
    }

    /// Lines until `id name` and then `ok` (UCI's `uciok`, lgp's `lgpok`), taking the name and
    /// handing the other lines to `each`.
    pub(super) fn expect_named(&mut self, ok: &str, mut each: impl FnMut(&str)) -> Result<(), String> {
        let mut name = None;
        self.expect(ok, |line| match line.strip_prefix("id name ") {
            Some(n) => name = Some(n.trim().to_string()),
            None => each(line),
        })?;
        if let Some(name) = name {
            self.name = name;
        }
        Ok(())
    }

    /// An error naming what the engine offers, unless `variant` is among the `offered` ones it announced.
    pub(super) fn check_variant(&self, variant: &str, protocol: &str, offered: &[String]) -> Result<(), String> {
        if offered.iter().any(|v| v == variant) {
            return Ok(());
        }
        let list = if offered.is_empty() { "none".to_string() } else { offered.join(", ") };
        Err(format!("{}: does not offer {variant} over {protocol} (it offers: {list})", self.name))
    }

    fn exit_status(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(20));
        match self.child.try_wait() {
            // The shell that starts the engine exits with 127 when the command does not exist.
            Ok(Some(status)) if status.code() == Some(127) => "could not be run (no such command)".into(),
            Ok(Some(status)) => format!("exited ({status})"),
            _ => "closed its output".into(),
        }
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub(super) fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
