/**
 * scripts/audit-field.ts: audits each `owner__name` directory, joins the findings with the labels
 * and prints per-rule precision and the false-alarm rate of errors; a malformed label is one line.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "vigiles-field-script-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const commit = "a".repeat(40);

function run(args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts/audit-field.ts"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
}

describe("audit-field", { timeout: 60_000 }, () => {
  const corpus = join(work, "corpus");
  const repo = join(corpus, "someone__plugins");
  mkdirSync(repo, { recursive: true });
  // A copy of one bad fixture: its findings are all unquoted-plugin-root.
  cpSync(join(ROOT, "test/audit/__fixtures__/unquoted-plugin-root/bad"), repo, { recursive: true });
  writeFileSync(join(repo, ".corpus-commit"), `${commit}\n`);

  it("joins findings and labels: precision per rule, the false-alarm rate of errors, stale labels ignored", () => {
    const labels = join(work, "labels-a.json");
    writeFileSync(
      labels,
      JSON.stringify([
        {
          repo: "someone/plugins",
          commit,
          file: "hooks/hooks.json",
          rule: "unquoted-plugin-root",
          verdict: "false-alarm",
          why: "test",
        },
        {
          repo: "someone/plugins",
          commit: "b".repeat(40),
          file: "x",
          rule: "y",
          verdict: "true",
          why: "another commit",
        },
      ]),
    );
    const r = run([corpus, "--labels", labels]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\| unquoted-plugin-root \| error \| \d+ \| 0 \| \d+ \| 0 \| 0 \| 0\.0% \|/);
    expect(r.stdout).toMatch(/false-alarm rate of errors: 100\.0%/);
    expect(r.stdout).toContain("crashes: 0");
    expect(r.stdout).toContain("labels matching no finding now: 1");
    const unjudged = run([corpus, "--labels", join(work, "none.json")]);
    expect(unjudged.status).toBe(1);
    expect(unjudged.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("refuses a malformed label with one line naming the entry", () => {
    const labels = join(work, "labels-bad.json");
    writeFileSync(
      labels,
      JSON.stringify([
        { repo: "someone/plugins", commit: "short", file: "f", rule: "r", verdict: "true", why: "w" },
      ]),
    );
    const r = run([corpus, "--labels", labels]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^audit-field: .*labels-bad\.json\[0\]: "commit" must be a 40-hex sha$/);
  });
});
