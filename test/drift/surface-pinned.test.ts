// The pinned release surfaces are produced, not typed: each harness's extractor, run on the CLI
// installed in node_modules (the pinned release), reads exactly the surface committed beside its
// dialect (src/adapters/<harness>/dialect/surface.ts, written by `npm run surfaces`). A release
// bump that forgets to regenerate, or an extractor that stops finding the event catalogue, fails
// here. Reads the real installed packages; starts no CLI except Copilot's extract-only unpack.
import { describe, expect, test } from "vitest";
import { HARNESSES } from "../../src/adapters/registry.js";

describe("pinned release surfaces", { timeout: 240_000 }, () => {
  test.concurrent.each(HARNESSES.filter((h) => h.surface !== undefined).map((h) => [h.id, h] as const))(
    "%s: the extractor on the installed pinned release equals the committed surface",
    async (_id, entry) => {
      const resolved = await (await entry.loadAdapter()).resolve();
      expect(resolved.version).toBe(entry.package.version);
      const surface = await entry.surface!.extract(resolved.path, resolved.version);
      expect(surface).toEqual(entry.surface!.pinned);
      // A surface that read nothing would equal an empty committed one: every kind must be there.
      const kinds = new Set(surface.entries.map((e) => e.kind));
      expect([...kinds].sort()).toEqual(
        expect.arrayContaining(["cli-flag", "env-var", "hook-event", "stream-event"]),
      );
    },
  );

  // Events the pinned binary carries that its dialect does not list yet: the audit warns that a hook
  // on one cannot be judged ("unpinned-event"), never "never runs". Listed so that a new one fails
  // here; each is work for its adapter's dialect.
  const NOT_IN_DIALECT: Readonly<Record<string, readonly string[]>> = {
    // Does not fire in a `codex exec` run, even one interrupted by SIGINT (test/codex/codex-interrupt.test.ts).
    codex: ["Interrupt"],
    "copilot-cli": ["preMcpToolCall"],
    opencode: ["experimental.compaction.autocontinue"],
  };

  test("every hook event of a pinned surface is in its dialect, but for the listed ones", () => {
    const missing = Object.fromEntries(
      HARNESSES.map((h) => {
        const known = new Set(h.dialect.events.map((e) => e.name));
        const events = h.surface!.pinned.entries.filter((e) => e.kind === "hook-event").map((e) => e.name);
        return [h.id, events.filter((e) => !known.has(e))];
      }).filter(([, names]) => names.length > 0),
    );
    expect(missing).toEqual(NOT_IN_DIALECT);
  });

  test("every registered harness has a release surface", () => {
    expect(HARNESSES.filter((h) => h.surface === undefined).map((h) => h.id)).toEqual([]);
  });
});
