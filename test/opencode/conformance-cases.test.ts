// Pins the free predictions of OpenCode's plugin conformance corpus (src/adapters/opencode/
// conformance-cases.ts), which `npm run conformance -- --harness opencode` compares with the real
// CLI: a before-hook throw blocks and the after-hook does not run (the gap), a rewrite is what runs
// and a later guard sees it, a bash exiting non-zero still reaches the after-hook while a read of a
// missing file does not, and a plugin that fails to load at any stage is left out with its guard.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { OPENCODE_CONFORMANCE } from "../../src/adapters/opencode/conformance-cases.js";

const base = join(process.cwd(), ".vigiles/tmp");
mkdirSync(base, { recursive: true });
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const EXPECTED: Record<string, Record<string, string | boolean>> = {
  "block-by-throw": {
    loaded: ".opencode/plugin/guard.js",
    before: true,
    blocked: true,
    after: false,
    wrote: "",
  },
  "allow-by-return": {
    loaded: ".opencode/plugin/guard.js",
    before: true,
    blocked: false,
    after: false,
    wrote: "hi\n",
  },
  "arg-rewrite": {
    loaded: ".opencode/plugin/rewrite.js",
    before: true,
    blocked: false,
    after: false,
    wrote: "rewritten\n",
  },
  "rewrite-then-block": {
    loaded: ".opencode/plugin/a-rewrite.js,.opencode/plugin/b-guard.js",
    before: true,
    blocked: true,
    after: false,
    wrote: "",
  },
  "after-on-success": {
    loaded: ".opencode/plugin/log.js",
    before: false,
    blocked: false,
    after: true,
    wrote: "hi\n",
  },
  "after-on-bash-failure": {
    loaded: ".opencode/plugin/log.js",
    before: false,
    blocked: false,
    after: true,
    wrote: "",
  },
  "after-gap-blocked": {
    loaded: ".opencode/plugin/guard.js,.opencode/plugin/log.js",
    before: true,
    blocked: true,
    after: false,
    wrote: "",
  },
  "after-gap-missing-read": {
    loaded: ".opencode/plugin/log.js",
    before: false,
    blocked: false,
    after: false,
    wrote: "",
  },
  "load-fail-missing-import": { loaded: "", before: false, blocked: false, after: false, wrote: "hi\n" },
  "load-fail-syntax": { loaded: "", before: false, blocked: false, after: false, wrote: "hi\n" },
  "load-fail-init-throw": { loaded: "", before: false, blocked: false, after: false, wrote: "hi\n" },
  "load-fail-export": {
    loaded: ".opencode/plugin/b-guard.js",
    before: true,
    blocked: true,
    after: false,
    wrote: "",
  },
};

describe("OpenCode plugin conformance: the free predictions", () => {
  test.each(OPENCODE_CONFORMANCE.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
    const root = mkdtempSync(join(base, "oc-conf-"));
    roots.push(root);
    for (const [rel, text] of Object.entries(c.files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    expect(await c.predict(root)).toEqual(EXPECTED[c.id.split("/").pop()!]);
  });
});
