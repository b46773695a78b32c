// Runs inside a confined run's own network namespace, where nothing of the host's network is
// reachable: listens on the namespace's loopback, pipes each connection to the host-side egress proxy's
// unix socket (egress-proxy.mjs, bound into the sandbox), and starts the command with every proxy
// variable pointing at it. A client that ignores them reaches nothing. Exit code and signals pass
// through. Usage: node egress-relay.mjs SOCKET -- COMMAND ARGS...
import { pipeServer, runPassingThrough } from "./pipe-relay.mjs";

const [socketPath, dashes, ...argv] = process.argv.slice(2);
if (!socketPath || dashes !== "--" || argv.length === 0) {
  process.stderr.write("vigiles egress relay: usage: egress-relay.mjs SOCKET -- COMMAND ARGS...\n");
  process.exit(2);
}
const server = pipeServer(socketPath);
server.listen(0, "127.0.0.1", () => {
  const proxy = `http://127.0.0.1:${server.address().port}`;
  const env = { ...process.env };
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"])
    env[name] = proxy;
  // Every destination goes through the proxy, loopback names included: inside, the loopback is the
  // sandbox's own, and the proxy decides what is reachable.
  delete env.NO_PROXY;
  delete env.no_proxy;
  runPassingThrough("vigiles egress relay", argv, env, () => server.close());
});
