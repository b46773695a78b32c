/**
 * The MCP stand-ins of one case (`mocks/<server>/`), read as Claude Code 2.1.328's `claude plugin
 * eval` reads them. Pure: the tier hands in the files under every `mocks/` directory of the suite.
 *
 * - Layers: `mocks/` of the suite root and of every directory down to the case; per tool, the
 *   deepest layer's responder wins.
 * - `mocks/<server>/` named after one of the plugin's MCP servers shadows it; any other is a
 *   standalone server whose tools the agent calls as `mcp__<server>__<tool>`.
 * - `<tool>.md`: frontmatter `type` (fixed | agent), `expect`, `error`, `abort_when`; the body is the
 *   canned answer (fixed) or the server described to a model (agent). `_server.md`: one agent for
 *   the tools it lists. `_tools.json`: a saved tools/list answer. `.replay/`: pinned agent answers.
 *
 * vigiles serves fixed responders of standalone servers (runtime/mcp-stand-in.mjs). Agent
 * responders and shadowing servers are read, checked, and named in `unservable` ("cannot be
 * served"): a case that needs them is refused, never run without them.
 */
import { SuiteFormatError } from "./errors.js";
import { compileExpect, expectProblems, readExpect, type CompiledGuard } from "./mock-expect.js";
import { splitProse } from "./prose.js";

/** Files under the suite's `mocks/` directories: suite-relative path (`/` separators) -> text. */
export type MockFiles = ReadonlyMap<string, string>;

/** A name the CLI accepts for a server directory or a tool file. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SERVER_AGENT_FILE = "_server.md";
const TOOLS_FILE = "_tools.json";
const REPLAY_DIR = ".replay";
const RESPONDER_KEYS = new Set(["type", "expect", "error", "tools", "abort_when"]);
/** The body `claude plugin eval init` scaffolds; the CLI refuses to run a mock that still holds it. */
export const MOCK_PLACEHOLDER = "TODO: replace with the canned result this tool should return";

