// The `claude plugin eval` suite format as part of Claude Code's release surface: read from the
// bundled zod schema of a release's binary (adapters/claude-code/surface-eval-suite.ts), so
// `vigiles facts` and `vigiles facts --compare` report a release that reads suites otherwise.
// Pins: (1) the committed pinned surface, read from the real 2.1.328 binary by `npm run surfaces`,
// says what vigiles' restatement of the format (core/plugin-eval/schema.ts, limits.ts) says: the same
// case keys, grader types and keys, defaults, caps and limits; (2) on hand-written STAND-IN text in
// the binary's shape, the minified names a bundler picks are no difference, a changed default is;
// (3) on STAND-IN binaries built from the pinned surface (test/support/stand-in-surface.ts, never
// run), a release whose schema differs (a default, a cap, a grader type added, a case key removed, a
// newer schema major) is listed by the compare with what depends on it, breaks a drift job, and
// `vigiles facts --compare pinned installed` exits 1 on it.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { evalSuiteEntries } from "../../src/adapters/claude-code/surface-eval-suite.js";
import { harnessEntry } from "../../src/adapters/registry.js";
import type { ResolvedHarness } from "../../src/adapters/port.js";
import { caseSchema, GRADER_TYPES, graderSchema } from "../../src/core/plugin-eval/schema.js";
import { MAX_CASE_FILE_BYTES, MAX_GRADER_FILES, SCHEMA_MAJOR } from "../../src/core/plugin-eval/limits.js";
import { compareSurfaces, type SurfaceEntry } from "../../src/core/surface.js";
import { compareReleases } from "../../src/tools/facts/release-surface.js";
import { formatSurfaceDiff, surfaceBreaks } from "../../src/tools/facts/surface-report.js";
import { standInClaudeBinary, standInClaudeCli, type SurfaceChanges } from "../support/stand-in-surface.js";
import { privateCacheDir } from "../support/private-cache.js";

const dir = privateCacheDir("vigiles-surface-suite-");

const pinned = harnessEntry("claude-code").surface!.pinned;
const suite = pinned.entries.filter((e) => e.kind === "eval-suite");
const detail = (name: string) => suite.find((e) => e.name === name)?.detail;
const names = (prefix: string) =>
  suite
    .filter((e) => e.name.startsWith(`${prefix}.`) && !e.name.slice(prefix.length + 1).includes("."))
    .map((e) => e.name.slice(prefix.length + 1));

/** An object schema's keys, through `.default()` and `.optional()` wrappers. */
function keysOf(schema: z.ZodType): string[] {
  let s = schema as unknown as { shape?: Record<string, unknown>; def: { innerType?: z.ZodType } };
  while (s.shape === undefined && s.def.innerType !== undefined) s = s.def.innerType as unknown as typeof s;
  return Object.keys(s.shape ?? {});
}

