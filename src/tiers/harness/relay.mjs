// Runs inside a confined run's private network namespace, where the host's 127.0.0.1 is out of
// reach: listens on the namespace's own loopback, pipes each connection to the mock model's unix
// socket (bound into the sandbox), and starts the harness CLI pointed at it. Exit code and signals
// pass through. Usage: node relay.mjs SOCKET -- CLI ARGS...
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

const [socketPath, dashes, ...argv] = process.argv.slice(2);
if (!socketPath || dashes !== "--" || argv.length === 0) {
  process.stderr.write("vigiles relay: usage: relay.mjs SOCKET -- CLI ARGS...\n");
  process.exit(2);
}
const server = createServer((client) => {
  const upstream = connect(socketPath);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close);
  upstream.on("error", close);
});
// Inside the namespace the loopback is the sandbox's own, so the relay can take the very port the mock
// has outside: every harness then reaches the mock at the URL it was given, whatever way it reads it
// (Claude Code's ANTHROPIC_BASE_URL, Codex's -c model_providers…base_url).
const wantedPort = Number(process.env.VIGILES_RELAY_PORT ?? 0);
server.listen(Number.isInteger(wantedPort) ? wantedPort : 0, "127.0.0.1", () => {
  const { port } = server.address();
  const env = { ...process.env, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` };
  // The CLI gets the CA bundle the relay itself skipped (session.ts).
  if (env.VIGILES_RELAY_NODE_EXTRA_CA_CERTS !== undefined) {
    env.NODE_EXTRA_CA_CERTS = env.VIGILES_RELAY_NODE_EXTRA_CA_CERTS;
    delete env.VIGILES_RELAY_NODE_EXTRA_CA_CERTS;
  }
  const child = spawn(argv[0], argv.slice(1), { env, stdio: "inherit" });
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(sig, () => child.kill(sig));
  child.on("error", (error) => {
    process.stderr.write(`vigiles relay: cannot start ${argv[0]}: ${error.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    server.close();
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
});
