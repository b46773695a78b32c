/**
 * Reads the command handlers of one hook config file's text into {@link RegisteredHook}s, for every
 * harness's shape:
 *
 * - Claude Code, Codex and Gemini CLI: `{"hooks": {"<Event>": [{"matcher"?, "hooks": [handler…]}]}}`
 *   (Gemini's `hooks` object also holds `enabled`/`disabled`/`notifications`, which are not events);
 * - GitHub Copilot CLI: `{"version": 1, "hooks": {"<event>": [entry…]}}`, each entry a flat handler
 *   `{"type"?: "command", "bash": "…", "timeoutSec": N, "matcher"?}` or Claude Code's nested group
 *   (the pinned 1.0.102's changelog: "Hook config files now support Claude Code's nested
 *   matcher/hooks structure and optional type field").
 *
 * Only command handlers are returned; an entry of another shape is skipped here and left to the
 * audit's rules to report. Pure: the caller reads the file.
 */
import type { AnyNode } from "@humanwhocodes/momoa";
import { parseJson } from "../audit/json-ast.js";
import type { HookDialect } from "../dialect.js";
import {
  UnreadableHooksFileError,
  type JsonPath,
  type RegisteredHook,
  type RegisteredTimeout,
  type RegistrationSource,
} from "./registration.js";
import type { HookHandler } from "./types.js";
import { isRecord } from "../is-record.js";

/** One config file to read. */
export interface RegistrationFileInput {
  /** The harness that reads the file. */
  readonly dialect: HookDialect;
  /** As shown and stored in each registration (relative to the root). */
  readonly file: string;
  readonly source: RegistrationSource;
  readonly text: string;
  readonly pluginRoot?: string;
  /** Told of each entry that is not a hook of the harness's shape (the harness skips it too), so it is reported, never dropped unseen. */
  readonly onProblem?: (message: string, problem: RegistrationProblem) => void;
}

/** What is wrong with an entry the reader skipped, and where it is. */
export interface RegistrationProblem {
  /**
   * `hooks-not-object`: the file's `hooks` is not an object; `event-not-list`: an event's value is not
   * a list; `entry-not-object`: an entry is not an object; `not-a-group`: an entry has no `hooks`
   * list where the harness reads only groups (the dialect's `handlers.flatEntries` is false: Gemini
   * CLI 0.61.0 discards it, "Discarding invalid hook definition"); `no-command`: a command handler
   * without a command field the dialect names.
   */
  readonly kind: "hooks-not-object" | "event-not-list" | "entry-not-object" | "not-a-group" | "no-command";
  readonly event?: string;
  readonly path: JsonPath;
  /** Where the skipped value starts (1-based), when the text holds it. */
  readonly line?: number;
  readonly column?: number;
}

type Json = Record<string, unknown>;

/** The plain value of a momoa node (JSON with comments, as the harnesses' settings readers accept). */
function evaluate(node: AnyNode): unknown {
  switch (node.type) {
    case "Object":
      return Object.fromEntries(
        node.members.map((m) => [m.name.type === "String" ? m.name.value : m.name.name, evaluate(m.value)]),
      );
    case "Array":
      return node.elements.map((e) => evaluate(e.value));
    case "String":
    case "Number":
    case "Boolean":
      return node.value;
    case "Null":
      return null;
    default:
      return undefined;
  }
}

/** Parses JSON text with comments (as the harnesses' settings readers accept) into plain values. Throws {@link UnreadableHooksFileError}. */
export function parseJsonValue(text: string): unknown {
  const parsed = parseJson(text);
  if (!parsed.ok)
    throw new UnreadableHooksFileError(
      `not valid JSON (line ${parsed.range.line}, column ${parsed.range.column}: ${parsed.message})`,
    );
  return evaluate(parsed.document.body);
}

function nodeAt(root: AnyNode, path: JsonPath): AnyNode | undefined {
  let node: AnyNode | undefined = root;
  for (const key of path) {
    if (node === undefined) return undefined;
    if (typeof key === "number") node = node.type === "Array" ? node.elements[key]?.value : undefined;
    else
      node =
        node.type === "Object"
          ? node.members.find((m) => m.name.type === "String" && m.name.value === key)?.value
          : undefined;
  }
  return node;
}

/** The registered timeout, in the unit the harness reads it in (Gemini CLI: milliseconds). */
function timeoutOf(dialect: HookDialect, handler: Json): RegisteredTimeout | undefined {
  for (const field of ["timeoutSec", "timeout"]) {
    const raw = handler[field];
    if (typeof raw !== "number") continue;
    const unit = dialect.timeout.unit;
    return { seconds: unit === "ms" ? raw / 1000 : raw, raw, unit, field };
  }
  return undefined;
}

