/**
 * The free prediction of a run, through the public surface only: `runHookAsync({ registration },
 * event, { harness })` per case (the case's registration as its config file holds it; whether the
 * hook's mark reached fired.log, its folded decision, its context), and the built `vigiles explain
 * --harness <id> --format json` once per event of the run (which hooks it says fire; with `--run`
 * for a decision case, what it decides). runHookAsync, not runHook: the real runs' mock model
 * lives in this process, and a blocking call would stall it.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { eventRules, runHookAsync, type HookHarness, type HookRunResult } from "../../src/entries/index.js";
import type { ConformanceCase } from "./corpus.js";
import { formOf, type HarnessForm } from "./harness-forms.js";
import { HARNESSES } from "../../src/adapters/registry.js";
import { firedTags, markerOf, type Observation } from "./observation.js";
import { registrationOf, type ConformanceRun } from "./plan.js";

const execFileAsync = promisify(execFile);

/** The built CLI `vigiles explain` runs from (npm run build). */
export const CLI_PATH = resolve("dist/cli/main.js");

/** Variables a hook may read that must come from the harness (or runHook), never from this process. */
const HARNESS_VARS = [
  ...new Set(
    HARNESSES.flatMap((h) => [
      ...Object.keys(h.dialect.hookEnv("/project")),
      ...h.dialect.unsetVariables,
      ...h.dialect.pluginRootPlaceholders.map((p) => p.replace(/^\$\{?|\}$/g, "")),
    ]),
  ),
];

export interface Prediction {
  readonly runHook: Observation;
  readonly explain: Observation;
}

/** The hook input of a case's event, in the harness's names (runHook and explain both take it). */
export function eventPayload(form: HarnessForm, c: ConformanceCase): Record<string, unknown> {
  switch (c.role) {
    case "preTool":
    case "postTool":
      return { hook_event_name: c.event, tool_name: form.tools[c.tool], tool_input: form.toolInput(c.tool) };
    case "sessionStart":
      return { hook_event_name: c.event, source: "startup" };
    case "prompt":
      return { hook_event_name: c.event, prompt: "run it" };
    case "stop":
      return { hook_event_name: c.event };
    default: {
      const never: never = c.role;
      return never;
    }
  }
}

function write(root: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** Context as the prediction sees it: `additionalContext`, or plain stdout where the event takes it. */
function contextOf(
  d: Pick<HookRunResult, "additionalContext" | "plainText" | "event">,
  harness: HookHarness,
  marker: string,
): boolean {
  if (d.additionalContext?.includes(marker)) return true;
  return d.plainText?.includes(marker) === true && eventRules(d.event, harness)?.plainTextIsContext === true;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";

async function predictRunHook(form: HarnessForm, c: ConformanceCase, project: string): Promise<Observation> {
  const log = join(project, "fired.log");
  rmSync(log, { force: true });
  try {
    const r = await runHookAsync(
      { registration: form.configObject([registrationOf(c)]) },
      eventPayload(form, c),
      { harness: form.id, cwd: project, timeoutMs: 20_000 },
    );
    const fired = firedTags(existsSync(log) ? readFileSync(log, "utf8") : "").has(c.tag);
    if (c.kind === "fires") return { fired };
    return {
      fired,
      blocked: r.blocked,
      decision: r.decision,
      context: contextOf(r, form.id, markerOf(c.tag)),
    };
  } catch (e) {
    return { error: `runHook threw: ${message(e)}` };
  }
}

interface ExplainedHandlerJson {
  readonly command?: string;
  readonly handler?: { readonly command?: string };
  readonly selected: boolean;
  readonly missingScript?: string;
  readonly decision?: { readonly decision: string; readonly blocked: boolean };
}

interface ExplanationJson {
  readonly handlers: readonly ExplainedHandlerJson[];
  readonly outcome?: HookRunResult;
}

async function explain(
  form: HarnessForm,
  payload: Record<string, unknown>,
  dirs: { project: string; scratch: string },
  run: boolean,
): Promise<ExplanationJson> {
  const eventFile = join(dirs.scratch, `event-${String(payload["hook_event_name"])}.json`);
  writeFileSync(eventFile, JSON.stringify(payload));
  const home = join(dirs.scratch, "home");
  const managed = join(dirs.scratch, "managed");
  mkdirSync(managed, { recursive: true });
  // The real run's folder is trusted (the adapter does it; Copilot skips untrusted repository hooks
  // silently): trust the prediction's project the same way, in a HOME of its own.
  mkdirSync(join(home, ".copilot"), { recursive: true });
  writeFileSync(join(home, ".copilot", "config.json"), JSON.stringify({ trusted_folders: [dirs.project] }));
  const env: Record<string, string | undefined> = { ...process.env, HOME: home };
  for (const v of [...HARNESS_VARS, "COPILOT_HOME"]) delete env[v];
  const args = [
    CLI_PATH,
    "explain",
    eventFile,
    "--harness",
    form.explainId,
    "--format",
    "json",
    ...(form.layeredSettings ? ["--managed-dir", managed] : []),
    ...(run ? ["--run"] : []),
  ];
  const { stdout } = await execFileAsync(process.execPath, args, {
    cwd: dirs.project,
    env,
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ExplanationJson;
}

const hasTag = (command: string | undefined, tag: string) =>
  command !== undefined && new RegExp(`\\b${tag}\\b`).test(command);

function explainObservation(c: ConformanceCase, e: ExplanationJson, harness: HookHarness): Observation {
  const handler = e.handlers.find((h) => hasTag(h.command ?? h.handler?.command, c.tag));
  const fired = handler !== undefined && handler.selected && handler.missingScript === undefined;
  if (c.kind === "fires") return { fired };
  if (handler?.decision === undefined || e.outcome === undefined) return { fired };
  return {
    fired,
    blocked: e.outcome.blocked,
    decision: handler.decision.decision,
    context: contextOf(e.outcome, harness, markerOf(c.tag)),
  };
}

/** Predicts every case of `run` in a scratch project of its own under `scratchRoot`. */
export async function predictRun(run: ConformanceRun, scratchRoot: string): Promise<Map<string, Prediction>> {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before the conformance corpus`);
  const form = formOf(run.harness);
  const scratch = join(scratchRoot, run.key.replace(/[^A-Za-z0-9_-]+/g, "_"));
  const project = join(scratch, "project");
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  write(project, run.files);
  const out = new Map<string, Prediction>();
  try {
    // One explain per event of the run (explain reads the whole project's config, as the harness does).
    const explained = new Map<string, ExplanationJson | Error>();
    for (const c of run.cases) {
      const payload = eventPayload(form, c);
      const key = JSON.stringify(payload);
      if (explained.has(key)) continue;
      try {
        explained.set(key, await explain(form, payload, { project, scratch }, run.kind === "decision"));
      } catch (e) {
        explained.set(key, e instanceof Error ? e : new Error(String(e)));
      }
    }
    for (const c of run.cases) {
      const runHook = await predictRunHook(form, c, project);
      const e = explained.get(JSON.stringify(eventPayload(form, c)));
      const explainObs: Observation =
        e === undefined || e instanceof Error
          ? { error: `explain failed: ${message(e)}` }
          : explainObservation(c, e, form.id);
      out.set(c.id, { runHook, explain: explainObs });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}
