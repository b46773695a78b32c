// Pins that Copilot CLI's own hooks-file rules judge events by the release being audited, as the
// shared rules do: an event a newer release adds is not "never runs", an event an older release lacks
// is, and an event the binary carries unmodelled is the warning `unpinned-event` (stand-in surfaces,
// built from the pinned one: no CLI runs here).
import { describe, expect, it } from "vitest";
import { checkCopilotHooksFile } from "../../src/adapters/copilot-cli/dialect/audit-rules.js";
import { PINNED_SURFACE } from "../../src/adapters/copilot-cli/dialect/surface.js";
import { copilotDialect } from "../../src/adapters/copilot-cli/dialect.js";
import { dialectForSurface, withSurfaceEvents, type ReleaseSurface } from "../../src/core/surface.js";

const hooksFile = (event: string) =>
  JSON.stringify({ version: 1, hooks: { [event]: [{ type: "command", bash: "./guard.sh" }] } });

const release = (version: string, edit: (names: string[]) => string[]): ReleaseSurface => {
  const events = PINNED_SURFACE.entries.filter((e) => e.kind === "hook-event").map((e) => e.name);
  const kept = edit(events);
  return {
    ...PINNED_SURFACE,
    version,
    entries: [
      ...PINNED_SURFACE.entries.filter((e) => e.kind !== "hook-event"),
      ...kept.map((name) => ({ kind: "hook-event" as const, name })),
    ],
  };
};

const rulesOn = (event: string, surface: ReleaseSurface | undefined) =>
  checkCopilotHooksFile({
    file: ".github/hooks/guard.json",
    text: hooksFile(event),
    ...(surface === undefined
      ? {}
      : {
          dialect: dialectForSurface(
            withSurfaceEvents(copilotDialect, PINNED_SURFACE),
            PINNED_SURFACE,
            surface,
          ),
        }),
  }).map((f) => [f.ruleId, f.severity]);

describe("Copilot hooks-file events on the audited release", () => {
  it("an event a newer release adds is known there and unknown on the pinned release", () => {
    const newer = release("9.0.0", (names) => [...names, "postMcpToolCall"]);
    expect(rulesOn("postMcpToolCall", undefined)).toContainEqual(["copilot-unknown-event", "error"]);
    expect(rulesOn("postMcpToolCall", newer)).not.toContainEqual(["copilot-unknown-event", "error"]);
  });

  it("an event an older release lacks never runs there", () => {
    const older = release("0.9.0", (names) => names.filter((n) => n !== "preToolUse"));
    expect(rulesOn("preToolUse", undefined)).not.toContainEqual(["copilot-unknown-event", "error"]);
    expect(rulesOn("preToolUse", older)).toContainEqual(["copilot-unknown-event", "error"]);
  });

  it("an event the binary carries unmodelled is a warning on the pinned release, given or not", () => {
    const pinned = withSurfaceEvents(copilotDialect, PINNED_SURFACE);
    expect(pinned.unpinnedEvents).toContain("preMcpToolCall");
    expect(rulesOn("preMcpToolCall", undefined)).toEqual([["unpinned-event", "warning"]]);
    expect(
      checkCopilotHooksFile({ file: "f.json", text: hooksFile("preMcpToolCall"), dialect: pinned }).map(
        (f) => f.ruleId,
      ),
    ).toEqual(["unpinned-event"]);
  });
});
