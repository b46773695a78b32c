// Pins what mutate reads of a hook before it claims "its source never exits 2 / never writes a JSON
// deny": the launcher and every file it sources, transitively (a sourced adapter's `return 2` is the
// launcher's exit 2), and no such claim at all when a file is sourced or exec'd by a name known only
// at run time. The pattern is 1Password's agent-hooks layout (bin/run-hook.sh sourcing
// adapters/<client>.sh), reproduced here in a fixture of our own. Free: no test run.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import type { HookItem } from "../../src/core/mutate/types.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { sourcedText } from "../../src/tools/mutate/sourced-text.js";
import { writeRepo } from "./fixture.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const settings = (command: string) =>
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
  });

const reasons = (root: string) => {
  const hooks = inventory(root).items.filter((i): i is HookItem => i.kind === "hook");
  return Object.fromEntries(mutantCatalogue(hooks, dialectOf).map((m) => [m.kind, m.notApplicable]));
};

describe("a launcher that answers through what it sources", () => {
  test("a static source is read: its `return 2` makes exit 2 → 0 applicable", () => {
    const root = writeRepo("sourced-", {
      ".claude/settings.json": settings("bin/run.sh"),
      "bin/run.sh": '#!/bin/bash\nDIR="$(dirname "$0")/.."\nsource "$DIR/lib/answer.sh"\nanswer "$(cat)"\n',
      "lib/answer.sh": 'answer() {\n  case "$1" in *force*) echo "no" >&2; return 2;; esac\n}\n',
    });
    roots.push(root);
    const r = reasons(root);
    expect(r["hook-exit2-to-0"]).toBeUndefined();
    // Nothing it runs writes a JSON deny, and everything it runs was read: that claim stands.
    expect(r["hook-deny-to-block"]).toMatch(/never writes a JSON "deny"/);
  });

  test("a source named at run time leaves every 'never' unclaimed", () => {
    const root = writeRepo("sourced-dyn-", {
      ".claude/settings.json": settings("bin/run.sh"),
      "bin/run.sh": '#!/bin/bash\nclient=claude\nsource "$(dirname "$0")/../adapters/${client}.sh"\nemit\n',
      "adapters/claude.sh": 'emit() { echo "no" >&2; return 2; }\n',
    });
    roots.push(root);
    const r = reasons(root);
    expect(r["hook-exit2-to-0"]).toBeUndefined();
    expect(r["hook-deny-to-block"]).toBeUndefined();
    expect(r["hook-always-allows"]).toBeUndefined();
  });

  test("an exec of a program named by a variable is incomplete; sourcing in a cycle ends", () => {
    const root = writeRepo("sourced-exec-", {
      "a.sh": "source b.sh\nexit 0\n",
      "b.sh": ". ./a.sh\n",
      "c.sh": 'exec "$HOOK" "$@"\n',
    });
    roots.push(root);
    expect(sourcedText(root, ["a.sh"])).toEqual({
      text: "source b.sh\nexit 0\n\n. ./a.sh\n",
      complete: true,
    });
    expect(sourcedText(root, ["c.sh"]).complete).toBe(false);
  });
});
