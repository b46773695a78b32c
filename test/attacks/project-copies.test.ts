// Issue 29, the two guards the last session left unlooped, over every registered harness (free: no
// CLI runs):
// - mutate's copy (issue 29 §12): each harness's hook files and executable script arrive in the copy
//   as the user wrote them (content and run bit), and what a run writes under the copy's
//   node_modules (a hook's ./node_modules/.cache) never reaches the user's repository. The copy is
//   harness-independent code; the loop pins that no harness's folder (.claude, .codex, .github,
//   .gemini, .qwen, …) is left out or changed on the way.
// - readProjectHarness: `project` (the hand-over that keeps modes) is the project itself for every
//   harness; the run bit arriving through `project:` in a real run is pinned per harness in
//   hook-processes.test.ts. Its `files`, `modes` and `settings` read only the layout of the harness
//   whose hook file is `.claude/settings.json`: they feed `vigiles record`, which replays that
//   harness's session transcripts and no other's. For every other harness the test pins that they
//   claim nothing (no settings, none of its hook files), so a reader that grows to cover one shows.
import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { makeMutantCopy, removeCopy } from "../../src/tools/mutate/copy.js";
import { readProjectHarness } from "../../src/tools/record/project-harness.js";
import { REGISTERED, scratchDir } from "./registered.js";
import type { HarnessEntry } from "../../src/adapters/harness-entry.js";

const SCRIPT = "hooks/guard.sh";
const scratch = scratchDir("project-copies");

/** A user repository set up for `entry`: its hook files registering an executable script, a node_modules with a cache. */
function userRepo(entry: HarnessEntry): { root: string; hookFiles: Record<string, string> } {
  const root = join(scratch, entry.id);
  const form = entry.conformance!;
  const hookFiles = form.configFiles([
    { event: form.events.preTool, matcher: form.tools.Bash, command: `./${SCRIPT}`, shape: form.shapes[0]! },
  ]);
  for (const [rel, text] of Object.entries(hookFiles)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  mkdirSync(join(root, "hooks"), { recursive: true });
  writeFileSync(
    join(root, SCRIPT),
    "#!/bin/sh\nmkdir -p node_modules/.cache/guard && echo ran >> node_modules/.cache/guard/runs.log\n",
  );
  chmodSync(join(root, SCRIPT), 0o755);
  mkdirSync(join(root, "node_modules", ".cache", "guard"), { recursive: true });
  writeFileSync(join(root, "node_modules", ".cache", "guard", "runs.log"), "the user's own line\n");
  return { root, hookFiles };
}

const mode = (path: string) => statSync(path).mode & 0o7777;

for (const { entry } of REGISTERED) {
  const skip =
    entry.conformance === undefined
      ? `no command hook files to write (${entry.noConformance ?? "no conformance form"})`
      : undefined;
  const why = skip ? ` (skipped: ${skip})` : "";
  describe(entry.displayName, () => {
    test.skipIf(skip !== undefined)(
      `mutate's copy carries its hook files and run bit, and keeps node_modules writes in the copy${why}`,
      () => {
        const { root, hookFiles } = userRepo(entry);
        const copy = makeMutantCopy(root);
        try {
          for (const [rel, text] of Object.entries(hookFiles))
            expect(readFileSync(join(copy.root, rel), "utf8"), rel).toBe(text);
          expect(mode(join(copy.root, SCRIPT)).toString(8)).toBe("755");
          mkdirSync(join(copy.root, "node_modules", ".cache", "guard"), { recursive: true });
          writeFileSync(join(copy.root, "node_modules", ".cache", "guard", "runs.log"), "a mutant's run\n", {
            flag: "a",
          });
        } finally {
          removeCopy(copy);
        }
        expect(readFileSync(join(root, "node_modules", ".cache", "guard", "runs.log"), "utf8")).toBe(
          "the user's own line\n",
        );
        expect(readdirSync(join(root, "node_modules"))).toEqual([".cache"]);
      },
    );

    test.skipIf(skip !== undefined)(
      `readProjectHarness hands over the project; reads its files only where record applies${why}`,
      () => {
        const { root, hookFiles } = userRepo(entry);
        const read = readProjectHarness(root);
        expect(read.project).toBe(root);
        const recorded = Object.keys(hookFiles).includes(".claude/settings.json");
        if (recorded) {
          expect(read.files[SCRIPT]).toContain("runs.log");
          expect(read.modes[SCRIPT]?.toString(8)).toBe("755");
          expect(JSON.stringify(read.settings)).toContain(SCRIPT);
        } else {
          expect(read.settings).toBeUndefined();
          expect(Object.keys(read.files).filter((rel) => rel in hookFiles || rel === SCRIPT)).toEqual([]);
        }
      },
    );
  });
}
