/**
 * The registrations `vigiles compile` writes into `.claude/settings.json` or a plugin's
 * `hooks/hooks.json`, and the merge that keeps every entry it did not write. Its own entries are
 * marked by a shell comment at the end of the command (`# vigiles:compiled sha256-… <program>`),
 * which the harness ignores (the command runs under `sh -c`) and which no settings schema rejects.
 * The hash covers the event, matcher, command and timeout, so a hand edit shows as a mismatch.
 * A plugin bundle (`hooks/vigiles/<name>.mjs`) carries the same kind of mark on its first line
 * (`// vigiles:bundle sha256-… <program>`), hashing the rest of the file.
 */
import { createHash } from "node:crypto";

export const MARKER = "# vigiles:compiled";

/** One compiled registration. */
export interface CompiledRegistration {
  /** The program's path as written in the marker (relative to the project or plugin root). */
  readonly program: string;
  readonly event: string;
  readonly matcher: string | undefined;
  /** The command without its marker. */
  readonly command: string;
  readonly timeout: number;
}

interface HookHandler {
  type?: unknown;
  command?: unknown;
  timeout?: unknown;
  [key: string]: unknown;
}
interface HookGroup {
  matcher?: unknown;
  hooks?: unknown;
  [key: string]: unknown;
}
export type HooksConfig = Record<string, unknown> & { hooks?: Record<string, unknown> };

const contentHash = (content: string): string =>
  `sha256-${createHash("sha256").update(content).digest("hex").slice(0, 16)}`;

export function registrationHash(r: Omit<CompiledRegistration, "program">): string {
  return contentHash(JSON.stringify([r.event, r.matcher ?? null, r.command, r.timeout]));
}

export const BUNDLE_MARKER = "// vigiles:bundle";

/** A bundle's text: its marked first line, then `body` (the esbuild output). */
export function markedBundle(program: string, body: string): string {
  const rest = `// Written by \`vigiles compile --plugin\` from ${program}: edit the program and recompile, not this file.\n${body}`;
  return `${BUNDLE_MARKER} ${contentHash(rest)} ${program}\n${rest}`;
}

/** The mark of a bundle file; undefined when the text carries none (a file vigiles did not write). */
export interface FoundBundle {
  readonly program: string;
  readonly recordedHash: string;
  readonly actualHash: string;
  readonly handEdited: boolean;
}

const BUNDLE_RE = /^\/\/ vigiles:bundle (sha256-[0-9a-f]+) (.+)\n/;

export function parseBundle(text: string): FoundBundle | undefined {
  const m = BUNDLE_RE.exec(text);
  if (!m) return undefined;
  const recordedHash = m[1] as string;
  const actualHash = contentHash(text.slice(m[0].length));
  return { program: m[2] as string, recordedHash, actualHash, handEdited: recordedHash !== actualHash };
}

export function markedCommand(r: CompiledRegistration): string {
  return `${r.command} ${MARKER} ${registrationHash(r)} ${r.program}`;
}

/** A marked entry found in a config file. */
export interface FoundRegistration {
  readonly program: string;
  readonly event: string;
  readonly recordedHash: string;
  /** The hash of what the entry holds now; differs from `recordedHash` after a hand edit. */
  readonly actualHash: string;
  readonly handEdited: boolean;
}

const MARK_RE = / # vigiles:compiled (sha256-[0-9a-f]+) (.+)$/;

function parseMarked(event: string, group: HookGroup, handler: HookHandler): FoundRegistration | undefined {
  if (typeof handler.command !== "string") return undefined;
  const m = MARK_RE.exec(handler.command);
  if (!m) return undefined;
  const command = handler.command.slice(0, m.index);
  const actualHash = registrationHash({
    event,
    matcher: typeof group.matcher === "string" ? group.matcher : undefined,
    command,
    timeout: typeof handler.timeout === "number" ? handler.timeout : Number.NaN,
  });
  const recordedHash = m[1] as string;
  return {
    program: m[2] as string,
    event,
    recordedHash,
    actualHash,
    handEdited: recordedHash !== actualHash,
  };
}

