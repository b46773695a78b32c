/**
 * One hook registration, whatever harness reads it: the handler's event as written, its matcher,
 * command and timeout (normalised to seconds, the raw value and unit kept), and the JSON path of the
 * handler in its file, so `explain`, `init` and `mutate` point at (and a mutant edits) exactly that
 * handler in Claude Code's nested groups, Gemini's groups or Copilot's flat entries alike.
 */
import { VigilesError } from "../errors.js";
import type { HarnessId } from "../harness-id.js";
import type { HookHandler } from "./types.js";

/** A path into a JSON document: object keys and array indices, from the root. */
export type JsonPath = readonly (string | number)[];

/** A registered timeout as written, and in seconds. */
export interface RegisteredTimeout {
  /** The value in seconds (Gemini's milliseconds divided by 1000). */
  readonly seconds: number;
  /** The number as written in the file. */
  readonly raw: number;
  /** The unit the harness reads it in: Claude Code, Codex and Copilot seconds, Gemini milliseconds. */
  readonly unit: "s" | "ms";
  /** The field it sits in (`timeout`, Copilot's `timeoutSec`). */
  readonly field: string;
}

/**
 * Where a registration comes from: project settings (`.claude/settings.json`, `.gemini/settings.json`),
 * a hooks file of its own (`.codex/hooks.json`), repository hooks (`.github/hooks/*.json`), a plugin
 * or an extension.
 */
export type RegistrationSource =
  "project settings" | "local settings" | "plugin" | "hooks file" | "repository hooks" | "extension";

/** One command handler as a harness registers it. */
export interface RegisteredHook {
  readonly harness: HarnessId;
  /** The config file, relative to the root ("/" separators), or absolute when outside it. */
  readonly file: string;
  readonly source: RegistrationSource;
  /** The event as written (`PreToolUse`, `preToolUse`, `BeforeTool`). */
  readonly event: string;
  readonly matcher: string | undefined;
  /** The handler as Claude Code's type reads it: Copilot's `bash` is its `command`, `timeout` in seconds. */
  readonly handler: HookHandler;
  /** The command the harness runs (Copilot: the `bash` field). */
  readonly command: string;
  /** The field the command is in (`command`, Copilot's `bash`). */
  readonly commandField: string;
  readonly timeout?: RegisteredTimeout;
  /** The handler's JSON path in its file: `["hooks","PreToolUse",0,"hooks",1]`, Copilot flat `["hooks","preToolUse",0]`. */
  readonly path: JsonPath;
  /** The JSON path of the object whose `matcher` selects it: its group, or the handler itself (Copilot's flat entries). */
  readonly matcherPath: JsonPath;
  /** Its place for people: `PreToolUse[0].hooks[1]`, Copilot flat `preToolUse[0]`. */
  readonly at: string;
  /** Index of its group (Copilot flat: of the entry) and of the handler in it (flat: 0). */
  readonly groupIndex: number;
  readonly handlerIndex: number;
  /** The plugin or extension it ships in (`${CLAUDE_PLUGIN_ROOT}`, `${extensionPath}`). */
  readonly pluginRoot?: string;
  /** 1-based line and column of the handler in its file, when the text could be parsed with positions. */
  readonly line?: number;
  readonly column?: number;
}

/** The JSON path written the way people read it: `hooks.PreToolUse[0].hooks[1]`. */
export function formatJsonPath(path: JsonPath): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

/** Reads the value at `path`, or undefined when any step is missing. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (typeof key === "number") {
      if (!Array.isArray(node)) return undefined;
      node = node[key];
    } else {
      if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
      node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return node;
}

/** What one harness's reader found under a root: its registrations, and the files it could not read, with why. */
export interface RegistrationReading {
  readonly registrations: readonly RegisteredHook[];
  /** `file: why`, reported, never a silent skip. */
  readonly unreadable: readonly string[];
}

/** A hook config file whose text cannot be read as JSON (its registrations are unknown, not empty). */
export class UnreadableHooksFileError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_UNREADABLE_HOOKS_FILE", message);
  }
}
