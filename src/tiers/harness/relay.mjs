// Runs inside a confined run's private network namespace, where the host's 127.0.0.1 is out of
// reach: listens on the namespace's own loopback, pipes each connection to the mock model's unix
// socket (bound into the sandbox), and starts the harness CLI pointed at it. Exit code and signals
// pass through. Usage: node relay.mjs SOCKET -- CLI ARGS...
import { pipeServer, runPassingThrough } from "../../runtime/pipe-relay.mjs";

const [socketPath, dashes, ...argv] = process.argv.slice(2);
if (!socketPath || dashes !== "--" || argv.length === 0) {
  process.stderr.write("vigiles relay: usage: relay.mjs SOCKET -- CLI ARGS...\n");
  process.exit(2);
}
const server = pipeServer(socketPath);
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
  runPassingThrough("vigiles relay", argv, env, () => server.close());
});
