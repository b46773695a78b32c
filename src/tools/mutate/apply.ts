/**
 * Applies one mutant to a temp copy. A behaviour mutant of a hook with a script goes at the
 * script's path (a stub, see script-stub.ts), so tests by path and through the registration both
 * meet it; a hook whose command names no script gets its registered command wrapped. Registration
 * mutants edit the copy's config file at the handler's JSON path, whatever the harness's shape (the
 * handler removed, re-matched, or given a short timeout it runs past, in the file's own unit); a skill or agent file is removed or its frontmatter description
 * rewritten; a hook program mutant is an environment variable the compiled runtime reads. Only
 * the copy is ever written.
 */
import { readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseDocument } from "yaml";
import { dialectOf, harnessEntry } from "../../adapters/registry.js";
import { parseFrontmatter } from "../../adapters/claude-code/plugin/frontmatter.js";
import { MUTANT_TIMEOUT_S } from "../../core/mutate/catalogue.js";
import { MUTANT_ENV, type ProgramFlip } from "../../core/mutate/program-flip.js";
import type { HookItem, Mutant } from "../../core/mutate/types.js";
import { parseJsonValue } from "../../core/hook-config/read-registrations.js";
import { valueAt, type JsonPath } from "../../core/hook-config/registration.js";
import { stubScript, stubTarget, type StubMode } from "./script-stub.js";
import { shellQuote } from "../../core/shell-quote.js";
import { shellMutant } from "./shell-mutant.js";
import { isRecord } from "../../core/is-record.js";

/** A matcher no tool, source or trigger is called. */
export const NO_MATCH = "VigilesMutantMatchesNothing";

type Json = Record<string, unknown>;

/** The handler's JSON path, its matcher's object and its command field, in any harness's shape. */
function placeOf(h: HookItem): { path: JsonPath; matcherPath: JsonPath; commandField: string } {
  return {
    path: h.registered?.path ?? ["hooks", h.event, h.groupIndex, "hooks", h.handlerIndex],
    matcherPath: h.registered?.matcherPath ?? ["hooks", h.event, h.groupIndex],
    commandField: h.registered?.commandField ?? "command",
  };
}

/**
 * Edits the copy's config file at the handler's JSON path. `edit` gets the whole document, the
 * handler, and the list that holds the handler with its index there (a group's `hooks`, or for
 * Copilot's flat entries the event's own list).
 */
export function editHook(
  copyRoot: string,
  h: HookItem,
  edit: (handler: Json, list: unknown[], index: number, doc: Json) => void,
) {
  const path = join(copyRoot, h.file);
  const doc = parseJsonValue(readFileSync(path, "utf8"));
  const { path: at } = placeOf(h);
  const list = valueAt(doc, at.slice(0, -1));
  const index = at.at(-1);
  const handler = valueAt(doc, at);
  if (!isRecord(doc) || !Array.isArray(list) || typeof index !== "number" || !isRecord(handler))
    throw new Error(`the copy of ${h.file} has no ${h.id}; was it changed during the run?`);
  edit(handler, list, index, doc);
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
}

/**
 * Takes the handler out of its list. In a group the emptied group stays in place, so the other
 * handlers keep their indices (the harness ignores it); a flat Copilot entry is the handler itself.
 */
function removeHandler(_handler: Json, list: unknown[], index: number): void {
  list.splice(index, 1);
}

/** Moves the handler where its matcher matches nothing (a flat Copilot entry carries its own matcher). */
function missMatcher(h: HookItem) {
  return (handler: Json, list: unknown[], index: number, doc: Json) => {
    const { path, matcherPath } = placeOf(h);
    if (JSON.stringify(path) === JSON.stringify(matcherPath)) {
      handler["matcher"] = NO_MATCH;
      return;
    }
    list.splice(index, 1);
    const groups = valueAt(doc, matcherPath.slice(0, -1));
    if (!Array.isArray(groups)) throw new Error(`the copy of ${h.file} has no handler list for ${h.event}`);
    groups.push({ matcher: NO_MATCH, hooks: [handler] });
  };
}

/**
 * The short timeout the past-timeout mutant writes, in the file's own field and unit: Gemini CLI
 * reads `timeout` in milliseconds, Copilot `timeoutSec` (flat entries) in seconds, the others `timeout` in seconds.
 */
export function mutantTimeoutField(h: HookItem): { field: string; value: number } {
  const written = h.registered?.timeout;
  const dialect = dialectOf(h.harness);
  // A flat entry (the handler holds its own matcher: Copilot) takes the dialect's own field; a
  // handler in a group takes `timeout`.
  const flat = JSON.stringify(placeOf(h).path) === JSON.stringify(placeOf(h).matcherPath);
  const field = written?.field ?? (flat ? dialect.timeout.field : "timeout");
  const unit = written?.unit ?? dialect.timeout.unit;
  return { field, value: unit === "ms" ? MUTANT_TIMEOUT_S * 1000 : MUTANT_TIMEOUT_S };
}

/** Shell for a registered command's mutant: none of them starts a node inside the hook's budget. */
function mutantShell(mode: WrapMode, run: string): string {
  switch (mode) {
    case "always-allows":
      return "cat >/dev/null; exit 0";
    case "crashes":
      return "cat >/dev/null; echo 'vigiles mutant: this hook crashed (exit 1)' >&2; exit 1";
    case "exit2-to-0":
    case "deny-to-block":
    case "past-timeout":
      return shellMutant(mode, run, MUTANT_TIMEOUT_S);
    default: {
      const never: never = mode;
      return never;
    }
  }
}

