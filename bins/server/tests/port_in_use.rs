//! Black-box: the real `leffaseura-server` on a port that is already taken.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_port_in_use_is_reported_once_with_a_hint_to_set_bind() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let bind = taken.local_addr().expect("its address").to_string();
    let data = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_leffaseura-server"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("BIND", &bind)
        .env("DATA_DIR", data.path())
        .env("WEBAPP_DIR", data.path().join("no-webapp"))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the server kept running on a taken port");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut stdout)
        .expect("stdout is UTF-8");
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr is UTF-8");
    drop(taken);

    assert_eq!(status.code(), Some(1), "{stdout}{stderr}");
    let everything = format!("{stdout}{stderr}");
    assert_eq!(
        everything.matches(&format!("listening on {bind}")).count(),
        1,
        "the error once: {everything}"
    );
    assert!(
        stderr.contains(&format!("leffaseura-server: listening on {bind}: ")),
        "{stderr}"
    );
    assert!(
        stderr.contains("hint:") && stderr.contains("set BIND"),
        "{stderr}"
    );
}