function commandOf(dialect: HookDialect, handler: Json): { command: string; field: string } | undefined {
  for (const field of dialect.handlers.commandFields) {
    const value = handler[field];
    if (typeof value === "string" && value !== "") return { command: value, field };
  }
  return undefined;
}

/** A command handler: `type: "command"`, or no type where the harness makes it optional. */
const isCommand = (dialect: HookDialect, handler: Json): boolean =>
  handler["type"] === "command" || (dialect.handlers.typeOptional && handler["type"] === undefined);

/** Every command handler in the file, in file order. Throws {@link UnreadableHooksFileError} on text that is not JSON. */
export function readRegistrations(input: RegistrationFileInput): RegisteredHook[] {
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    throw new UnreadableHooksFileError(
      `${input.file} is not valid JSON (line ${parsed.range.line}, column ${parsed.range.column}: ${parsed.message})`,
    );
  }
  const ast = parsed.document.body;
  const value = evaluate(ast);
  const hooks = isRecord(value) ? value["hooks"] : undefined;
  const problem = (message: string, kind: RegistrationProblem["kind"], path: JsonPath, event?: string) => {
    const node = nodeAt(ast, path);
    input.onProblem?.(message, {
      kind,
      path,
      ...(event !== undefined ? { event } : {}),
      ...(node !== undefined ? { line: node.loc.start.line, column: node.loc.start.column } : {}),
    });
  };
  if (!isRecord(hooks)) {
    if (hooks !== undefined)
      problem(
        `"hooks" is not an object keyed by event: the harness reads no hook from it`,
        "hooks-not-object",
        ["hooks"],
      );
    return [];
  }
  const out: RegisteredHook[] = [];
  const push = (
    event: string,
    handler: Json,
    path: JsonPath,
    matcherPath: JsonPath,
    matcher: unknown,
    groupIndex: number,
    handlerIndex: number,
    at: string,
  ) => {
    if (!isCommand(input.dialect, handler)) return;
    const command = commandOf(input.dialect, handler);
    if (command === undefined) {
      problem(
        `${at} is a command hook with no command (${input.dialect.handlers.commandFields.join(" or ")}): it never runs`,
        "no-command",
        path,
        event,
      );
      return;
    }
    const timeout = timeoutOf(input.dialect, handler);
    const node = nodeAt(ast, path);
    const normalised: HookHandler = {
      ...handler,
      type: "command",
      command: command.command,
      ...(timeout !== undefined ? { timeout: timeout.seconds } : {}),
    };
    out.push({
      harness: input.dialect.harness,
      file: input.file,
      source: input.source,
      event,
      matcher: typeof matcher === "string" ? matcher : undefined,
      handler: normalised,
      command: command.command,
      commandField: command.field,
      ...(timeout !== undefined ? { timeout } : {}),
      path,
      matcherPath,
      at,
      groupIndex,
      handlerIndex,
      ...(input.pluginRoot !== undefined ? { pluginRoot: input.pluginRoot } : {}),
      ...(node !== undefined ? { line: node.loc.start.line, column: node.loc.start.column } : {}),
    });
  };
  for (const [event, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) {
      if (!input.dialect.handlers.configKeys.includes(event))
        problem(
          `hooks.${event} is not a list of hooks: the harness reads none of it`,
          "event-not-list",
          ["hooks", event],
          event,
        );
      continue;
    }
    entries.forEach((entry: unknown, g) => {
      if (!isRecord(entry)) {
        problem(
          `${event}[${g}] is not an object: the harness skips it`,
          "entry-not-object",
          ["hooks", event, g],
          event,
        );
        return;
      }
      const groupPath: JsonPath = ["hooks", event, g];
      if (Array.isArray(entry["hooks"])) {
        entry["hooks"].forEach((handler: unknown, h) => {
          if (isRecord(handler))
            push(
              event,
              handler,
              [...groupPath, "hooks", h],
              groupPath,
              entry["matcher"],
              g,
              h,
              `${event}[${g}].hooks[${h}]`,
            );
        });
        return;
      }
      // A flat entry (Copilot): the entry is the handler and holds its own matcher.
      if (!input.dialect.handlers.flatEntries) {
        problem(
          `${event}[${g}] has no "hooks" list: the harness runs nothing from it`,
          "not-a-group",
          groupPath,
          event,
        );
        return;
      }
      push(event, entry, groupPath, groupPath, entry["matcher"], g, 0, `${event}[${g}]`);
    });
  }
  return out;
}
