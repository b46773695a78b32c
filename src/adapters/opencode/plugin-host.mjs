// The one loader of an OpenCode plugin outside OpenCode: loads the module as OpenCode 1.18.33 does
// (each unique export, a function or an object with a `server` function, called with the plugin
// context) and calls its hook for one synthetic call as OpenCode's trigger does: `(input, output)`
// awaited in order, a throw stopping the rest. runOpenCodePluginHook imports it (in process);
// `vigiles explain --run` runs it as a command, confined like any hook:
//   node plugin-host.mjs <plugin path> <project dir> <call JSON: {event, tool, args, result?}>
// prints `{stage?, error?, calls, args, changed?}` on stdout and, when a hook threw, exits 2 with the message
// on stderr (the dialect reads a throw so); a plugin that did not load exits 0 (OpenCode drops it).
// Plain JavaScript so Node runs it without a build.
import { pathToFileURL } from "node:url";

const message = (e) => (e instanceof Error ? e.message : String(e));

function initsOf(mod) {
  const seen = new Set();
  const out = [];
  for (const value of Object.values(mod)) {
    if (seen.has(value)) continue;
    seen.add(value);
    const server = typeof value === "object" && value !== null ? value.server : undefined;
    const fn = typeof value === "function" ? value : typeof server === "function" ? server : undefined;
    if (fn === undefined) throw new TypeError("Plugin export is not a function");
    out.push(fn);
  }
  return out;
}

function pluginContext(directory) {
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

/** The plugin's hook objects, or the stage and reason it failed at. */
async function loadPlugin(path, directory) {
  let mod;
  try {
    // A fresh module per run: a query makes Node import the file again.
    mod = await import(`${pathToFileURL(path).href}?vigiles=${Date.now()}${Math.random()}`);
  } catch (e) {
    return { stage: "import", error: message(e) };
  }
  let inits;
  try {
    inits = initsOf(mod);
  } catch (e) {
    return { stage: "export", error: message(e) };
  }
  const hooks = [];
  for (const init of inits) {
    try {
      hooks.push((await init(pluginContext(directory), {})) ?? {});
    } catch (e) {
      if (hooks.length === 0) return { stage: "init", error: message(e) };
      break;
    }
  }
  return { hooks };
}

/**
 * Loads the plugin at `path` and calls its `event` hook on one call (`tool` and `args` in OpenCode's
 * names). Returns `{stage, error}` when it did not load; else each hook function's call (what it
 * threw or the output it left), the first throw, and the arguments the tool would run with.
 */
export async function runPluginHooks({ path, directory, event, tool, args, result }) {
  const loaded = await loadPlugin(path, directory);
  const callArgs = { ...args };
  if ("stage" in loaded) return { stage: loaded.stage, error: loaded.error, calls: [], args: callArgs };
  const input = {
    tool,
    sessionID: "vigiles",
    callID: "vigiles-call",
    ...(event === "tool.execute.after" ? { args: callArgs } : {}),
  };
  const output =
    event === "tool.execute.before" ? { args: callArgs } : { title: "", output: result ?? "", metadata: {} };
  const before = JSON.stringify(callArgs);
  const calls = [];
  let threw;
  for (const hooks of loaded.hooks) {
    const fn = hooks[event];
    if (typeof fn !== "function") continue;
    try {
      await fn.call(hooks, input, output);
      calls.push({ output: structuredClone(output) });
    } catch (e) {
      threw = message(e);
      calls.push({ threw, output: structuredClone(output) });
      break;
    }
  }
  const after = output.args ?? callArgs;
  return {
    calls,
    ...(threw !== undefined ? { threw } : {}),
    args: after,
    ...(JSON.stringify(after) !== before ? { changed: true } : {}),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const [path, directory, call] = process.argv.slice(2);
  const ran = await runPluginHooks({ path, directory, ...JSON.parse(call) });
  process.stdout.write(`${JSON.stringify(ran)}\n`);
  if (ran.threw !== undefined) {
    process.stderr.write(`${ran.threw}\n`);
    process.exitCode = 2;
  }
}
