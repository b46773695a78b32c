/**
 * `vigiles explain` with no event: every hook registered for the harness, grouped by event, with
 * where each is and what it runs, so a user sees what there is to ask about.
 */
import type { HarnessEntry } from "../../adapters/harness-entry.js";
import type { HookSource } from "./hook-sources.js";

interface Listed {
  readonly event: string;
  readonly where: string;
  readonly matcher: string | undefined;
  readonly what: string;
}

/** Every handler of the layered settings and plugins (Claude Code), in load order. */
function fromSources(sources: readonly HookSource[]): Listed[] {
  return sources.flatMap((source) =>
    Object.entries(source.hooks).flatMap(([event, groups]) =>
      groups.flatMap((group, g) =>
        group.hooks.map((handler, h) => {
          const at = source.locate(event, g, h);
          return {
            event,
            where: `${source.file}${at ? `:${at.line}` : ""} (${source.kind})`,
            matcher: group.matcher,
            what: handler.command ?? `${handler.type} hook`,
          };
        }),
      ),
    ),
  );
}

/** Every command hook the harness's registration reader finds. */
function fromRegistrations(harness: HarnessEntry, cwd: string): Listed[] {
  return harness.readRegistrations(cwd).registrations.map((r) => ({
    event: r.event,
    where: `${r.file}${r.line !== undefined ? `:${r.line}` : ""}`,
    matcher: r.matcher,
    what: r.command,
  }));
}

/** The listing's lines, grouped by event in first-seen order. */
export function registeredHookLines(
  harness: HarnessEntry,
  cwd: string,
  sources: readonly HookSource[] | undefined,
): string[] {
  const listed = sources !== undefined ? fromSources(sources) : fromRegistrations(harness, cwd);
  if (listed.length === 0)
    return [
      `No ${harness.displayName} hook is registered here (read: ${harness.hookFileAudit.files}).`,
      "Ask about an event anyway: vigiles explain --event <name>, or --tool <name> --command <text>.",
    ];
  const events = [...new Set(listed.map((l) => l.event))];
  return [
    `${listed.length} ${harness.displayName} hook(s) registered, by event:`,
    ...events.flatMap((event) => [
      `${event}`,
      ...listed
        .filter((l) => l.event === event)
        .map(
          (l) =>
            `  ${l.where}${l.matcher !== undefined ? `  matcher ${JSON.stringify(l.matcher)}` : ""}  ${l.what}`,
        ),
    ]),
    "",
    "Ask about one: vigiles explain --event <name> (--source, --trigger, --tool …), with --run to run them.",
  ];
}
