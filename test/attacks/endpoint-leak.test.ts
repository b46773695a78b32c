// Attack class 5 (issue 29 §5): no request reaches an endpoint other than the run's mock, and no
// credential of the invoking user reaches the run. A local listener stands in for every endpoint a
// variable can name (model base URLs, proxies, telemetry collectors, a metadata server); the host's
// environment points every routing variable at it and holds canary credentials; the spec's env
// tries each routing variable (refused, or kept and then harmless); a fixture `.env` sets them all
// (refused, or not read). Unconfined on purpose (`sandbox: false`): a confined run has no network,
// so only an unconfined one shows where the CLI would send. The listener must see no connection,
// and the canary must reach neither the mock nor a tool's environment. Real pinned CLIs, one run
// per harness, concurrent.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeRunDirs } from "../../src/tiers/harness/session.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { assertEnvRoutesNowhere } from "../../src/adapters/shared/endpoint.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED } from "./registered.js";

const CANARY = `canary-credential-${process.pid}`;
/** The host's stand-in endpoint (every test's host env points at it). */
let hostListener: Listener;
const saved = new Map<string, string | undefined>();

/** Variables that route traffic somewhere, each harness's and the common ones, pointed at `url`. */
function routing(url: string, hostPort: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_BEDROCK_BASE_URL: url,
    ANTHROPIC_VERTEX_BASE_URL: url,
    OPENAI_BASE_URL: url,
    OPENAI_API_BASE: url,
    GOOGLE_GEMINI_BASE_URL: url,
    GOOGLE_VERTEX_BASE_URL: url,
    COPILOT_API_URL: url,
    GITHUB_API_URL: url,
    GH_HOST: hostPort,
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    ALL_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    all_proxy: url,
    NO_PROXY: "",
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_METRICS_EXPORTER: "otlp",
    OTEL_LOGS_EXPORTER: "otlp",
    CLAUDE_CODE_ENABLE_TELEMETRY: "1",
    GEMINI_TELEMETRY_ENABLED: "true",
    GEMINI_TELEMETRY_OTLP_ENDPOINT: url,
    GCE_METADATA_HOST: hostPort,
    GCE_METADATA_IP: hostPort,
  };
}

/** The invoking user's credentials, as canaries. */
const CREDENTIALS = Object.fromEntries(
  [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "OPENAI_API_KEY",
    "CODEX_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "COPILOT_GITHUB_TOKEN",
    "DASHSCOPE_API_KEY",
    "AWS_SECRET_ACCESS_KEY",
  ].map((name) => [name, CANARY]),
);

interface Listener {
  readonly url: string;
  readonly hostPort: string;
  /** Connections so far (a CONNECT, a TLS hello and a plain request alike). */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP listener on 127.0.0.1 that counts connections and closes each at once. */
async function listen(): Promise<Listener> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  hostListener = await listen();
  for (const [name, value] of Object.entries({
    ...routing(hostListener.url, hostListener.hostPort),
    ...CREDENTIALS,
  })) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
});
afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  expect(hostListener.connections(), "connections to the host env's stand-in endpoint").toBe(0);
  await hostListener.close();
});

/** The routing variables a spec's env may hold for this adapter (the runner and the launch refuse the rest before starting). */
function acceptedInSpecEnv(adapter: HarnessAdapter, env: Record<string, string>): Record<string, string> {
  const { root, dirs } = makeRunDirs();
  try {
    return Object.fromEntries(
      Object.entries(env).filter(([name, value]) => {
        try {
          assertEnvRoutesNowhere({ [name]: value }, adapter.displayName);
          adapter.launch({
            harness: {
              adapterId: adapter.id,
              path: "/nonexistent/cli",
              version: adapter.pinnedPackage.version,
              source: "option",
            },
            spec: { prompt: "x", env: { [name]: value } },
            dirs,
            endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:9/", apiKey: "k" },
            asRoot: false,
          });
          return true;
        } catch {
          return false;
        }
      }),
    );
  } finally {
    removeTempDir(root);
  }
}

describe.concurrent("no request reaches anything but the mock, no credential reaches the run", () => {
  for (const { entry, adapter } of REGISTERED) {
    test(
      `${entry.displayName}: the listener sees nothing and the canary stays out`,
      async () => {
        const listener = await listen();
        const hostile = routing(listener.url, listener.hostPort);
        const env = acceptedInSpecEnv(adapter, hostile);
        const dotenv = Object.entries(hostile)
          .map(([k, v]) => `${k}=${v}`)
          .join("\n");
        const spec = {
          prompt: "show the environment",
          model: [{ tool: "Bash", input: { command: "env; echo end-of-env" } }, { text: "done" }],
          sandbox: false,
          env,
          timeoutMs: 240_000,
        };
        // A harness that reads `.env` refuses one that routes; then the run goes on without it.
        const withDotenv = await runHarnessTest(
          { ...spec, files: { ".env": `${dotenv}\n` } },
          { adapter },
        ).catch((e: unknown) => e);
        const run =
          withDotenv instanceof Error
            ? (expect(withDotenv).toMatchObject({ code: expect.stringMatching(/UNSAFE|ENDPOINT|ENV/) }),
              await runHarnessTest(spec, { adapter }))
            : (withDotenv as Awaited<ReturnType<typeof runHarnessTest>>);
        try {
          await listener.close();
          expect(run.toolCalls[0]?.result?.text ?? "").toContain("end-of-env");
          expect(JSON.stringify(run.modelRequests)).not.toContain(CANARY);
          expect(
            listener.connections(),
            `connections to the stand-in endpoint (${entry.id}, spec env: ${Object.keys(env).join(", ")})`,
          ).toBe(0);
        } finally {
          run.cleanup();
        }
      },
      REAL_RUN_TIMEOUT,
    );
  }
});