describe("the pinned surface holds the suite format vigiles reads", () => {
  test("case keys at the top, in context and in execution", () => {
    expect(names("case")).toEqual(keysOf(caseSchema));
    expect(names("case.context")).toEqual(keysOf(caseSchema.shape.context));
    expect(names("case.execution")).toEqual(keysOf(caseSchema.shape.execution));
  });

  test("grader types, each strict, with its keys", () => {
    expect(names("grader")).toEqual([...GRADER_TYPES]);
    for (const option of graderSchema.options) {
      const type = (option.shape.type as unknown as { value: string }).value;
      expect(detail(`grader.${type}`)).toBe("z({…}).strict()");
      expect(names(`grader.${type}`)).toEqual(keysOf(option).filter((k) => k !== "type"));
    }
  });

  test("defaults and caps: what the restated schema gives a bare case is what the binary's chain says", () => {
    const bare = caseSchema.parse({
      schema_version: "1.0",
      name: "c",
      execution: { prompt: "p" },
      graders: [{ type: "regex", name: "g", pattern: "x" }],
    });
    expect(detail("case.execution.max_turns")).toBe(
      `z().int().positive().max(200).default(${bare.execution.max_turns})`,
    );
    expect(detail("case.execution.timeout_seconds")).toBe(
      `z().int().positive().max(3600).default(${bare.execution.timeout_seconds})`,
    );
    expect(detail("case.runs")).toBe(`z().int().positive().max(50).default(${bare.runs})`);
    const over = (execution: object, runs = 1) =>
      caseSchema.safeParse({ ...bare, runs, execution: { ...bare.execution, ...execution } }).success;
    expect([over({ max_turns: 200 }), over({ max_turns: 201 })]).toEqual([true, false]);
    expect([over({ timeout_seconds: 3600 }), over({ timeout_seconds: 3601 })]).toEqual([true, false]);
    expect([over({}, 50), over({}, 51)]).toEqual([true, false]);
    const regex = bare.graders[0]!;
    expect(regex.type === "regex" && [regex.target, regex.match, regex.flags, regex.weight]).toEqual([
      "last_message",
      "contains",
      "",
      1,
    ]);
    expect(detail("grader.regex.target")).toContain('["trace","last_message","files","mock_calls"]');
    expect(detail("grader.regex.target")).toMatch(/\.default\("last_message"\)$/);
  });

  test("the reader's limits", () => {
    expect(detail("limit.schema_version_major")).toBe(String(SCHEMA_MAJOR));
    expect(detail("limit.case_file_bytes")).toBe(String(MAX_CASE_FILE_BYTES));
    expect(detail("limit.grader_files")).toBe(String(MAX_GRADER_FILES));
  });
});

/** A hand-written stand-in of the schema's text, with the bundler's names given. */
function schemaText(n: { str: string; num: string; obj: string; lit: string; arm: string }, maxTurns = 10) {
  return (
    `function ${n.arm}(){return U(["with-only","both"]).optional()}` +
    `var Q=p(()=>X("type",[${n.obj}({type:${n.lit}("regex"),name:${n.str}(),pattern:${n.str}(),` +
    `flags:${n.str}().regex(/^[dgimsuvy]*$/,"flags (d g)").default(""),arm:${n.arm}()}).strict()]));` +
    `var C=p(()=>${n.obj}({schema_version:${n.str}(),name:${n.str}().min(1),` +
    `execution:${n.obj}({max_turns:${n.num}().int().positive().max(200).default(${maxTurns})}),` +
    `graders:A(Q()).min(1).superRefine((e,r)=>{let o=new Set;for(let g of e)o.add(g.name)})}));`
  );
}

describe("the suite schema read from a release's text (hand-written stand-in)", () => {
  const one = evalSuiteEntries(schemaText({ str: "ke", num: "Qn", obj: "Jt", lit: "ag", arm: "Ln" }));
  const other = evalSuiteEntries(schemaText({ str: "Fo", num: "v", obj: "c", lit: "L$", arm: "w2" }));

  test("keys, grader keys and chains, with the bundler's names spelt z and helpers inlined", () => {
    expect(one.map((e) => [e.name, e.detail])).toEqual([
      ["case.schema_version", "z()"],
      ["case.name", "z().min(1)"],
      ["case.execution", "z({…})"],
      ["case.execution.max_turns", "z().int().positive().max(200).default(10)"],
      ["case.graders", "z(z()).min(1).superRefine(…)"],
      ["grader.regex", "z({…}).strict()"],
      ["grader.regex.name", "z()"],
      ["grader.regex.pattern", "z()"],
      ["grader.regex.flags", 'z().regex(/^[dgimsuvy]*$/,"flags (d g)").default("")'],
      ["grader.regex.arm", 'z(["with-only","both"]).optional()'],
    ]);
  });

  test("another release's minified names are no difference; a changed default is one", () => {
    const surface = (entries: SurfaceEntry[], version: string) => ({
      harness: "claude-code",
      version,
      presenceOnly: [],
      entries,
    });
    expect(compareSurfaces(surface(one, "a"), surface(other, "b")).changed).toEqual([]);
    const raised = evalSuiteEntries(schemaText({ str: "Fo", num: "v", obj: "c", lit: "L$", arm: "w2" }, 25));
    expect(compareSurfaces(surface(one, "a"), surface(raised, "b")).changed).toEqual([
      {
        kind: "eval-suite",
        name: "case.execution.max_turns",
        from: "z().int().positive().max(200).default(10)",
        to: "z().int().positive().max(200).default(25)",
      },
    ]);
  });

  test("text without the suite schema has no suite entries", () => {
    expect(evalSuiteEntries('var a={schema_version:"1.0"};function f(){return 1}')).toEqual([]);
  });
});

