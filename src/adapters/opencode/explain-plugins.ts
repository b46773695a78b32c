/**
 * The free tier's explain for OpenCode: which project plugins 1.18.33 would load, in its order
 * (`.opencode/{plugin,plugins}/*.{ts,js}`, sorted), which plugin events each declares (the event
 * names written in its source: a static reading, so a hook object built at run time is missed),
 * what a throw means on each event (the dialect), and what the audit already says would keep it
 * from loading. Which hook applies to a call is the plugin's own code: run it with
 * runOpenCodePluginHook, or in a harness test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LintFinding } from "../../core/audit/types.js";
import { checkOpenCodePlugin } from "./dialect/plugin-audit.js";
import { openCodeMeaning } from "./dialect/meaning.js";
import { OPENCODE_EVENT_RULES, OPENCODE_PLUGIN_LOAD } from "./dialect/rules.js";
import { projectPluginFiles } from "./plugin-wrap.js";

/** One project plugin as `explainOpenCodePlugins` reads it, in OpenCode's load order. */
export interface ExplainedPlugin {
  /** Its path relative to the project, as the Trace's `plugin.load:` fires name it. */
  readonly plugin: string;
  /** The events it declares, each with what a throw there does. */
  readonly hooks: readonly { readonly event: string; readonly meaning: string }[];
  /** What the audit finds that would drop it (or warn about it). */
  readonly findings: readonly LintFinding[];
}

const EVENTS = Object.keys(OPENCODE_EVENT_RULES).filter((e) => e !== OPENCODE_PLUGIN_LOAD && e !== "event");

/** Every project plugin of `root`, in OpenCode's load order. */
export function explainOpenCodePlugins(root: string): ExplainedPlugin[] {
  return projectPluginFiles(root).map((plugin) => {
    const path = join(root, plugin);
    const text = readFileSync(path, "utf8");
    const declared = EVENTS.filter((event) => text.includes(`"${event}"`) || text.includes(`'${event}'`));
    if (/\bevent\s*:|["']event["']\s*:/.test(text)) declared.push("event");
    return {
      plugin,
      hooks: declared.map((event) => ({ event, meaning: openCodeMeaning(event) })),
      findings: checkOpenCodePlugin({ path, file: plugin, text }),
    };
  });
}
