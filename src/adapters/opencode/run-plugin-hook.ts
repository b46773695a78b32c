/**
 * The free tier's counterpart of a plugin fire (OpenCode's `runHook`): loads a plugin module in this
 * process the way OpenCode 1.18.33 does (each unique export, a function or an object with a `server`
 * function, called with the plugin context) and calls its hook for one synthetic call, as OpenCode's
 * trigger does: `(input, output)` awaited in order, a throw stopping the rest. Says whether it loaded
 * (and why not), what each hook threw or changed, and what OpenCode would do with it (the dialect's
 * fold). It runs under Node, not Bun: a `.ts` plugin, or one using `Bun` APIs, is refused or fails
 * here and belongs in a harness test. The context has no server client (`client` throws when used).
 */
import { pathToFileURL } from "node:url";
import { dirname, extname, resolve } from "node:path";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { foldOpenCodeHook } from "./dialect/fold.js";
import { OpenCodeUnsupportedError } from "./errors.js";
import { toOpenCodeCall } from "./mock/tool-names.js";
import { loadFailureText } from "./plugin-records.js";

type Json = Record<string, unknown>;
type HookFn = (input: unknown, output: unknown) => unknown;

/** A synthetic tool call for `runOpenCodePluginHook`: which plugin, which event, which tool and arguments. */
export interface PluginHookCall {
  /** The plugin file (absolute, or relative to the current directory). */
  readonly plugin: string;
  /** The plugin event, `tool.execute.before` by default. */
  readonly event?: string;
  /** The tool, in Claude Code's name (`Bash`) or OpenCode's (`bash`), with Claude Code's or OpenCode's argument names. */
  readonly tool: string;
  readonly args: Readonly<Json>;
  /** For `tool.execute.after`: the tool's result text. */
  readonly result?: string;
  /** The project directory the plugin is given (default: the current directory). */
  readonly directory?: string;
}

/** What `runOpenCodePluginHook` saw: whether the plugin loaded, and each hook function's call. */
export interface PluginHookRun {
  readonly loaded: boolean;
  /** Why OpenCode would drop the plugin, when it did not load. */
  readonly loadError?: string;
  /** Each hook function's call: what it threw, or the output it left. */
  readonly calls: readonly { readonly threw?: string; readonly output: Json }[];
  /** What OpenCode does with the calls: the first throw decides. */
  readonly decision: FoldedHookDecision;
  /** The arguments the tool would run with (after a before-hook's changes). */
  readonly args: Json;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function initsOf(mod: Json): ((input: unknown, options: unknown) => unknown)[] {
  const seen = new Set<unknown>();
  const out: ((input: unknown, options: unknown) => unknown)[] = [];
  for (const value of Object.values(mod)) {
    if (seen.has(value)) continue;
    seen.add(value);
    const server = typeof value === "object" && value !== null ? (value as Json)["server"] : undefined;
    const fn = typeof value === "function" ? value : typeof server === "function" ? server : undefined;
    if (fn === undefined)
      throw Object.assign(new TypeError("Plugin export is not a function"), { stage: "export" });
    out.push(fn as (input: unknown, options: unknown) => unknown);
  }
  return out;
}

function pluginContext(directory: string): Json {
  const client = new Proxy(
    {},
    {
      get: () => {
        throw new Error(
          "vigiles: the OpenCode server client is not available in an in-process run; use a harness test",
        );
      },
    },
  );
  return {
    client,
    project: { id: "vigiles", worktree: directory },
    directory,
    worktree: directory,
    $: undefined,
  };
}

/** Loads the plugin; its hook objects, or the stage and reason it failed at. */
async function loadPlugin(
  path: string,
  directory: string,
): Promise<{ hooks: Json[] } | { stage: string; error: string }> {
  let mod: Json;
  try {
    // A fresh module per run: a query makes Node import the file again.
    mod = (await import(`${pathToFileURL(path).href}?vigiles=${Date.now()}${Math.random()}`)) as Json;
  } catch (e) {
    return { stage: "import", error: message(e) };
  }
  let inits: ReturnType<typeof initsOf>;
  try {
    inits = initsOf(mod);
  } catch (e) {
    return { stage: "export", error: message(e) };
  }
  const hooks: Json[] = [];
  for (const init of inits) {
    try {
      hooks.push(((await init(pluginContext(directory), {})) ?? {}) as Json);
    } catch (e) {
      if (hooks.length === 0) return { stage: "init", error: message(e) };
      break;
    }
  }
  return { hooks };
}

/**
 * Runs one plugin's hook on a synthetic call, in this process.
 *
 * @example
 * const run = await runOpenCodePluginHook({ plugin: ".opencode/plugin/guard.js", tool: "Bash", args: { command: "rm -rf /" } });
 * run.decision.blocked; // true when the before-hook threw
 */
export async function runOpenCodePluginHook(call: PluginHookCall): Promise<PluginHookRun> {
  const path = resolve(call.plugin);
  if (extname(path) === ".ts" || extname(path) === ".mts")
    throw new OpenCodeUnsupportedError(
      `run the TypeScript plugin ${call.plugin} in process`,
      "Node does not run TypeScript; OpenCode's Bun does: test it with a harness test",
    );
  const event = call.event ?? "tool.execute.before";
  const directory = call.directory ?? dirname(dirname(dirname(path)));
  const native = toOpenCodeCall(call.tool, call.args);
  const loaded = await loadPlugin(path, directory);
  const args = { ...native.input };
  if ("stage" in loaded) {
    const loadError = loadFailureText(loaded);
    return {
      loaded: false,
      loadError,
      calls: [],
      args,
      decision: foldOpenCodeHook({ event, exitCode: 0, stdout: "", stderr: "", timedOut: false }),
    };
  }
  const input: Json = {
    tool: native.name,
    sessionID: "vigiles",
    callID: "vigiles-call",
    ...(event === "tool.execute.after" ? { args } : {}),
  };
  const output: Json =
    event === "tool.execute.before" ? { args } : { title: "", output: call.result ?? "", metadata: {} };
  const calls: { threw?: string; output: Json }[] = [];
  let threw: string | undefined;
  for (const hooks of loaded.hooks) {
    const fn = hooks[event];
    if (typeof fn !== "function") continue;
    try {
      await (fn as HookFn).call(hooks, input, output);
      calls.push({ output: structuredClone(output) });
    } catch (e) {
      threw = message(e);
      calls.push({ threw, output: structuredClone(output) });
      break;
    }
  }
  const decision = foldOpenCodeHook({
    event,
    exitCode: threw === undefined ? 0 : 2,
    stdout: "",
    stderr: threw ?? "",
    timedOut: false,
  });
  return { loaded: true, calls, decision, args: (output["args"] as Json | undefined) ?? args };
}
