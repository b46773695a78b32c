/**
 * A post-tool gate that reports its check on exit 1 (issue 35 item 2): `echo "lint failed" >&2;
 * exit 1` in a PostToolUse lint hook is a non-blocking error, and Claude Code 2.1.328 never puts
 * that stderr before the model (exit 2 does: test/harness/post-tool-exit-feedback.test.ts). The
 * held-out miss: the gate lints only `*.ts`, the audit's bland probe edits a `.txt`, so the failing
 * path never ran. Each pair: the bad gate exits 1, its clean twin exits 2 and is not reported.
 * Gemini CLI's AfterTool reads the same way through its dialect (exit 2 blocks the tool's result).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { sourceLiterals } from "../../src/tools/audit/source-literals.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-run-gate-"));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
    if (rel.endsWith(".sh")) chmodSync(join(root, rel), 0o755);
  }
  return root;
}

/** Lints only TypeScript files; a file that does not pass (here: one it cannot read) fails with `code`. */
const lintGate = (code: number) => `#!/bin/sh
f=$(sed -n 's/.*"file_path" *: *"\\([^"]*\\)".*/\\1/p')
case "$f" in
  *.ts)
    if ! grep -q "vigiles-lint-ok" "$f" 2>/dev/null; then
      echo "lint failed: $f" >&2
      exit ${code}
    fi ;;
esac
exit 0
`;

const harnesses = {
  "claude-code": {
    config: (event: string) => ({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          [event]: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "sh ./lint.sh" }] }],
        },
      }),
    }),
    event: "PostToolUse",
    name: "Claude Code",
  },
  gemini: {
    config: (event: string) => ({
      ".gemini/settings.json": JSON.stringify({
        hooks: {
          [event]: [{ matcher: "write_file|replace", hooks: [{ type: "command", command: "sh ./lint.sh" }] }],
        },
      }),
    }),
    event: "AfterTool",
    name: "Gemini CLI",
  },
};

describe("audit --run: a post-tool gate whose message the model never hears", () => {
  for (const [id, h] of Object.entries(harnesses)) {
    it.concurrent(
      `${id}: exit 1 with "lint failed" is reported with what ${h.name} does; exit 2 is not`,
      async () => {
        const bad = await runDynamicAudit(
          auditHarness(repo({ ...h.config(h.event), "lint.sh": lintGate(1) })),
          {
            maxRunMs: 5000,
            sandbox: false,
          },
        );
        const crash = bad.findings.filter((f) => f.ruleId === "hook-crash");
        expect(crash, JSON.stringify(bad.findings, null, 2)).toHaveLength(1);
        expect(crash[0]?.message).toMatch(
          new RegExp(
            `vigiles-audit-probe\\.ts\`\\) with "lint failed: .*": ${h.name} treats exit 1 as a non-blocking error, so the model never sees that message \\(the tool already ran.*\\); exit 2 feeds stderr back to the model`,
          ),
        );
        const clean = await runDynamicAudit(
          auditHarness(repo({ ...h.config(h.event), "lint.sh": lintGate(2) })),
          { maxRunMs: 5000, sandbox: false },
        );
        expect(clean.findings).toEqual([]);
        expect(clean.runs.some((r) => r.result.exitCode === 2)).toBe(true);
      },
      60_000,
    );
  }
});

describe("the extensions a hook selects files by", () => {
  it("reads shell globs, endswith and regex suffixes; a quoted dotfile stays a path", () => {
    const source = `case "$f" in *.ts|*.tsx) ;; esac\nif p.endswith(".py"): pass\nif (/\\.vue$/.test(f)) x\nP = [".env"]`;
    expect(
      sourceLiterals(source)
        .filter((l) => l.kind === "extension")
        .map((l) => l.text),
    ).toEqual([".ts", ".tsx", ".py", ".vue"]);
    expect(sourceLiterals(source)).toContainEqual({ text: ".env", kind: "path" });
  });
});