/** The pinned suite with another release's differences. */
const otherSuite: SurfaceChanges["suite"] = (entries) => [
  ...entries
    .filter((e) => e.name !== "case.context.history_file")
    .map((e) => {
      if (e.name === "case.execution.max_turns")
        return { ...e, detail: "z().int().positive().max(500).default(25)" };
      if (e.name === "limit.schema_version_major") return { ...e, detail: "2" };
      return e;
    }),
  { kind: "eval-suite", name: "grader.json_path", detail: "z({…}).strict()" },
  { kind: "eval-suite", name: "grader.json_path.name", detail: "z()" },
  { kind: "eval-suite", name: "grader.json_path.query", detail: "z()" },
];

describe("facts --compare on a release whose suite schema differs (stand-in binaries)", () => {
  const release = (version: string, changes: SurfaceChanges): ResolvedHarness => ({
    adapterId: "claude-code",
    path: standInClaudeBinary(dir, `claude-${version}`, pinned, changes),
    version,
    source: "option",
  });

  test("each difference is listed with what depends on it, and breaks a drift job", async () => {
    const report = await compareReleases("claude-code", "pinned", release("2.1.340", { suite: otherSuite }));
    const keyed = (list: readonly { kind: string; name: string }[]) => list.map((e) => `${e.kind}:${e.name}`);
    expect(keyed(report.added)).toEqual([
      "eval-suite:grader.json_path",
      "eval-suite:grader.json_path.name",
      "eval-suite:grader.json_path.query",
    ]);
    expect(keyed(report.removed)).toEqual(["eval-suite:case.context.history_file"]);
    expect(report.changed).toEqual([
      {
        kind: "eval-suite",
        name: "case.execution.max_turns",
        from: "z().int().positive().max(200).default(10)",
        to: "z().int().positive().max(500).default(25)",
      },
      { kind: "eval-suite", name: "limit.schema_version_major", from: "1", to: "2" },
    ]);
    expect(report.dependents["eval-suite:case.execution.max_turns"]).toEqual([
      "the plugin eval suite reader (`vigiles eval <plugin dir>`, `runPluginSuite`)",
      "audit rule `plugin-eval-case-refused`",
      "audit rule `plugin-eval-unknown-case-key`",
    ]);
    expect(surfaceBreaks(report)).toBe(true);
    const text = formatSurfaceDiff(report);
    expect(text).toMatch(/surface 2\.1\.328 → 2\.1\.340: 3 added, 1 removed, 2 changed/);
    expect(text).toContain(
      "~ eval-suite case.execution.max_turns: z().int().positive().max(200).default(10) → z().int().positive().max(500).default(25)",
    );
    expect(text).toContain("+ eval-suite grader.json_path (z({…}).strict())");
  });

  test(
    "vigiles facts --compare pinned installed exits 1 and prints the differences",
    { timeout: 120_000 },
    () => {
      const bin = standInClaudeCli(dir, "2.1.341", pinned, { suite: otherSuite });
      writeFileSync(join(dir, "package.json"), "{}");
      const main = join(process.cwd(), "src", "cli", "main.ts");
      const ran = spawnSync(
        process.execPath,
        [
          "--import",
          import.meta.resolve("tsx"),
          main,
          "facts",
          "--compare",
          "pinned",
          "installed",
          "--format",
          "json",
        ],
        {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, VIGILES_CLAUDE_BIN: bin, VIGILES_CACHE_DIR: join(dir, "cache") },
        },
      );
      expect(ran.stderr).toBe("");
      expect(ran.status).toBe(1);
      const out = JSON.parse(ran.stdout) as { compare: { changed: { name: string; to: string }[] } };
      expect(out.compare.changed.map((c) => [c.name, c.to])).toEqual([
        ["case.execution.max_turns", "z().int().positive().max(500).default(25)"],
        ["limit.schema_version_major", "2"],
      ]);
    },
  );
});
