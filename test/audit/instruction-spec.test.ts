/**
 * Instruction files as typed specs: compile writes stamped markdown, and lint fails when a
 * reference stops resolving or the compiled file is edited by hand or left behind its spec.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileInstructionSpecFile } from "../../src/tools/lint/compile.js";
import { lintInstructionFiles } from "../../src/tools/lint/lint.js";
import { makefileTargets } from "../../src/tools/lint/resolve-refs.js";

const SPEC_ENTRY = join(import.meta.dirname, "../../src/entries/spec.ts");
const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

const SPEC = (
  extra = "",
) => `import { instructionFile, instructions, enforce, guidance, file, dir, glob, cmd, symbol } from ${JSON.stringify(SPEC_ENTRY)};

export default instructionFile({
  sections: {
    overview: instructions\`The library lives in \${dir("src")}; its entry is \${symbol("src/index.js", "main")} and types come from \${symbol("src/types.ts", "Options")}.\`,
    testing: instructions\`Tests match \${glob("test/**/*.test.js")}; run \${cmd("npm test")} or \${cmd("make check")}.${extra}\`,
  },
  keyFiles: { "src/index.js": "The entry point." },
  commands: { "npm run build": "Builds dist/." },
  rules: {
    noConsole: enforce("eslint/no-console", "Use the logger."),
    "small-files": guidance(instructions\`Split a file before it passes 300 lines, like \${file("src/index.js")}.\`),
  },
});
`;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-spec-"));
  temps.push(dir);
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "test"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "p", scripts: { test: "vitest", build: "tsc" } }),
  );
  writeFileSync(join(dir, "Makefile"), "VERSION := 1\n\ncheck: build\n\tnpm test\n\nbuild:\n\ttsc\n");
  writeFileSync(join(dir, "src/index.js"), "export function main() {}\n");
  writeFileSync(join(dir, "src/types.ts"), "export interface Options {\n  a: string;\n}\n");
  writeFileSync(join(dir, "test/a.test.js"), "\n");
  writeFileSync(join(dir, "CLAUDE.md.spec.ts"), SPEC());
  return dir;
}

const ids = async (dir: string) => (await lintInstructionFiles(dir)).findings.map((f) => f.ruleId);

describe("compileInstructionSpecFile", () => {
  it("writes stamped markdown once, then reports it up to date", async () => {
    const dir = project();
    const spec = join(dir, "CLAUDE.md.spec.ts");
    const first = await compileInstructionSpecFile(spec);
    expect(first).toEqual({ output: join(dir, "CLAUDE.md"), changed: true });
    const md = readFileSync(first.output, "utf8");
    expect(md).toMatch(
      /^<!-- vigiles:sha256:[0-9a-f]{16} compiled from CLAUDE\.md\.spec\.ts -->\n\n# CLAUDE\.md\n/,
    );
    expect(md).toContain("## Overview\n\nThe library lives in `src`; its entry is `src/index.js#main`");
    expect(md).toContain("- `npm run build`: Builds dist/.");
    expect(md).toContain("### No Console\n\n**Enforced by** `eslint/no-console`. Use the logger.");
    expect(md).toContain("### Small Files\n\n**Guidance.** Split a file");
    expect(await compileInstructionSpecFile(spec)).toEqual({ output: first.output, changed: false });
    expect(await compileInstructionSpecFile(spec, { check: true })).toEqual({
      output: first.output,
      changed: false,
    });
    expect(await ids(dir)).toEqual([]);
  });

  it("refuses to compile a reference that does not resolve, naming it", async () => {
    const dir = project();
    rmSync(join(dir, "src/types.ts"));
    await expect(compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"))).rejects.toThrow(
      /src\/types\.ts#Options \(section "overview"\): file src\/types\.ts does not exist/,
    );
  });
});

describe("vigiles lint over instruction files", () => {
  it("flags a hand edit of the compiled file", async () => {
    const dir = project();
    await compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"));
    const md = join(dir, "CLAUDE.md");
    writeFileSync(md, readFileSync(md, "utf8") + "\nAlso, deploy on Fridays.\n");
    expect(await ids(dir)).toEqual(["instruction-hand-edited"]);
  });

  it("flags references that stopped resolving, at their line in the spec", async () => {
    const dir = project();
    await compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "p", scripts: { test: "vitest" } }));
    writeFileSync(join(dir, "Makefile"), "build:\n\ttsc\n");
    writeFileSync(join(dir, "src/index.js"), "export function start() {}\n");
    rmSync(join(dir, "test/a.test.js"));
    const { findings } = await lintInstructionFiles(dir);
    expect(findings.map((f) => [f.ruleId, f.range?.line, f.message.split(":")[0]])).toEqual([
      ["instruction-ref-unresolved", 5, '`src/index.js#main` (section "overview") no longer resolves'],
      ["instruction-ref-unresolved", 6, '`test/**/*.test.js` (section "testing") no longer resolves'],
      ["instruction-ref-unresolved", 6, '`make check` (section "testing") no longer resolves'],
      ["instruction-ref-unresolved", 9, "`npm run build` (commands) no longer resolves"],
    ]);
  });

  it("flags a spec changed without recompiling, and a spec never compiled", async () => {
    const dir = project();
    expect(await ids(dir)).toEqual(["instruction-not-compiled"]);
    await compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"));
    writeFileSync(join(dir, "CLAUDE.md.spec.ts"), SPEC(" Keep it green."));
    expect(await ids(dir)).toEqual(["instruction-stale"]);
    expect((await compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"), { check: true })).changed).toBe(
      true,
    );
  });

  it("the command exits 1 on a failure and 0 when clean", async () => {
    const dir = project();
    await compileInstructionSpecFile(join(dir, "CLAUDE.md.spec.ts"));
    const ok = spawnSync(process.execPath, [MAIN, "lint", dir], { encoding: "utf8" });
    expect(ok.status, ok.stderr).toBe(0);
    writeFileSync(join(dir, "CLAUDE.md"), "# hand written\n");
    const bad = spawnSync(process.execPath, [MAIN, "lint", dir], { encoding: "utf8" });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/CLAUDE\.md\n {2}1:1 +error +CLAUDE\.md has no vigiles stamp/);
  });
});

describe("makefileTargets", () => {
  it("reads targets, not variable assignments or recipe lines", () => {
    expect(
      [...makefileTargets("A := 1\nB = 2\nall build: dep\n\techo x: y\n.PHONY: all\nx::\n")].sort(),
    ).toEqual([".PHONY", "all", "build", "x"].sort());
  });
});
