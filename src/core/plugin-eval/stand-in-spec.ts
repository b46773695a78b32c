/**
 * What the MCP stand-in of one mocked server is told (runtime/mcp-stand-in.mjs reads it), and what
 * its call log says back: the records `mock_calls` graders read and the abort that scores a run 0.
 * Pure; the tier writes the spec and reads the log.
 */
import { join } from "node:path";
import type { CompiledGuard } from "./mock-expect.js";
import { listingOf, type CaseMocks, type MockToolListing } from "./read-mocks.js";

/** One fixed responder as the stand-in serves it. */
export interface StandInResponder {
  readonly kind: "fixed";
  readonly body: string;
  readonly isError: boolean;
  readonly expect: readonly CompiledGuard[] | null;
  /** Absolute dir `{{file:...}}` reads from. */
  readonly baseDir: string;
}

/** One server's stand-in. The nonce and the call log are added per run. */
export interface StandInSpec {
  readonly server: string;
  readonly tools: readonly MockToolListing[];
  readonly responders: Readonly<Record<string, StandInResponder>>;
  /** Content hash of the files its `{{file:...}}` fills may read (part of the trial's cache key). */
  readonly fixturesHash: string;
}

/**
 * The stand-ins of a case whose mocks can all be served (check `mocks.unservable` first).
 * `fixturesHashOf` hashes a suite-relative mock directory.
 */
export function standInSpecs(
  mocks: CaseMocks,
  suiteRoot: string,
  fixturesHashOf: (suiteRelativeDir: string) => string,
): StandInSpec[] {
  return mocks.servers.map((server) => {
    const responders: Record<string, StandInResponder> = {};
    const dirs = new Set<string>();
    for (const [tool, r] of server.tools) {
      if (r.kind !== "fixed") continue;
      dirs.add(r.baseDir);
      responders[tool] = {
        kind: "fixed",
        body: r.body,
        isError: r.isError,
        expect: r.expect,
        baseDir: join(suiteRoot, r.baseDir),
      };
    }
    return {
      server: server.name,
      tools: [...server.tools.keys()].map((tool) => listingOf(server, tool)),
      responders,
      fixturesHash: [...dirs].sort().map(fixturesHashOf).join(","),
    };
  });
}

/** The stand-ins as the cache key sees them: content only, never where the suite sits on disk. */
export function standInKey(specs: readonly StandInSpec[]): unknown {
  return specs.map((s) => ({
    ...s,
    responders: Object.fromEntries(
      Object.entries(s.responders).map(([tool, { baseDir: _dir, ...rest }]) => [tool, rest]),
    ),
  }));
}

/** How a stand-in answered one call. */
export type MockVerdict = "ok" | "tool_error" | "abort";

/** One line of a stand-in's call log. */
export interface MockCallRecord {
  readonly server: string;
  readonly tool: string;
  readonly input: unknown;
  readonly verdict: MockVerdict;
  readonly output: string;
}

/** A run's mock calls, as the driver read them from the run's call log. */
export interface MockCallLog {
  readonly calls: readonly MockCallRecord[];
  /** Servers whose stand-in the harness started (said ready). */
  readonly started: readonly string[];
}

/**
 * Reads a call log's text: only lines of this run's nonce count (a line without it, written by
 * anything else in the run, is ignored).
 */
export function parseCallLog(text: string, nonce: string): MockCallLog {
  const calls: MockCallRecord[] = [];
  const started: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (record["ready"] === nonce && typeof record["server"] === "string") {
      started.push(record["server"]);
      continue;
    }
    if (record["nonce"] !== nonce) continue;
    const verdict = record["verdict"];
    if (verdict !== "ok" && verdict !== "tool_error" && verdict !== "abort") continue;
    calls.push({
      server: String(record["server"]),
      tool: String(record["tool"]),
      input: record["input"],
      verdict,
      output: String(record["output"] ?? ""),
    });
  }
  return { calls, started };
}

/**
 * The text a `mock_calls` grader reads, as the CLI builds it: one JSON line per mocked call, in
 * call order, `{tool, input, output, isError?, verdict}` with the tool as the agent called it.
 */
export function mockCallsText(calls: readonly MockCallRecord[]): string {
  return calls
    .map((c) =>
      JSON.stringify({
        tool: `mcp__${c.server}__${c.tool}`,
        input: c.input,
        output: c.output,
        ...(c.verdict !== "ok" && { isError: true }),
        verdict: c.verdict,
      }),
    )
    .join("\n");
}

/**
 * The first call a guard aborted, as Claude Code 2.1.328 writes it in a run's `aborted` field of
 * aggregate-result.json (`{server, tool, reason}`, the reason "the model's call violates expect:
 * ..."), or undefined.
 */
export function mockAbortRecord(
  calls: readonly MockCallRecord[],
): { readonly server: string; readonly tool: string; readonly reason: string } | undefined {
  const abort = calls.find((c) => c.verdict === "abort");
  if (abort === undefined) return undefined;
  // The stand-in answers the agent "input violates expect: <why>"; the CLI's record names the call.
  const reason = abort.output.replace(/^input violates expect:/, "the model's call violates expect:");
  return { server: abort.server, tool: abort.tool, reason };
}

/** The first call a guard aborted, as the run's error, or undefined. */
export function mockAbortOf(calls: readonly MockCallRecord[]): string | undefined {
  const abort = calls.find((c) => c.verdict === "abort");
  return abort === undefined
    ? undefined
    : `eval aborted by mock: ${abort.server}/${abort.tool}: ${abort.output}`;
}
