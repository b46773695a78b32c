/**
 * OpenCode's conformance corpus: its hooks are plugin code, so each case is a set of project plugins
 * and one scripted call. The free tier predicts what 1.18.33 does with them by running each plugin
 * in process (runOpenCodePluginHook, the loader OpenCode's is read from) in load order and applying
 * the dialect: a before-hook throw blocks and stops the rest, the tool runs with the arguments the
 * hooks left, and `tool.execute.after` runs only after a tool that returned (not for a blocked call,
 * nor a read of a missing file; a bash exiting non-zero returned). The real run reads the recorder's
 * fires and the file the call writes. Compared flat: which plugins loaded, whether a before- and an
 * after-hook ran, whether the call was blocked, and what the command wrote.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HookFire } from "../../core/trace.js";
import type { CodeConformanceCase, CodeConformanceObservation } from "../code-hook-port.js";
import { explainOpenCodePlugins } from "./explain-plugins.js";
import { OPENCODE_PLUGIN_LOAD } from "./dialect/rules.js";
import { runOpenCodePluginHook } from "./run-plugin-hook.js";

const BEFORE = "tool.execute.before";
const AFTER = "tool.execute.after";
/** Every case's call writes here, so what ran (and with which arguments) is a file to read. */
const OUT = "ran.txt";
const ECHO = (word: string) => `echo ${word} >> ${OUT}`;

const plugin = (body: string) => `export const P = async () => (${body});\n`;
const GUARD = plugin(
  `{ "${BEFORE}": async (input, output) => { if (String(output.args.command ?? output.args.filePath).includes("${OUT}")) throw new Error("guard: blocked"); } }`,
);
const REWRITE = plugin(
  `{ "${BEFORE}": async (input, output) => { if (input.tool === "bash") output.args.command = "${ECHO("rewritten")}"; } }`,
);
const AFTER_LOG = plugin(`{ "${AFTER}": async () => {} }`);

type Call = CodeConformanceCase["call"];
const bash = (command: string): Call => ({ tool: "Bash", input: { command } });

/** The prediction: each plugin in load order, the dialect's rules, the tool's own outcome. */
async function predict(root: string, call: Call): Promise<CodeConformanceObservation> {
  const plugins = explainOpenCodePlugins(root);
  const loaded: string[] = [];
  let args: Record<string, unknown> = { ...call.input };
  let before = false;
  let blocked = false;
  for (const p of plugins) {
    const path = join(root, p.plugin);
    const run = await runOpenCodePluginHook({ plugin: path, tool: call.tool, args, directory: root });
    if (!run.loaded) continue;
    loaded.push(p.plugin);
    if (blocked || !p.hooks.some((h) => h.event === BEFORE)) continue;
    before = true;
    if (run.decision.blocked) blocked = true;
    else args = fromNative(call.tool, run.args);
  }
  // A read of a file that is not there fails inside the tool: it never returns.
  const failed = call.tool === "Read" && !existsSync(join(root, String(args["file_path"])));
  const after =
    !blocked &&
    !failed &&
    plugins.some((p) => loaded.includes(p.plugin) && p.hooks.some((h) => h.event === AFTER));
  const echoed = call.tool === "Bash" ? /^echo (\w+) >> ran\.txt$/.exec(String(args["command"])) : null;
  return {
    loaded: loaded.join(","),
    before,
    blocked,
    after,
    wrote: !blocked && echoed !== null ? `${echoed[1]}\n` : "",
  };
}

/** OpenCode's arguments back in Claude Code's names (only bash's and read's matter here). */
function fromNative(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  return tool === "Read" ? { file_path: args["filePath"] } : { command: args["command"] };
}

function observe(run: { readonly hooks: readonly HookFire[]; file(path: string): string | null }) {
  const fired = (event: string) => run.hooks.some((h) => h.event === event);
  return {
    loaded: run.hooks
      .filter((h) => h.event === OPENCODE_PLUGIN_LOAD && h.exitCode === 0)
      .map((h) => h.name.slice(OPENCODE_PLUGIN_LOAD.length + 1))
      .sort()
      .join(","),
    before: fired(BEFORE),
    blocked: run.hooks.some((h) => h.event === BEFORE && h.blocked),
    after: fired(AFTER),
    wrote: run.file(OUT) ?? "",
  };
}

const at = (name: string) => `.opencode/plugin/${name}`;

function kase(slug: string, what: string, files: Record<string, string>, call: Call): CodeConformanceCase {
  return {
    id: `opencode/plugins/${slug}`,
    what,
    files,
    call,
    predict: (root) => predict(root, call),
    observe,
  };
}

/** The corpus, one real run per case. */
export const OPENCODE_CONFORMANCE: readonly CodeConformanceCase[] = [
  kase(
    "block-by-throw",
    "a before-hook throw blocks the call",
    { [at("guard.js")]: GUARD },
    bash(ECHO("hi")),
  ),
  kase(
    "allow-by-return",
    "a before-hook that returns lets the call run",
    { [at("guard.js")]: GUARD.replace(OUT, "nothing-matches") },
    bash(ECHO("hi")),
  ),
  kase(
    "arg-rewrite",
    "the tool runs with the arguments the before-hook left",
    { [at("rewrite.js")]: REWRITE },
    bash(ECHO("hi")),
  ),
  kase(
    "rewrite-then-block",
    "plugins run in load order: a rewrite, then a guard that sees the rewritten call and blocks it",
    { [at("a-rewrite.js")]: REWRITE, [at("b-guard.js")]: GUARD },
    bash(ECHO("hi")),
  ),
  kase(
    "after-on-success",
    "the after-hook runs after a call that returned",
    { [at("log.js")]: AFTER_LOG },
    bash(ECHO("hi")),
  ),
  kase(
    "after-on-bash-failure",
    "a bash exiting non-zero returned: the after-hook runs",
    { [at("log.js")]: AFTER_LOG },
    bash("exit 3"),
  ),
  kase(
    "after-gap-blocked",
    "the after-hook never sees a blocked call",
    { [at("guard.js")]: GUARD, [at("log.js")]: AFTER_LOG },
    bash(ECHO("hi")),
  ),
  kase(
    "after-gap-missing-read",
    "the after-hook never sees a read of a missing file (the tool failed by itself)",
    { [at("log.js")]: AFTER_LOG },
    { tool: "Read", input: { file_path: "missing.txt" } },
  ),
  kase(
    "load-fail-missing-import",
    "a plugin with a missing import is dropped: its guard never runs",
    { [at("guard.js")]: `import "./not-there.js";\n${GUARD}` },
    bash(ECHO("hi")),
  ),
  kase(
    "load-fail-syntax",
    "a plugin with a syntax error is dropped",
    { [at("guard.js")]: `${GUARD}\nexport const broken = (;\n` },
    bash(ECHO("hi")),
  ),
  kase(
    "load-fail-init-throw",
    "a plugin whose function throws at init is dropped",
    { [at("guard.js")]: 'export const P = async () => { throw new Error("init failed"); };\n' },
    bash(ECHO("hi")),
  ),
  kase(
    "load-fail-export",
    "a plugin exporting a non-function is dropped, the other plugins still load",
    { [at("a-bad.js")]: "export const answer = 42;\n", [at("b-guard.js")]: GUARD },
    bash(ECHO("hi")),
  ),
];
