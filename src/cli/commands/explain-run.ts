/** What `vigiles explain` does once its arguments are parsed (./explain.ts declares the command). */
import { InputFileError, readInputJson } from "../../runtime/read-input.js";
import type { ExplainCommandArgs } from "./explain-options.js";
import { hookSources } from "../../tools/explain/hook-sources.js";
import { explainEvent, type ExplainedHandler } from "../../tools/explain/explain-event.js";
import {
  explainRegistrations,
  type RegistrationExplainedHandler,
} from "../../tools/explain/explain-registrations.js";
import { detectHarness, dialectOf, harnessEntry } from "../../adapters/registry.js";
import { describeCodeExplanation, explainCodeHooks } from "../../tools/explain/explain-code-hooks.js";
import { bindReleasesFor } from "../release-binding.js";
import type { HarnessEntry } from "../../adapters/harness-entry.js";
import { InvalidOptionError } from "../../core/errors.js";
import { resolve } from "node:path";
import { dialectEventNames, dialectEventRules, nativeEventName } from "../../core/dialect.js";
import { decisionText, effectLines, outcomeLines, type HookEffects } from "../../tools/explain/effects.js";
import { payloadFromFlags, withSubjectDefault } from "../../tools/explain/event-payload.js";
import { registeredHookLines } from "../../tools/explain/list-hooks.js";
import { closestName } from "../../core/did-you-mean.js";

function harnessOf(value: string | undefined, cwd: string): HarnessEntry {
  if (value === undefined) return detectHarness(cwd).harness;
  return harnessEntry(value, "--harness");
}

/**
 * An event the harness does not fire matches no registration, so "no hook is registered" would hide
 * every hook behind a typo: an unknown name is bad input, with the closest event of that harness.
 */
/** An event the harness does not have (nor has under Claude Code's name) is refused: a typo would hide every hook. */
function checkEventName(event: unknown, harness: HarnessEntry, what: string): void {
  if (typeof event !== "string" || event === "") return;
  // The dialect of the release bound for this run (--harness-version, or the installed one).
  const dialect = dialectOf(harness.id);
  const known = dialectEventNames(dialect);
  if (known.includes(event) || nativeEventName(dialect, event) !== undefined) return;
  const guess = closestName(event, known);
  throw new InvalidOptionError(
    `${what} "${event}" is not a ${dialect.displayName} hook event.` +
      (guess !== undefined ? ` Did you mean "${guess}"?` : ` Its events: ${known.join(", ")}.`),
  );
}

function describeRegistration(h: RegistrationExplainedHandler, plainTextIsContext: boolean): string {
  const where = `${h.file}${h.line !== undefined ? `:${h.line}:${h.column}` : ""}`;
  const timeout =
    h.timeout !== undefined
      ? `  (${h.timeout.field} ${h.timeout.raw}${h.timeout.unit === "ms" ? " ms" : " s"})`
      : "";
  const lines = [
    `  ${h.selected ? "✓ fires  " : "✗ skipped"} ${where}  ${h.at}  ${h.command}${timeout}`,
    `              ${h.reason}`,
    `              ${h.meaning}`,
  ];
  if (h.missingScript !== undefined)
    lines.push(`              ⚠ script not found: ${h.missingScript} (the hook fails at every fire)`);
  if (h.decision) lines.push(decisionLine(h.decision, plainTextIsContext));
  return lines.join("\n");
}

/** The `--run` lines of one handler: what it decided, how and why, then every other effect. */
function decisionLine(d: HookEffects, plainTextIsContext: boolean): string {
  return [`→ ${decisionText(d)}`, ...effectLines(d, plainTextIsContext).map((l) => `  ${l}`)]
    .map((l) => `              ${l}`)
    .join("\n");
}

/** Whether plain stdout reaches the model on the event (Claude Code's SessionStart, UserPromptSubmit). */
const plainIsContext = (harness: HarnessEntry, event: string) =>
  dialectEventRules(dialectOf(harness.id), event)?.plainTextIsContext === true;

