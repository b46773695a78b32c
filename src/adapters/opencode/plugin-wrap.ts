/**
 * Records what OpenCode does with the project's plugins. OpenCode 1.18.33 loads every
 * `.opencode/{plugin,plugins}/*.{ts,js}` in process (sorted by path), calls each unique export with
 * the plugin context, and on a tool call awaits each plugin's `tool.execute.before` in load order: a
 * throw stops the call and the model gets the message; `tool.execute.after` runs only after a tool
 * that returned. A plugin that fails to import, exports a non-function or throws at init is dropped
 * with nothing printed and exit 0 (test/opencode). Its stream shows none of this.
 *
 * So each plugin file is moved aside in its own folder (`guard.js` → `guard.vigiles-original.mjs`,
 * an extension OpenCode's glob skips, so relative imports still resolve) and a wrapper takes its
 * place under its name (so the load order is the same). The wrapper imports the original, records
 * whether it loaded and why not (then throws as the original did, so OpenCode drops it as before),
 * calls its exports as OpenCode does and records every hook call: its event, tool, arguments, what
 * it threw and what it changed. One line of JSON per record in the run's private temp dir.
 */
import { existsSync, readdirSync } from "node:fs";
import { rename } from "node:fs/promises";
import { extname, join } from "node:path";
import type { RunDirs } from "../port.js";
import { writeFileMakingDirs } from "../shared/work-dir.js";

/** Where the wrappers leave their records (JSONL), inside the run's private temp dir. */
export const openCodePluginLog = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-opencode", "plugins.jsonl");

/** The folders OpenCode 1.18.33 reads plugin files from, relative to a `.opencode` dir. */
export const OPENCODE_PLUGIN_FOLDERS = ["plugin", "plugins"] as const;
/** The plugin files OpenCode loads from one folder: `*.ts` and `*.js` (not `.mjs`, `.mts`, `.cjs`). */
export const isOpenCodePluginFile = (name: string) => /\.(?:ts|js)$/.test(name) && !name.endsWith(".d.ts");
/** The name a plugin's original is moved to (the glob skips `.mjs` and `.mts`). */
export const originalName = (name: string) =>
  `${name.slice(0, -extname(name).length)}.vigiles-original.${extname(name) === ".ts" ? "mts" : "mjs"}`;

/** The project plugin files under `root/.opencode`, as paths relative to `root`, in OpenCode's order. */
export function projectPluginFiles(root: string): string[] {
  const out: string[] = [];
  for (const folder of OPENCODE_PLUGIN_FOLDERS) {
    const dir = join(root, ".opencode", folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if ((entry.isFile() || entry.isSymbolicLink()) && isOpenCodePluginFile(entry.name))
        out.push(join(".opencode", folder, entry.name));
    }
  }
  return out.sort();
}

/** The wrapper's source for one plugin (`plugin`: its path relative to the project, as records name it). */
export function pluginWrapperSource(plugin: string, original: string, log: string): string {
  return `// vigiles: records this plugin's load and hook calls, then behaves as ${JSON.stringify(plugin)}.
import { appendFileSync } from "node:fs";
const PLUGIN = ${JSON.stringify(plugin)};
const record = (entry) => {
  try { appendFileSync(${JSON.stringify(log)}, JSON.stringify({ plugin: PLUGIN, at: Date.now(), ...entry }) + "\\n"); } catch {}
};
const message = (e) => {
  const head = e instanceof Error ? e.message : String(e);
  // Bun reports a build failure as "N errors building <file>" with the errors themselves in \`errors\`.
  const more = Array.isArray(e?.errors) ? e.errors.map((x) => String(x?.message ?? x)).filter((x) => x !== head) : [];
  return [head, ...more].join(": ");
};
const copy = (v) => { try { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); } catch { return undefined; } };
let mod;
try {
  mod = await import(${JSON.stringify(`./${original}`)});
} catch (e) {
  record({ kind: "load", ok: false, stage: "import", error: message(e) });
  throw e;
}
// OpenCode's reading of a module: each unique export, a function or an object with a server function.
const inits = [];
const seen = new Set();
for (const value of Object.values(mod)) {
  if (seen.has(value)) continue;
  seen.add(value);
  const fn = typeof value === "function" ? value : value && typeof value.server === "function" ? value.server : undefined;
  if (fn === undefined) {
    record({ kind: "load", ok: false, stage: "export", error: "Plugin export is not a function" });
    throw new TypeError("Plugin export is not a function");
  }
  inits.push(fn);
}
const UNRECORDED = new Set(["event", "config", "dispose", "tool", "auth"]);
function recorded(hooks) {
  if (!hooks || typeof hooks !== "object") return hooks;
  const out = { ...hooks };
  for (const [event, fn] of Object.entries(hooks)) {
    if (typeof fn !== "function" || UNRECORDED.has(event)) continue;
    out[event] = async function (input, output) {
      const base = { kind: "fire", event, tool: input?.tool, callID: input?.callID, input: copy(input), output: copy(output), startedAt: Date.now() };
      const before = JSON.stringify(output);
      try {
        const result = await fn.call(hooks, input, output);
        const after = JSON.stringify(output);
        record({ ...base, ...(after !== before ? { changed: copy(output) } : {}) });
        return result;
      } catch (e) {
        record({ ...base, threw: message(e) });
        throw e;
      }
    };
  }
  return out;
}
function merged(all) {
  if (all.length === 1) return recorded(all[0]);
  const out = {};
  for (const hooks of all) for (const [k, v] of Object.entries(hooks ?? {})) {
    if (typeof v !== "function") { out[k] = k === "tool" ? { ...(out[k] ?? {}), ...v } : (out[k] ?? v); continue; }
    const prev = out[k];
    out[k] = prev === undefined ? v : async (...args) => { await prev(...args); return v(...args); };
  }
  return recorded(out);
}
export default async function vigilesRecordedPlugin(input, options) {
  const all = [];
  for (const init of inits) {
    try {
      all.push((await init(input, options)) ?? {});
    } catch (e) {
      record({ kind: "load", ok: false, stage: "init", error: message(e) });
      if (all.length === 0) throw e;
      return merged(all);
    }
  }
  record({ kind: "load", ok: true, hooks: [...new Set(all.flatMap((h) => Object.keys(h ?? {})))] });
  return merged(all);
}
`;
}

/** Moves each project plugin aside and writes its recording wrapper in its place; returns the plugins wrapped. */
export async function wrapProjectPlugins(dirs: RunDirs): Promise<string[]> {
  const plugins = projectPluginFiles(dirs.workDir);
  const log = openCodePluginLog(dirs);
  await writeFileMakingDirs(log, "");
  for (const plugin of plugins) {
    const path = join(dirs.workDir, plugin);
    const name = plugin.split("/").pop() ?? plugin;
    const original = originalName(name);
    await rename(path, join(path, "..", original));
    await writeFileMakingDirs(path, pluginWrapperSource(plugin, original, log));
  }
  return plugins;
}