/** The modes a registered command is wrapped in: the behaviour modes, and running past its timeout. */
type WrapMode = StubMode | "past-timeout";

function wrap(copyRoot: string, h: HookItem, mode: WrapMode): void {
  const commandField = placeOf(h).commandField;
  if (mode === "past-timeout") {
    // The harness gives up on a hook at its timeout whatever the number: a short one keeps the wait short.
    const { field, value } = mutantTimeoutField(h);
    editHook(copyRoot, h, (handler) => {
      handler[field] = value;
    });
  }
  editHook(copyRoot, h, (handler) => {
    const args = handler["args"];
    if (Array.isArray(args)) {
      // Exec form: sh runs the mutant, with the original program and its args as $0 and $@.
      handler["command"] = "/bin/sh";
      handler["args"] = ["-c", mutantShell(mode, `"$0" "$@"`), h.command, ...args.map(String)];
    } else handler[commandField] = mutantShell(mode, `sh -c ${shellQuote(h.command)}`);
  });
}

function setDescription(path: string, description: string): void {
  const text = readFileSync(path, "utf8");
  const { head, body, hasFrontmatter } = parseFrontmatter(text);
  if (!hasFrontmatter) {
    writeFileSync(path, `---\ndescription: ${JSON.stringify(description)}\n---\n${text}`);
    return;
  }
  const inner = head.replace(/^---\r?\n/, "").replace(/\r?\n?---\r?\n?$/, "");
  const doc = parseDocument(inner);
  doc.set("description", description);
  writeFileSync(path, `---\n${doc.toString()}---\n${body}`);
}

/**
 * Where a behaviour mutant of this hook goes: at its script (met by path and through the
 * registration) when it has one a stub can stand in for, else in its registered command.
 */
export function behaviourSite(root: string, h: HookItem): "script" | "registration" {
  return stubTarget(root, h) === undefined ? "registration" : "script";
}

/** What applying a mutant left: the environment the tests run with, and the stub's run marker. */
export interface AppliedMutant {
  readonly env: Record<string, string>;
  /** For a mutant at a script: the file the stub touches when it runs. */
  readonly ranMarker?: string;
}

/** Applies `mutant` to the copy at `copyRoot`. */
export function applyMutant(copyRoot: string, mutant: Mutant): AppliedMutant {
  const env = applyMutantEnv(copyRoot, mutant);
  return typeof env === "string" ? { env: {}, ranMarker: env } : { env };
}

function behaviour(copyRoot: string, h: HookItem, mode: StubMode): Record<string, string> | string {
  const marker = stubScript(copyRoot, h, mode);
  if (marker !== undefined) return marker;
  wrap(copyRoot, h, mode);
  return {};
}

function applyMutantEnv(copyRoot: string, mutant: Mutant): Record<string, string> | string {
  const item = mutant.item;
  const programEnv = (flip: ProgramFlip) => ({
    [MUTANT_ENV]: JSON.stringify({ program: realpathSync(join(copyRoot, item.file)), flip }),
  });
  switch (mutant.kind) {
    case "hook-always-allows":
      return behaviour(copyRoot, item as HookItem, "always-allows");
    case "hook-crashes":
      return behaviour(copyRoot, item as HookItem, "crashes");
    case "hook-exit2-to-0":
      return behaviour(copyRoot, item as HookItem, "exit2-to-0");
    case "hook-deny-to-block":
      return behaviour(copyRoot, item as HookItem, "deny-to-block");
    case "hook-past-timeout":
      wrap(copyRoot, item as HookItem, "past-timeout");
      return {};
    case "hook-unregistered":
      editHook(copyRoot, item as HookItem, removeHandler);
      return {};
    case "hook-matcher-misses":
      editHook(copyRoot, item as HookItem, missMatcher(item as HookItem));
      return {};
    case "program-deny-to-allow":
      return programEnv("deny-to-allow");
    case "program-inject-to-nothing":
      return programEnv("inject-to-nothing");
    case "program-notice-to-silence":
      return programEnv("notice-to-silence");
    case "skill-removed":
      rmSync(join(copyRoot, dirname(item.file)), { recursive: true, force: true });
      return {};
    case "agent-removed":
      rmSync(join(copyRoot, item.file), { force: true });
      return {};
    case "skill-description-blank":
    case "agent-description-blank":
      setDescription(join(copyRoot, item.file), "");
      return {};
    case "code-hook-block-removed":
    case "code-hook-change-removed": {
      const code = harnessEntry(mutant.harness).codeHooks;
      if (code === undefined)
        throw new Error(`${mutant.harnessName} has no code hooks to break (${mutant.id})`);
      code.applyBreakage(copyRoot, item.file, mutant.kind);
      return {};
    }
    case "skill-descriptions-swapped": {
      const other = mutant.other;
      if (other === undefined || item.kind !== "skill")
        throw new Error(`swap mutant ${mutant.id} names no second skill`);
      setDescription(join(copyRoot, item.file), other.description);
      setDescription(join(copyRoot, other.file), item.description);
      return {};
    }
    default: {
      const never: never = mutant.kind;
      return never;
    }
  }
}
