#!/usr/bin/env node
// An MCP stand-in of a plugin eval case (`mocks/<server>/`), served over stdio to the harness that
// starts it. It runs where the harness runs (inside the confined run when the run is confined).
//
// usage: node mcp-stand-in.mjs <spec.json> <call-log.jsonl>
//
// The spec is written by the eval tier (tiers/eval/plugin-suite-mocks.ts) from the reader's output
// (core/plugin-eval/read-mocks.ts): the server name, a nonce, the tools/list entries, and one fixed
// responder per tool with its compiled `expect:` guards. It answers as Claude Code 2.1.328's own
// stand-in answers:
// - a violated guard aborts: the call fails with "eval aborted by mock <nonce>: ..." and its record
//   says `verdict: "abort"`, which scores the run 0;
// - `{{input.a.b}}` and `{{file:path}}` (path inside the server's mock dir, `{input.x}` allowed as a
//   plain file-name segment) are filled in; a fill that fails answers a tool error;
// - `error: true` answers a tool error; an unmocked tool answers "no mock for <server>/<tool>".
// Every call is appended to the call log, one JSON a line, after a first line naming the nonce.
// The MCP stdio transport is JSON-RPC 2.0, one message a line: initialize, tools/list, tools/call.
import { appendFileSync, readFileSync, statSync } from "node:fs";
import { relative, resolve, isAbsolute } from "node:path";
import { createInterface } from "node:readline";

const [specPath, logPath] = process.argv.slice(2);
if (!specPath || !logPath) {
  process.stderr.write("usage: mcp-stand-in.mjs <spec.json> <call-log.jsonl>\n");
  process.exit(2);
}
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const ABORT_PREFIX = "eval aborted by mock";
const OUTPUT_CAP = 16384;
const FIXTURE_CAP = 1048576;
const FILE_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

function log(record) {
  appendFileSync(logPath, `${JSON.stringify(record)}\n`);
}
log({ ready: spec.nonce, server: spec.server });

/** The value at a dotted path of the input (array indexes as digits), or undefined. */
function at(input, path) {
  let value = input;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    if (Array.isArray(value)) {
      if (!/^\d+$/.test(key)) return undefined;
      value = value[Number(key)];
      continue;
    }
    value = Object.hasOwn(value, key) ? value[key] : undefined;
  }
  return value;
}

function shown(value) {
  if (value === undefined) return "(missing)";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function typeOf(value) {
  if (Array.isArray(value)) return "array";
  if (value === null || value === undefined) return "missing";
  if (typeof value === "boolean") return "bool";
  return typeof value;
}

function equalsLiteral(value, literal) {
  if (typeof value === "string") return value === literal;
  if (typeof value === "number" || typeof value === "boolean") return String(value) === literal;
  return false;
}

/** The first violated guard, as the CLI words it, or null. */
function violation(input, guards) {
  for (const g of guards) {
    const value = at(input, g.path);
    switch (g.kind) {
      case "one-of":
        if (!g.values.some((v) => equalsLiteral(value, v)))
          return `${g.path} = ${shown(value)} is not one of [${g.values.join(", ")}]`;
        break;
      case "regex": {
        const subject =
          typeof value === "string"
            ? value
            : typeof value === "number" || typeof value === "boolean"
              ? String(value)
              : null;
        if (subject !== null && subject.length > g.maxSubject)
          return `${g.path} is ${subject.length} characters, more than this /regex/ guard checks (${g.maxSubject})`;
        if (subject === null || !new RegExp(g.source, g.flags).test(subject))
          return `${g.path} = ${shown(value)} does not match /${g.source}/${g.flags}`;
        break;
      }
      case "type":
        if (typeOf(value) !== g.type)
          return `${g.path} = ${shown(value)} is not a ${g.type === "bool" ? "boolean" : g.type}`;
        break;
      case "literal":
        if (!equalsLiteral(value, g.value)) return `${g.path} = ${shown(value)} is not "${g.value}"`;
        break;
      default:
        return `unknown guard kind ${g.kind}`;
    }
  }
  return null;
}

function readFixture(path) {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { problem: "is not a regular file" };
    if (stat.size > FIXTURE_CAP)
      return { problem: `is ${stat.size} bytes, over the ${FIXTURE_CAP}-byte fixture limit` };
    return readFileSync(path, "utf8");
  } catch (error) {
    return {
      problem: error?.code === "ENOENT" ? "no such fixture" : `could not be read (${error?.code ?? error})`,
    };
  }
}

