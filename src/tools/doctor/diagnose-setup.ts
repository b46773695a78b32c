/**
 * What `vigiles doctor` checks: the harness CLIs against the versions this release was validated
 * with, whether bubblewrap confinement really works here (a confined run, not a `which`), and
 * whether the paid tier has credentials. It never calls a model: credentials are looked for, not used.
 */
import { accessSync, constants } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import type { HarnessAdapter } from "../../adapters/port.js";
import type { HarnessEntry } from "../../adapters/harness-entry.js";
import { DEFAULT_HARNESS, HARNESSES } from "../../adapters/registry.js";
import { bwrapSelfTest } from "../../runtime/confine.js";
import { releaseSupport } from "../../adapters/shared/package-pin.js";
import { readFactsReport } from "../facts/run-facts.js";
import { INSTALL_PROGRAMS, USER_NAMESPACES_FIX, bubblewrapInstallLine } from "./install-lines.js";

export type DoctorLevel = "ok" | "warn" | "error" | "info";

export interface DoctorLine {
  readonly level: DoctorLevel;
  readonly subject: string;
  readonly message: string;
  /** What to do about it, when something is missing or off. */
  readonly fix?: string;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** A harness's warning about the repository's hooks (Copilot CLI: an untrusted folder skips them silently). */
function gateLines(entry: HarnessEntry, cwd: string, env: NodeJS.ProcessEnv): DoctorLine[] {
  const warning = entry.registrationGate?.(cwd, env).warning;
  return warning === undefined
    ? []
    : [
        {
          level: "warn",
          subject: entry.displayName,
          message: warning.message,
          ...(warning.fix !== undefined ? { fix: warning.fix } : {}),
        },
      ];
}

async function harnessLine(entry: HarnessEntry, required: boolean): Promise<DoctorLine> {
  const adapter = await entry.loadAdapter();
  const pinned = entry.package;
  const recheck = entry.driftRecheck;
  const install = `npm install -D -E ${pinned.name}@${pinned.version}`;
  try {
    const found = await adapter.resolve();
    const order = compareVersions(found.version, pinned.version);
    if (order === 0) {
      return {
        level: "ok",
        subject: adapter.displayName,
        message: `${found.version} at ${found.path} (validated)`,
      };
    }
    const facts = factsRechecked(adapter, found.version);
    const outside =
      releaseSupport(pinned, found.version) === "unsupported"
        ? `, outside the supported range ${pinned.supported}`
        : "";
    return {
      level: facts.broken ? "error" : "warn",
      subject: adapter.displayName,
      message: `${found.version} at ${found.path}, ${order > 0 ? "newer" : "older"} than the validated ${pinned.version}${outside}; ${facts.text}`,
      fix: facts.broken
        ? `see why with \`vigiles facts --harness ${adapter.id}\`, or install the validated release: ${install}`
        : order > 0
          ? recheck
          : install,
    };
  } catch {
    return {
      level: required ? "error" : "warn",
      subject: adapter.displayName,
      message: "not found (node_modules, its env variable, PATH)",
      fix: install,
    };
  }
}

/**
 * Which pinned facts were re-checked for an unvalidated version (`vigiles facts` keeps its reports).
 * `broken` when not one fact held: every run changed or could not start (Copilot 1.0.92 rejected a
 * flag vigiles passes, so all 10 probes exited 1), and that release is not ready, whatever else is.
 */
function factsRechecked(adapter: HarnessAdapter, version: string): { text: string; broken: boolean } {
  const report = readFactsReport(adapter.id, version);
  if (!report)
    return {
      text: `no pinned fact was re-checked for ${version}: run \`vigiles facts --harness ${adapter.id}\``,
      broken: false,
    };
  const changed = report.results.filter((r) => r.status !== "holds").map((r) => r.id);
  const when = report.ranAt.slice(0, 10);
  if (changed.length === 0)
    return {
      text: `all ${report.results.length} pinned facts re-checked on ${when} and hold`,
      broken: false,
    };
  const broken = changed.length === report.results.length;
  return {
    text:
      `pinned facts re-checked on ${when}: ${changed.length} of ${report.results.length} changed or could not run (${changed.join(", ")})` +
      (broken ? `; not one holds, so vigiles cannot run ${adapter.displayName} ${version} as validated` : ""),
    broken,
  };
}

/** Whether a program is on PATH (an executable file in one of its folders); nothing is run. */
function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env["PATH"] ?? "").split(delimiter).some((dir) => {
    if (dir === "") return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function confinementLine(env: NodeJS.ProcessEnv): DoctorLine {
  const test = bwrapSelfTest();
  if (test.ok)
    return {
      level: "ok",
      subject: "confinement",
      message: "bubblewrap ran a confined shell here: harness runs are confined by default",
    };
  const installed = onPath("bwrap", env);
  const install = bubblewrapInstallLine({
    platform: process.platform,
    root: process.getuid?.() === 0,
    onPath: new Set(INSTALL_PROGRAMS.filter((p) => onPath(p, env))),
  });
  return {
    level: "error",
    subject: "confinement",
    message:
      `${installed ? "bubblewrap is installed but cannot confine runs here" : "bubblewrap (bwrap) is not installed"}: ${test.detail}; every harness run (confined by default), ` +
      "runScript/runHook with confine and explain --run will refuse to start (sandbox: false runs on the host, as you)",
    fix: installed ? USER_NAMESPACES_FIX : install,
  };
}

/** Each paid tier's credentials, as its harness finds them: looked for, never used. */
function credentialLines(env: NodeJS.ProcessEnv, home: string): DoctorLine[] {
  const note = "not contacted: doctor never calls a model";
  return HARNESSES.flatMap((h): DoctorLine[] => {
    const paid = h.paidCredentials;
    if (paid === undefined) return [];
    const found = paid.find(env, home);
    if (found !== undefined) return [{ level: "ok", subject: paid.subject, message: `${found}; ${note}` }];
    return [
      {
        level: "info",
        subject: paid.subject,
        message: paid.missing,
        ...(paid.fix !== undefined ? { fix: paid.fix } : {}),
      },
    ];
  });
}

export async function diagnoseSetup(
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): Promise<DoctorLine[]> {
  const node = Number(process.versions.node.split(".")[0]);
  return [
    node >= 20
      ? { level: "ok", subject: "node", message: process.versions.node }
      : {
          level: "error",
          subject: "node",
          message: `${process.versions.node} is too old`,
          fix: "use Node.js 20 or newer",
        },
    ...(
      await Promise.all(
        HARNESSES.map(async (entry) => [
          await harnessLine(entry, entry === DEFAULT_HARNESS),
          ...gateLines(entry, process.cwd(), { ...env, HOME: home }),
        ]),
      )
    ).flat(),
    confinementLine(process.env),
    ...credentialLines(env, home),
  ];
}
