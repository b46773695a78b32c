/**
 * The registry of `vigiles` subcommands: a name, the summary `vigiles --help` lists, and a loader.
 * Each command module is imported only when that command runs, so `vigiles --help` does not load
 * esbuild, the eval engine or the mock model (it took about 0.8 s when every module loaded eagerly).
 * A test checks that each summary here is the one its module declares.
 */
import type { CliCommand } from "./command.js";

export type { CliCommand } from "./command.js";

/** A registered command, before its module is loaded. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<CliCommand>;
}

export const commands: readonly CommandEntry[] = [
  {
    name: "test",
    summary: "run harness test files (*.harness.*) with a summary and a CI exit code",
    load: async () => (await import("./commands/test.js")).testCommand,
  },
  {
    name: "doctor",
    summary: "check the harness CLIs, confinement and paid-tier credentials, with a fix for each gap",
    load: async () => (await import("./commands/doctor.js")).doctorCommand,
  },
  {
    name: "init",
    summary: "write starter tests for this repository's hooks and skills",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  {
    name: "explain",
    summary: "show which hooks would fire for an event and why, with file and line",
    load: async () => (await import("./commands/explain.js")).explainCommand,
  },
  {
    name: "record",
    summary: "turn a real session into a free harness test, or capture hook payloads (--hooks)",
    load: async () => (await import("./commands/record.js")).recordCommand,
  },
  {
    name: "audit",
    summary: "find harness mistakes that fail silently (static lint; --run, --coverage, --fix)",
    load: async () => (await import("./commands/audit.js")).auditCommand,
  },
  {
    name: "lint",
    summary: "check instruction files (CLAUDE.md / AGENTS.md) against their specs: references, hand edits",
    load: async () => (await import("./commands/lint.js")).lintCommand,
  },
  {
    name: "compile",
    summary: "compile hook programs into harness registrations and instruction specs into instruction files",
    load: async () => (await import("./commands/compile.js")).compileCommand,
  },
  {
    name: "report",
    summary: "render an eval report (and its diff against a baseline) as one self-contained HTML file",
    load: async () => (await import("./commands/report.js")).reportCommand,
  },
  {
    name: "eval",
    summary: "run *.eval.mjs / *.eval.ts files against a model (paid); --check/--update the eval lock",
    load: async () => (await import("./commands/eval.js")).evalCommand,
  },
  {
    name: "merge-reports",
    summary: "merge the shard reports of one eval (vigiles eval --shard i/n) into one",
    load: async () => (await import("./commands/merge-reports.js")).mergeReportsCommand,
  },
  {
    name: "mutate",
    summary: "break the harness one way at a time and report what the tests did not notice",
    load: async () => (await import("./commands/mutate.js")).mutateCommand,
  },
  {
    name: "facts",
    summary: "re-run the probes behind the pinned harness facts against a CLI release (drift)",
    load: async () => (await import("./commands/facts.js")).factsCommand,
  },
  {
    name: "fetch-harness",
    summary: "fetch other releases of a harness CLI into the shared cache (for drift checks)",
    load: async () => (await import("./commands/fetch-harness.js")).fetchHarnessCommand,
  },
  {
    name: "cache",
    summary: "list or prune the harness release cache (sizes, last used)",
    load: async () => (await import("./commands/cache.js")).cacheCommand,
  },
  // --- one entry per command module ---
];
