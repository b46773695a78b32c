// What the REAL pinned Gemini CLI (0.61.0) does with an extension's hooks where the audit judges
// them, each beside a control hook in the same run that proves extension hooks ran at all:
// - the control is written with `${extensionPath}`, `${/}`, `${pathSeparator}` and
//   `${workspacePath}`: Gemini replaces all four before bash runs the command (the dialect's
//   pluginRootPlaceholders and pluginCommandVariables; `vigiles audit --run` does the same);
// - a definition written flat (`{name, type, command}` straight in the event's list, no `hooks`
//   list) is discarded: it never runs (`hooks-shape`);
// - hooks in the extension's root `settings.json`, or in `gemini-extension.json` itself, are never
//   read: Gemini reads an extension's hooks only from `hooks/hooks.json` (`hook-file-not-loaded`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const RUN_TIMEOUT = 240_000;

function extension(name: string, files: Record<string, string>, manifest: object = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `vigiles-gx-${name}-`));
  writeFileSync(join(dir, "gemini-extension.json"), JSON.stringify({ name, version: "1.0.0", ...manifest }));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const grouped = (command: string) => ({ hooks: [{ type: "command", command, timeout: 10000 }] });

describe("Gemini CLI extension hooks, real CLI", () => {
  test(
    "textual variables are replaced; flat definitions, a root settings.json and manifest hooks never run",
    async () => {
      const control = extension("vx-control", {
        // Writes into the directory it is given: the workspace, only when ${workspacePath} was replaced.
        "hooks/ctl.sh": '#!/bin/sh\ncat >/dev/null\ntouch "$1/CONTROL_$2"\nexit 0\n',
        "hooks/hooks.json": JSON.stringify({
          hooks: {
            BeforeTool: [
              {
                matcher: ".*",
                ...grouped('sh "${extensionPath}${/}hooks${pathSeparator}ctl.sh" "${workspacePath}" TOOL'),
              },
            ],
            SessionStart: [grouped('sh "${extensionPath}${/}hooks${/}ctl.sh" "${workspacePath}" START')],
          },
        }),
      });
      const flat = extension("vx-flat", {
        "hooks/hooks.json": JSON.stringify({
          hooks: {
            BeforeTool: [
              { name: "flat", type: "command", matcher: ".*", command: "touch FLAT", timeout: 10000 },
            ],
            SessionStart: [
              { name: "flat-start", type: "command", command: "touch FLAT_START", timeout: 10000 },
            ],
          },
        }),
      });
      const rootSettings = extension("vx-settings", {
        "settings.json": JSON.stringify({
          hooks: { BeforeTool: [{ matcher: ".*", ...grouped("touch ROOT_SETTINGS") }] },
        }),
      });
      const inManifest = extension(
        "vx-manifest",
        {},
        { hooks: { BeforeTool: [{ matcher: ".*", ...grouped("touch IN_MANIFEST") }] } },
      );
      const extensions = [control, flat, rootSettings, inManifest];
      try {
        const r = await runHarnessTest(
          {
            prompt: "go",
            model: [{ tool: "Bash", input: { command: "echo hi > RAN" } }, { text: "done" }],
            plugins: extensions,
            sandbox: false,
            timeoutMs: RUN_TIMEOUT,
          },
          { adapter: geminiAdapter },
        );
        try {
          expect(r.file("RAN")).toBe("hi\n");
          // The control ran on both events, its four variables replaced by Gemini.
          expect(r.file("CONTROL_START")).not.toBeNull();
          expect(r.file("CONTROL_TOOL")).not.toBeNull();
          // None of the others ever ran.
          expect(r.file("FLAT")).toBeNull();
          expect(r.file("FLAT_START")).toBeNull();
          expect(r.file("ROOT_SETTINGS")).toBeNull();
          expect(r.file("IN_MANIFEST")).toBeNull();
        } finally {
          r.cleanup();
        }
      } finally {
        for (const dir of extensions) rmSync(dir, { recursive: true, force: true });
      }
    },
    RUN_TIMEOUT + 30_000,
  );
});