function groupsOf(config: HooksConfig, event: string): HookGroup[] {
  const list = config.hooks?.[event];
  return Array.isArray(list) ? (list as HookGroup[]) : [];
}

function handlersOf(group: HookGroup): HookHandler[] {
  return Array.isArray(group.hooks) ? (group.hooks as HookHandler[]) : [];
}

/** Every marked registration in a config. */
export function findRegistrations(config: HooksConfig): FoundRegistration[] {
  const out: FoundRegistration[] = [];
  for (const event of Object.keys(config.hooks ?? {})) {
    for (const group of groupsOf(config, event)) {
      for (const handler of handlersOf(group)) {
        const found = parseMarked(event, group, handler);
        if (found) out.push(found);
      }
    }
  }
  return out;
}

/**
 * Merges compiled registrations into a config: marked entries for `replacePrograms` (and marked
 * entries whose program is in `dropPrograms`) are taken out, then each registration goes back in
 * place of its old group when it had one, else at the end of its event's list. Entries without the
 * marker are never touched. Returns a new object.
 */
export function mergeRegistrations(
  config: HooksConfig,
  registrations: readonly CompiledRegistration[],
  dropPrograms: ReadonlySet<string>,
): HooksConfig {
  const next = structuredClone(config) as HooksConfig;
  const hooks: Record<string, unknown> = (next.hooks ??= {});
  const replace = new Set(registrations.map((r) => r.program));
  const slots = new Map<string, { event: string; index: number; seq: number }>();
  for (const event of Object.keys(hooks)) {
    const groups = groupsOf(next, event);
    const kept: HookGroup[] = [];
    for (const group of groups) {
      const handlers = handlersOf(group);
      const remaining = handlers.filter((h) => {
        const found = parseMarked(event, group, h);
        if (!found || !(replace.has(found.program) || dropPrograms.has(found.program))) return true;
        if (!slots.has(`${found.program}\0${event}`))
          slots.set(`${found.program}\0${event}`, { event, index: kept.length, seq: slots.size });
        return false;
      });
      if (remaining.length === handlers.length) kept.push(group);
      else if (remaining.length > 0) kept.push({ ...group, hooks: remaining });
    }
    hooks[event] = kept;
  }
  // Insert in reverse slot order so earlier indices stay valid; several at one index go back in
  // their old order (the later one first, so the earlier lands before it).
  const placed = registrations.map((r) => ({ r, slot: slots.get(`${r.program}\0${r.event}`) }));
  const reverse = (a: (typeof placed)[number], b: (typeof placed)[number]) =>
    (b.slot?.index ?? -1) - (a.slot?.index ?? -1) || (b.slot?.seq ?? -1) - (a.slot?.seq ?? -1);
  for (const { r, slot } of [...placed].sort(reverse)) {
    if (!slot) continue;
    (hooks[r.event] as HookGroup[]).splice(slot.index, 0, groupFor(r));
  }
  for (const { r, slot } of placed) {
    if (slot) continue;
    const list = Array.isArray(hooks[r.event]) ? (hooks[r.event] as HookGroup[]) : [];
    list.push(groupFor(r));
    hooks[r.event] = list;
  }
  for (const event of Object.keys(hooks))
    if (
      Array.isArray(hooks[event]) &&
      (hooks[event] as unknown[]).length === 0 &&
      !(config.hooks && event in config.hooks && (config.hooks[event] as unknown[]).length === 0)
    )
      delete hooks[event];
  return next;
}

function groupFor(r: CompiledRegistration): HookGroup {
  const handler = { type: "command", command: markedCommand(r), timeout: r.timeout };
  return r.matcher === undefined ? { hooks: [handler] } : { matcher: r.matcher, hooks: [handler] };
}