/** The body with its placeholders filled in, or the first reason it cannot be. */
function fill(body, input, baseDir) {
  let problem = null;
  const text = body.replace(
    /\{\{\s*(input\.[A-Za-z0-9_.-]+|file:(?:[^{}]|\{input\.[A-Za-z0-9_.-]+\})+?)\s*\}\}/g,
    (_whole, ref) => {
      if (ref.startsWith("input.")) {
        const value = at(input, ref.slice(6));
        return value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
      }
      let bad = null;
      const path = ref
        .slice(5)
        .trim()
        .replace(/\{input\.([A-Za-z0-9_.-]+)\}/g, (_m, key) => {
          const value = at(input, key);
          const segment = value === undefined || value === null ? "" : String(value);
          if (!FILE_SEGMENT.test(segment))
            bad = `{input.${key}} = ${shown(value)} is not a plain file-name segment`;
          return segment;
        });
      if (bad !== null) {
        problem ??= bad;
        return "";
      }
      const full = resolve(baseDir, path);
      const rel = relative(baseDir, full);
      if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
        problem ??= `{{file:${path}}} names a path outside the mock's directory`;
        return "";
      }
      const read = readFixture(full);
      if (typeof read !== "string") {
        problem ??= `{{file:${path}}}: ${read.problem}`;
        return "";
      }
      return read;
    },
  );
  return problem === null ? { ok: true, text } : { ok: false, reason: problem };
}

function answer(tool, input) {
  const responder = Object.hasOwn(spec.responders, tool) ? spec.responders[tool] : undefined;
  if (responder === undefined) return { verdict: "tool_error", text: `no mock for ${spec.server}/${tool}` };
  if (responder.expect !== null) {
    const why = violation(input, responder.expect);
    if (why !== null) return { verdict: "abort", text: `input violates expect: ${why}` };
  }
  const filled = fill(responder.body, input, responder.baseDir);
  if (!filled.ok) return { verdict: "tool_error", text: filled.reason };
  return { verdict: responder.isError ? "tool_error" : "ok", text: filled.text };
}

// An answer that starts like the harness's own abort or transport error is prefixed, so a canned
// body cannot pass for one.
function unforgeable(text) {
  const start = text.trimStart();
  return start.startsWith(ABORT_PREFIX) ||
    start.startsWith('MCP server "') ||
    start.startsWith("MCP error -32000: Connection closed")
    ? `| ${start}`
    : text;
}

let seq = 0;
function callTool(params) {
  const tool = String(params?.name ?? "");
  const input = params?.arguments ?? {};
  const started = Date.now();
  const result = answer(tool, input);
  const output =
    result.text.length > OUTPUT_CAP ? `${result.text.slice(0, OUTPUT_CAP)}…[truncated]` : result.text;
  log({
    nonce: spec.nonce,
    seq: seq++,
    server: spec.server,
    tool,
    responder: "fixed",
    input,
    verdict: result.verdict,
    output,
    ms: Date.now() - started,
  });
  switch (result.verdict) {
    case "ok":
      return { content: [{ type: "text", text: unforgeable(result.text) }] };
    case "tool_error":
      return { content: [{ type: "text", text: unforgeable(result.text) }], isError: true };
    default:
      return {
        content: [
          { type: "text", text: `${ABORT_PREFIX} ${spec.nonce}: ${spec.server}/${tool} — ${result.text}` },
        ],
        isError: true,
      };
  }
}

function reply(id, result) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);
}
function fail(id, code, message) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    fail(null, -32700, "parse error");
    return;
  }
  const { id, method, params } = message;
  // Notifications (no id) need no answer.
  if (id === undefined || id === null) return;
  switch (method) {
    case "initialize":
      reply(id, {
        protocolVersion: typeof params?.protocolVersion === "string" ? params.protocolVersion : "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: `eval-mock/${spec.server}`, version: "1" },
      });
      return;
    case "ping":
      reply(id, {});
      return;
    case "tools/list":
      reply(id, {
        tools: spec.tools.map((t) => ({
          name: t.name,
          description: t.description,
          inputSchema: { type: "object", ...t.inputSchema },
        })),
      });
      return;
    case "tools/call":
      reply(id, callTool(params));
      return;
    default:
      fail(id, -32601, `method not found: ${method}`);
  }
});
lines.on("close", () => process.exit(0));
