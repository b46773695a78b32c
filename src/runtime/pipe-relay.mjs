// The two halves every relay and the egress proxy share: a loopback listener piping each connection
// to a unix socket, and the child run with its exit code and signals passed through.
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/** A TCP server whose every connection is piped to the unix socket at `socketPath` (not listening yet). */
export function pipeServer(socketPath) {
  return createServer((client) => {
    const upstream = connect(socketPath);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
  });
}

/**
 * Starts `argv` with `env` (inherited stdio), forwards SIGTERM, SIGINT and SIGHUP to it, and ends
 * this process as it ended (`onExit` first). `name` prefixes the message when it cannot start.
 */
export function runPassingThrough(name, argv, env, onExit = () => {}) {
  const child = spawn(argv[0], argv.slice(1), { env, stdio: "inherit" });
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(sig, () => child.kill(sig));
  child.on("error", (error) => {
    process.stderr.write(`${name}: cannot start ${argv[0]}: ${error.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    onExit();
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