/** explain for a harness read through its registrations (and the plugins given with --plugin-dir). */
function explainOther(
  harness: HarnessEntry,
  payload: Record<string, unknown>,
  cwd: string,
  values: { run: boolean; "no-sandbox": boolean; format: string; "plugin-dir"?: string[] | undefined },
): number {
  const own = harness.readRegistrations(cwd);
  const plugins = (values["plugin-dir"] ?? []).map((dir) => {
    if (harness.readPluginRegistrations === undefined)
      throw new InvalidOptionError(`--plugin-dir: ${harness.displayName} loads no plugins.`);
    return harness.readPluginRegistrations(resolve(cwd, dir), cwd);
  });
  const reading = {
    registrations: [...own.registrations, ...plugins.flatMap((p) => p.registrations)],
    unreadable: [...own.unreadable, ...plugins.flatMap((p) => p.unreadable)],
  };
  for (const problem of reading.unreadable)
    process.stderr.write(`vigiles explain: could not read ${problem}\n`);
  const gate = harness.registrationGate?.(cwd, process.env);
  const untrusted = gate?.warning;
  const explanation = explainRegistrations(harness.id, payload, reading.registrations, {
    cwd,
    run: values.run,
    sandbox: !values["no-sandbox"],
    switchedOff: (r) => gate?.skip(r),
  });
  if (values.format === "json") {
    const extra = { unreadable: reading.unreadable, ...(untrusted !== undefined ? { untrusted } : {}) };
    process.stdout.write(`${JSON.stringify({ ...explanation, ...extra }, null, 2)}\n`);
    return 0;
  }
  const subject = payload["tool_name"] !== undefined ? ` for ${String(payload["tool_name"])}` : "";
  const files = new Set(reading.registrations.map((r) => r.file)).size;
  process.stdout.write(
    `${explanation.event}${subject} (${harness.displayName}): ${reading.registrations.length} command hook(s) in ${files} file(s) read\n`,
  );
  if (untrusted !== undefined)
    process.stdout.write(`  ⚠ ${untrusted.message}\n    fix: ${untrusted.fix ?? ""}\n`);
  if (explanation.handlers.length === 0) process.stdout.write("  no hook is registered for this event\n");
  const plain = plainIsContext(harness, explanation.event);
  for (const h of explanation.handlers) process.stdout.write(`${describeRegistration(h, plain)}\n`);
  if (explanation.outcome) process.stdout.write(`${outcomeLines(explanation.outcome, plain).join("\n")}\n`);
  return 0;
}

/** explain for a harness whose hooks are code (plugins it loads in its own process). */
function explainCode(
  harness: HarnessEntry,
  payload: Record<string, unknown>,
  cwd: string,
  values: { run: boolean; "no-sandbox": boolean; format: string; "plugin-dir"?: string[] | undefined },
): number {
  if (values["plugin-dir"] !== undefined)
    throw new InvalidOptionError(`--plugin-dir: ${harness.displayName} reads its plugins from the project.`);
  const explanation = explainCodeHooks(harness, payload, {
    cwd,
    run: values.run,
    sandbox: !values["no-sandbox"],
  });
  const subject = payload["tool_name"] !== undefined ? ` for ${String(payload["tool_name"])}` : "";
  process.stdout.write(
    values.format === "json"
      ? `${JSON.stringify(explanation, null, 2)}\n`
      : describeCodeExplanation(harness, explanation, subject),
  );
  return 0;
}

function describeHandler(h: ExplainedHandler, plainTextIsContext: boolean): string {
  const where = `${h.file}${h.line !== undefined ? `:${h.line}:${h.column}` : ""}`;
  const what = h.handler.command ?? h.handler.type;
  const lines = [
    `  ${h.selected ? "✓ fires  " : "✗ skipped"} ${where}  ${h.at}  ${what}`,
    `              ${h.reason}`,
  ];
  if (h.missingScript !== undefined)
    lines.push(`              ⚠ script not found: ${h.missingScript} (the hook fails at every fire)`);
  if (h.decision) lines.push(decisionLine(h.decision, plainTextIsContext));
  return lines.join("\n");
}

