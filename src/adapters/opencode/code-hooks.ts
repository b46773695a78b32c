/**
 * OpenCode's plugins as the registry's code hooks: explain lists them (explain-plugins.ts) and runs
 * one on a synthetic call through plugin-host.mjs as a command, so `explain --run` confines it like
 * any other hook; init writes a starter per guard (plugin-starter.ts); mutate breaks a guard's throw
 * or its rewrite of the arguments (plugin-mutants.ts).
 */
import { extname } from "node:path";
import { dirname } from "node:path";
import { isRecord } from "../../core/is-record.js";
import type { CodeHookModule, CodeHooks } from "../code-hook-port.js";
import { OPENCODE_CONFORMANCE } from "./conformance-cases.js";
import { explainOpenCodePlugins } from "./explain-plugins.js";
import { toOpenCodeCall } from "./mock/tool-names.js";
import { openCodePluginStarter } from "./plugin-starter.js";
import { applyOpenCodePluginBreakage, openCodePluginBreakages } from "./plugin-mutants.js";
import { loadFailureText } from "./plugin-records.js";
import { PLUGIN_HOST } from "./run-plugin-hook.js";

/** The host's last stdout line (a plugin may print lines of its own before it). */
function hostResult(stdout: string): Record<string, unknown> {
  const last = stdout.trim().split("\n").at(-1) ?? "";
  try {
    const parsed: unknown = JSON.parse(last);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export const openCodeCodeHooks: CodeHooks = {
  files: ".opencode/plugin/*.{ts,js}",
  list: (root): CodeHookModule[] =>
    explainOpenCodePlugins(root).map((p) => ({
      file: p.plugin,
      path: `${root}/${p.plugin}`,
      hooks: p.hooks,
      findings: p.findings,
    })),
  hostArgv: (module, root, call) => {
    if ([".ts", ".mts"].includes(extname(module.path)))
      return {
        refused:
          "a TypeScript plugin runs under OpenCode's Bun, not Node: test it with a harness test (runHarnessTest)",
      };
    const native = toOpenCodeCall(call.tool ?? "", call.input);
    return [
      process.execPath,
      PLUGIN_HOST,
      module.path,
      root,
      JSON.stringify({ event: call.event, tool: native.name, args: native.input }),
    ];
  },
  hostPaths: [dirname(PLUGIN_HOST)],
  runDetail: (stdout) => {
    const r = hostResult(stdout);
    if (typeof r["stage"] === "string")
      return { loadError: loadFailureText({ stage: r["stage"], error: String(r["error"] ?? "") }) };
    return r["changed"] === true && isRecord(r["args"]) ? { changedArgs: r["args"] } : {};
  },
  starter: (input) => openCodePluginStarter(input),
  breakages: (module) => openCodePluginBreakages(module),
  applyBreakage: (copyRoot, file, kind) => applyOpenCodePluginBreakage(copyRoot, file, kind),
  conformance: OPENCODE_CONFORMANCE,
};