/** A tool's entry in tools/list. */
export interface MockToolListing {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** A canned answer: the body with `{{input.a.b}}` and `{{file:path}}` filled in at call time. */
export interface FixedResponder {
  readonly kind: "fixed";
  readonly body: string;
  readonly isError: boolean;
  readonly expect: readonly CompiledGuard[] | null;
  /** Suite-relative dir `{{file:...}}` paths are read from (the responder's server directory). */
  readonly baseDir: string;
  /** Suite-relative file that declares it. */
  readonly file: string;
}

/** The judge model playing the server (not served by vigiles yet). */
export interface AgentResponder {
  readonly kind: "agent";
  readonly prompt: string;
  readonly abortWhen: string | null;
  readonly expect: readonly CompiledGuard[] | null;
  readonly file: string;
}

export type MockResponder = FixedResponder | AgentResponder;

/** One mocked server of a case, its layers merged. */
export interface MockServer {
  readonly name: string;
  /** `shadow`: stands in for the plugin's own server of that name. */
  readonly kind: "shadow" | "standalone";
  /** Tool name -> responder, sorted by tool. */
  readonly tools: ReadonlyMap<string, MockResponder>;
  /** tools/list entries from `_tools.json` (every layer's, deeper ones last). */
  readonly listings: ReadonlyMap<string, MockToolListing>;
  /** Suite-relative files under `mocks/.replay/<server>/`. */
  readonly replayFiles: readonly string[];
}

/** What a case's mocks are. */
export interface CaseMocks {
  readonly servers: readonly MockServer[];
  /** The CLI's notes (a server dir with nothing mocked, ...): printed, never fatal. */
  readonly notes: readonly string[];
  /** Why a server cannot be served by vigiles, one line each (empty when all can). */
  readonly unservable: readonly string[];
}

interface Layer {
  readonly toolFiles: Map<string, MockResponder>;
  serverAgent: { readonly responder: AgentResponder; readonly tools: readonly string[] } | null;
  readonly listings: Map<string, MockToolListing>;
}

/** The layers' `mocks/` prefixes of a case dir, shallowest first: `mocks/`, `a/mocks/`, `a/b/mocks/`. */
export function mockLayers(caseDir: string): string[] {
  const parts = caseDir === "" ? [] : caseDir.split("/");
  return parts.reduce<string[]>(
    (acc, _part, i) => [...acc, `${parts.slice(0, i + 1).join("/")}/mocks/`],
    ["mocks/"],
  );
}

/**
 * The mocks of the case at `caseDir`. Throws {@link SuiteFormatError} (`invalid-mock`) for a mock
 * the CLI refuses to load. `pluginServers` are the MCP server names the case's plugin declares.
 */
export function readCaseMocks(
  files: MockFiles,
  caseDir: string,
  pluginServers: ReadonlySet<string>,
): CaseMocks {
  const notes: string[] = [];
  const perServer = new Map<string, Layer[]>();
  const replay = new Map<string, string[]>();
  for (const prefix of mockLayers(caseDir)) {
    for (const [server, layer] of readLayer(files, prefix, notes))
      perServer.set(server, [...(perServer.get(server) ?? []), layer]);
    for (const path of files.keys()) {
      if (!path.startsWith(`${prefix}${REPLAY_DIR}/`)) continue;
      const server = path.slice(prefix.length + REPLAY_DIR.length + 1).split("/")[0] ?? "";
      replay.set(server, [...(replay.get(server) ?? []), path]);
    }
  }
  const servers: MockServer[] = [];
  for (const [name, layers] of [...perServer].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const tools = new Map<string, MockResponder>();
    const agent = layers.map((l) => l.serverAgent).findLast((a) => a !== null) ?? null;
    if (agent !== null) for (const tool of agent.tools) tools.set(tool, agent.responder);
    for (const layer of layers) for (const [tool, responder] of layer.toolFiles) tools.set(tool, responder);
    if (tools.size === 0) {
      notes.push(
        `mocks: mocks/${name}/ has no <tool>.md responders in any layer; nothing is mocked for ${name}`,
      );
      continue;
    }
    const listings = new Map(layers.flatMap((l) => [...l.listings]));
    const sorted = new Map([...tools].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    servers.push({
      name,
      kind: pluginServers.has(name) ? "shadow" : "standalone",
      tools: sorted,
      listings,
      replayFiles: replay.get(name) ?? [],
    });
  }
  return { servers, notes, unservable: servers.flatMap(unservableOf) };
}

function unservableOf(server: MockServer): string[] {
  const why: string[] = [];
  if (server.kind === "shadow")
    why.push(
      `mocks/${server.name}/ shadows the plugin's MCP server "${server.name}": vigiles cannot serve a stand-in in a plugin server's place yet`,
    );
  const agents = new Set([...server.tools.values()].filter((r) => r.kind === "agent").map((r) => r.file));
  for (const file of agents)
    why.push(
      `${file}: a \`type: agent\` responder (the model plays the server) cannot be served by vigiles yet`,
    );
  return why;
}

function readLayer(files: MockFiles, prefix: string, notes: string[]): Map<string, Layer> {
  const byServer = new Map<string, string[]>();
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length).split("/");
    if (rest.length !== 2) continue;
    const [server = "", file = ""] = rest;
    if (server.startsWith(".")) continue;
    byServer.set(server, [...(byServer.get(server) ?? []), file]);
  }
  const layers = new Map<string, Layer>();
  for (const [server, names] of [...byServer].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const dir = `${prefix}${server}`;
    if (!SEGMENT.test(server))
      throw new SuiteFormatError(
        "invalid-mock",
        dir,
        'name the directory after the server segment of the tool name (letters, digits, "_" and "-" only)',
      );
    const layer: Layer = { toolFiles: new Map(), serverAgent: null, listings: new Map() };
    for (const name of names.sort()) {
      const file = `${dir}/${name}`;
      const text = files.get(file) ?? "";
      if (name === TOOLS_FILE) {
        for (const listing of readListings(text, file)) layer.listings.set(listing.name, listing);
        continue;
      }
      if (name.startsWith(".") || !name.endsWith(".md")) continue;
      const tool = name.slice(0, -3);
      if (name !== SERVER_AGENT_FILE && !SEGMENT.test(tool))
        throw new SuiteFormatError(
          "invalid-mock",
          file,
          'name responder files after the tool (letters, digits, "_" and "-" only), e.g. list_issues.md',
        );
      const { responder, tools } = readResponder(text, file, dir);
      if (name === SERVER_AGENT_FILE) {
        if (responder.kind !== "agent")
          throw new SuiteFormatError(
            "invalid-mock",
            file,
            "only `type: agent` is meaningful here (one agent answering several tools); put a fixed answer in <tool>.md",
          );
        if (tools.length === 0)
          throw new SuiteFormatError(
            "invalid-mock",
            file,
            "an agent answering several tools needs `tools: [...]`",
          );
        if (responder.expect !== null && tools.length > 1)
          throw new SuiteFormatError(
            "invalid-mock",
            file,
            `\`expect:\` here would guard all ${tools.length} tools it answers; put the guard on the one tool it is meant for as ${dir}/<tool>.md`,
          );
        layer.serverAgent = { responder, tools };
        continue;
      }
      layer.toolFiles.set(tool, responder);
    }
    if (layer.toolFiles.size === 0 && layer.serverAgent === null && layer.listings.size === 0) {
      notes.push(`mocks: ${dir}/ has no <tool>.md responders; nothing is mocked for ${server}`);
      continue;
    }
    layers.set(server, layer);
  }
  return layers;
}