/** Explains the event the arguments describe (or lists the hooks); resolves to the exit code. */
export async function runExplain({ values, positionals }: ExplainCommandArgs): Promise<number> {
  const cwd = process.cwd();
  const harness = harnessOf(values.harness, cwd);
  await bindReleasesFor("explain", cwd, values["harness-version"], harness);
  let payload: Record<string, unknown>;
  const fromFlags = payloadFromFlags({
    event: values.event,
    tool: values.tool,
    command: values.command,
    filePath: values["file-path"],
    prompt: values.prompt,
    source: values.source,
    trigger: values.trigger,
    notificationType: values["notification-type"],
  });
  if (positionals[0] !== undefined) {
    const event = readInputJson(positionals[0], "the event file");
    if (typeof event !== "object" || event === null || Array.isArray(event))
      throw new InputFileError(
        positionals[0],
        `the event file "${positionals[0]}" is not a JSON object: write the hook event as one object, e.g. {"tool_name":"Bash","tool_input":{"command":"ls"}}.`,
      );
    payload = event as Record<string, unknown>;
  } else if (fromFlags !== undefined) {
    payload = fromFlags;
  } else {
    const sources =
      harness.explainSource === "layered-settings"
        ? hookSources(cwd, {
            pluginDirs: values["plugin-dir"] ?? [],
            ...(values["managed-dir"] !== undefined ? { managedDir: values["managed-dir"] } : {}),
          })
        : undefined;
    process.stdout.write(`${registeredHookLines(harness, cwd, sources).join("\n")}\n`);
    return 0;
  }
  if (typeof payload["hook_event_name"] !== "string") {
    payload["hook_event_name"] = typeof payload["tool_name"] === "string" ? "PreToolUse" : "";
  }
  payload = withSubjectDefault(payload, dialectOf(harness.id));
  checkEventName(
    payload["hook_event_name"],
    harness,
    positionals[0] !== undefined ? `the event file's hook_event_name` : "--event",
  );
  if (harness.codeHooks !== undefined || harness.explainSource === "registrations") {
    if (values["managed-dir"] !== undefined)
      throw new InvalidOptionError(
        `--managed-dir reads layered settings; ${harness.displayName} hooks are read from the repository and --plugin-dir.`,
      );
    return harness.codeHooks !== undefined
      ? explainCode(harness, payload, cwd, values)
      : explainOther(harness, payload, cwd, values);
  }
  const sources = hookSources(cwd, {
    pluginDirs: values["plugin-dir"] ?? [],
    ...(values["managed-dir"] !== undefined ? { managedDir: values["managed-dir"] } : {}),
  });
  const explanation = explainEvent(payload, sources, {
    cwd,
    run: values.run,
    sandbox: !values["no-sandbox"],
  });
  if (values.format === "json") {
    process.stdout.write(`${JSON.stringify(explanation, null, 2)}\n`);
    return 0;
  }
  const subject = payload["tool_name"] !== undefined ? ` for ${String(payload["tool_name"])}` : "";
  process.stdout.write(`${explanation.event}${subject}: ${sources.length} hook source(s) read\n`);
  const r = explanation.restriction;
  if (r) process.stdout.write(`  ${r.key} in ${r.file} (${r.source}) turns off ${r.scope}\n`);
  if (explanation.handlers.length === 0) process.stdout.write("  no hook is registered for this event\n");
  const plain = plainIsContext(harness, explanation.event);
  for (const h of explanation.handlers) process.stdout.write(`${describeHandler(h, plain)}\n`);
  if (explanation.outcome) process.stdout.write(`${outcomeLines(explanation.outcome, plain).join("\n")}\n`);
  return 0;
}
