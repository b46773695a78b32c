// Pins issue 33's "results stay identical" for plugin dirs: a run's copy of a plugin leaves `.git` out
// and links `node_modules` instead of copying it (runtime/plugin-copy.ts), and a plugin hook that
// runs a tool from the plugin's own `node_modules` still runs it, on every registered harness that
// loads plugin dirs (capabilities), confined as by default. Two plugins under the OS temp dir (a
// confined run's /tmp is its own, so each must be bound in): one whose `node_modules` is a folder,
// one whose `node_modules` is a link out of the plugin to a workspace folder (its real path must be
// bound too). Real pinned CLIs against the mock; one run per harness, concurrent.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { HarnessEntry } from "../../src/adapters/harness-entry.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED, noCommandHooks, scratchDir } from "../attacks/registered.js";

const dir = scratchDir("plugin-deps");

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text, { mode: 0o755 });
  }
}

/** A package with a bin, as npm lays it out: `.bin/<name>` links to the package's script. */
function writeDependencies(nodeModules: string, marker: string): void {
  write(nodeModules, { "s33-probe/cli.sh": `#!/bin/sh\necho "tool-ran:${marker}"\n` });
  mkdirSync(join(nodeModules, ".bin"), { recursive: true });
  symlinkSync("../s33-probe/cli.sh", join(nodeModules, ".bin", "s33-probe"));
}

/**
 * A plugin every plugin-loading harness reads (Claude's manifest, which Copilot also takes, and
 * Gemini's), its hooks file the harness's own conformance form, with a `.git` the copy leaves out.
 */
function writePlugin(entry: HarnessEntry, root: string, name: string): void {
  // The plugin root as the hook sees it: the dialect's placeholder, else the hook's cwd (Copilot
  // runs plugin hooks in the plugin root, copilot-cli/plugin-dirs.ts).
  const at = entry.dialect.pluginRootPlaceholders[0] ?? ".";
  const shape = entry.conformance.shapes[0]!;
  const command = `cat >/dev/null; "${at}/node_modules/.bin/s33-probe"`;
  const config = entry.conformance.configFiles([
    { event: entry.conformance.events.postTool, command, shape },
  ]);
  write(root, {
    ".claude-plugin/plugin.json": JSON.stringify({ name, version: "1.0.0" }),
    "gemini-extension.json": JSON.stringify({ name, version: "1.0.0" }),
    "hooks/hooks.json": Object.values(config)[0]!,
    ".git/HEAD": "ref: refs/heads/main\n",
  });
}

describe.concurrent("a plugin hook runs a tool from the plugin's own node_modules", () => {
  for (const { entry, adapter } of REGISTERED) {
    const skip = !entry.capabilities.pluginDirs
      ? "it loads no plugin dirs (capabilities)"
      : noCommandHooks(entry);
    test.skipIf(skip !== undefined)(
      `${entry.displayName}: a folder and a linked node_modules both reach the hook${skip ? `: skipped, ${skip}` : ""}`,
      async () => {
        const here = join(dir, entry.id, "deps-here");
        const linked = join(dir, entry.id, "deps-linked");
        writePlugin(entry, here, "deps-here");
        writeDependencies(join(here, "node_modules"), "here");
        writePlugin(entry, linked, "deps-linked");
        writeDependencies(join(dir, entry.id, "workspace-node_modules"), "linked");
        symlinkSync(join(dir, entry.id, "workspace-node_modules"), join(linked, "node_modules"));
        const r = await runHarnessTest(
          {
            prompt: "go",
            plugins: [here, linked],
            model: [{ tool: "Bash", input: { command: "echo ran" } }, { text: "done" }],
            transcript: true,
            timeoutMs: 240_000,
          },
          { adapter },
        );
        try {
          const ran = (r.hooks ?? []).filter((f) => f.exitCode === 0).map((f) => f.stdout.trim());
          expect(ran).toEqual(expect.arrayContaining(["tool-ran:here", "tool-ran:linked"]));
        } finally {
          r.cleanup();
        }
      },
      REAL_RUN_TIMEOUT,
    );
  }
});
