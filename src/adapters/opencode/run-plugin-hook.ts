/**
 * The free tier's counterpart of a plugin fire (OpenCode's `runHook`): loads a plugin module in this
 * process the way OpenCode 1.18.33 does (each unique export, a function or an object with a `server`
 * function, called with the plugin context) and calls its hook for one synthetic call, as OpenCode's
 * trigger does: `(input, output)` awaited in order, a throw stopping the rest. Says whether it loaded
 * (and why not), what each hook threw or changed, and what OpenCode would do with it (the dialect's
 * fold). It runs under Node, not Bun: a `.ts` plugin, or one using `Bun` APIs, is refused or fails
 * here and belongs in a harness test. The context has no server client (`client` throws when used).
 * The loader itself is plugin-host.mjs, plain JavaScript so explain can also run it as a confined command.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { existsSync, realpathSync } from "node:fs";
import { dirname, extname, resolve } from "node:path";
import { recordCoverage } from "../../runtime/coverage-record.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { foldOpenCodeHook } from "./dialect/fold.js";
import { OpenCodeUnsupportedError } from "./errors.js";
import { toOpenCodeCall } from "./mock/tool-names.js";
import { loadFailureText } from "./plugin-records.js";

type Json = Record<string, unknown>;

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

/** What plugin-host.mjs returns for one call. */
interface HostRun {
  readonly stage?: string;
  readonly error?: string;
  readonly calls: readonly { readonly threw?: string; readonly output: Json }[];
  readonly threw?: string;
  readonly args: Json;
}
type RunPluginHooks = (call: {
  path: string;
  directory: string;
  event: string;
  tool: string;
  args: Json;
  result?: string;
}) => Promise<HostRun>;

/** The plain-JavaScript loader (plugin-host.mjs), shared with `vigiles explain --run`'s confined runs. */
export const PLUGIN_HOST = fileURLToPath(new URL("./plugin-host.mjs", import.meta.url));

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
  // `vigiles mutate` picks the tests that ran this plugin from these records.
  recordCoverage({
    kind: "hook",
    source: "runHook",
    identity: { event, file: existsSync(path) ? realpathSync(path) : path, harness: "opencode" },
  });
  const { runPluginHooks } = (await import(pathToFileURL(PLUGIN_HOST).href)) as {
    runPluginHooks: RunPluginHooks;
  };
  const ran = await runPluginHooks({
    path,
    directory,
    event,
    tool: native.name,
    args: native.input,
    ...(call.result !== undefined ? { result: call.result } : {}),
  });
  if (ran.stage !== undefined)
    return {
      loaded: false,
      loadError: loadFailureText({ stage: ran.stage, error: ran.error ?? "" }),
      calls: [],
      args: ran.args,
      decision: foldOpenCodeHook({ event, exitCode: 0, stdout: "", stderr: "", timedOut: false }),
    };
  const decision = foldOpenCodeHook({
    event,
    exitCode: ran.threw === undefined ? 0 : 2,
    stdout: "",
    stderr: ran.threw ?? "",
    timedOut: false,
  });
  return { loaded: true, calls: ran.calls, decision, args: ran.args };
}