function readResponder(
  text: string,
  file: string,
  baseDir: string,
): { readonly responder: MockResponder; readonly tools: readonly string[] } {
  const { frontmatter, body: raw } = splitProse(text, file);
  const fail = (reason: string): never => {
    throw new SuiteFormatError("invalid-mock", file, reason);
  };
  for (const key of Object.keys(frontmatter))
    if (!RESPONDER_KEYS.has(key)) fail(`${key}: unknown key (keys: type, expect, error, tools, abort_when)`);
  const type = frontmatter["type"] ?? "fixed";
  if (type !== "fixed" && type !== "agent") fail('type: must be "fixed" or "agent"');
  const error = frontmatter["error"];
  if (error !== undefined && typeof error !== "boolean") fail("error: must be true or false");
  const abortWhen = frontmatter["abort_when"];
  if (abortWhen !== undefined && typeof abortWhen !== "string") fail("abort_when: must be text");
  const toolsRaw = frontmatter["tools"];
  if (
    toolsRaw !== undefined &&
    (!Array.isArray(toolsRaw) || toolsRaw.some((t) => typeof t !== "string" || !SEGMENT.test(t)))
  )
    fail('tools: a list of tool names (letters, digits, "_" and "-" only)');
  let expect: readonly CompiledGuard[] | null = null;
  if (frontmatter["expect"] !== undefined) {
    const read = readExpect(frontmatter["expect"]);
    if ("problem" in read) return fail(read.problem);
    const map = read.expect as { readonly [key: string]: never };
    const problem = expectProblems(map)[0];
    if (problem !== undefined) fail(problem);
    expect = compileExpect(map);
  }
  if (toolsRaw !== undefined && !file.endsWith(`/${SERVER_AGENT_FILE}`))
    fail(`\`tools:\` belongs in ${SERVER_AGENT_FILE} (a <tool>.md answers the tool it is named after)`);
  const tools = (toolsRaw as string[] | undefined) ?? [];
  const body = raw.replace(/^\n+/, "").replace(/\s+$/, "");
  if (type === "agent") {
    if (error !== undefined) fail("`error:` applies to fixed responders only");
    if (body === "" || body.includes(MOCK_PLACEHOLDER))
      fail("an agent responder needs a description of the server it plays as its body");
    const trimmed = typeof abortWhen === "string" && abortWhen.trim() !== "" ? abortWhen : null;
    return { responder: { kind: "agent", prompt: body, abortWhen: trimmed, expect, file }, tools };
  }
  if (abortWhen !== undefined)
    fail("`abort_when:` needs `type: agent`; a fixed responder guards its input with `expect:`");
  if (body.includes(MOCK_PLACEHOLDER))
    fail("still holds the scaffolded placeholder; write the tool's canned answer as the body");
  return { responder: { kind: "fixed", body, isError: error === true, expect, baseDir, file }, tools };
}

function readListings(text: string, file: string): MockToolListing[] {
  const shape = 'expected a saved tools/list response ({"tools": [{"name", "description", "inputSchema"}]})';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SuiteFormatError("invalid-mock", file, `not valid JSON (${(error as Error).message})`);
  }
  const body =
    typeof parsed === "object" && parsed !== null && "result" in parsed
      ? (parsed as { result: unknown }).result
      : parsed;
  const tools = typeof body === "object" && body !== null ? (body as { tools?: unknown }).tools : undefined;
  if (!Array.isArray(tools)) throw new SuiteFormatError("invalid-mock", file, shape);
  return tools.map((t: unknown) => {
    const entry = t as { name?: unknown; description?: unknown; inputSchema?: unknown };
    if (typeof entry !== "object" || entry === null || typeof entry.name !== "string" || entry.name === "")
      throw new SuiteFormatError("invalid-mock", file, shape);
    return {
      name: entry.name,
      description: typeof entry.description === "string" ? entry.description : "",
      inputSchema:
        typeof entry.inputSchema === "object" && entry.inputSchema !== null
          ? (entry.inputSchema as Record<string, unknown>)
          : { type: "object" },
    };
  });
}

/** A tool's tools/list entry: its `_tools.json` listing, else a permissive schema and no description (as the CLI serves it). */
export function listingOf(server: MockServer, tool: string): MockToolListing {
  return server.listings.get(tool) ?? { name: tool, description: "", inputSchema: { type: "object" } };
}
