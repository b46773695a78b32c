/** `vigiles explain`: which hooks would fire for an event, in order, and why; with --run, what each decides. */
import { InputFileError, readInputJson } from "../../runtime/read-input.js";
import { defineCommand, type CliCommand } from "../command.js";
import { hookSources } from "../../tools/explain/hook-sources.js";
import { explainEvent, type ExplainedHandler } from "../../tools/explain/explain-event.js";
import {
  explainRegistrations,
  type RegistrationExplainedHandler,
} from "../../tools/explain/explain-registrations.js";
import { describeCodeExplanation, explainCodeHooks } from "../../tools/explain/explain-code-hooks.js";
import { detectHarness, dialectOf, harnessEntry, HARNESSES, HARNESS_IDS } from "../../adapters/registry.js";
import { bindReleasesFor } from "../release-binding.js";
import type { HarnessEntry } from "../../adapters/port.js";
import { InvalidOptionError } from "../../core/errors.js";
import { resolve } from "node:path";
import { dialectEventNames, nativeEventName } from "../../core/dialect.js";
import { closestName } from "../../core/did-you-mean.js";

const HELP = `Usage: vigiles explain [event.json] [options]

Lists every hook registered in managed settings, user settings, project settings, local settings
and plugins for the event, in the order the harness reads them, with why each fires or not (event,
matcher, if:, a disableAllHooks or allowManagedHooksOnly key) and its file:line. Nothing runs
unless --run.

  --tool <name>          a tool event (default event PreToolUse), e.g. --tool Bash
  --command <text>       the Bash command of the tool call
  --file-path <path>     the file_path of an Edit/Write/Read call
  --event <name>         the event (PreToolUse, UserPromptSubmit, Stop …)
  --prompt <text>        the prompt of a UserPromptSubmit event
  --plugin-dir <dir>     a plugin to include (repeatable), besides those found here
  --managed-dir <dir>    the managed-settings folder (default: $VIGILES_MANAGED_SETTINGS_DIR,
                         else /etc/claude-code on Linux): managed-settings.json and
                         managed-settings.d/*.json
  --run                  run each selected command hook (or plugin hook, where the harness's
                         hooks are plugins) and show its decision, confined with bubblewrap: the
                         repository and plugins read-only, your HOME masked, no network, no host
                         socket
  --no-sandbox           with --run: run the hooks on the host instead, as you (they can read
                         your HOME and write anywhere you can); only for hooks you trust
  --harness <id>         ${HARNESS_IDS.join(", ")} (or an alias): whose hook files,
                         event names, matchers and verdict rules to use (default: detected from
                         the repository, as \`vigiles test\` does), in that harness's own event
                         and tool names (Claude Code's are accepted too):
${HARNESSES.map((h) => `                           ${h.id}: ${h.codeHooks?.files ?? h.hookFileAudit.files}`).join("\n")}
  --harness-version <v>  use the rules of this release of it (a version, from the harness cache)
                         instead of the installed release's
  --format <text|json>
`;

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
  const dialect = dialectOf(harness.id);
  const known = dialectEventNames(dialect);
  if (known.includes(event) || nativeEventName(dialect, event) !== undefined) return;
  const guess = closestName(event, known);
  throw new InvalidOptionError(
    `${what} "${event}" is not a ${dialect.displayName} hook event.` +
      (guess !== undefined ? ` Did you mean "${guess}"?` : ` Its events: ${known.join(", ")}.`),
  );
}

function describeRegistration(h: RegistrationExplainedHandler): string {
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
  if (h.decision) lines.push(decisionLine(h.decision));
  return lines.join("\n");
}

/** The `--run` line of one handler: what it decided, how, and why. */
function decisionLine(d: NonNullable<ExplainedHandler["decision"]>): string {
  return (
    `              → ${d.decision}${d.blocked ? " (blocks)" : ""} by ${d.decidedBy}` +
    (d.reason ? `: ${d.reason}` : d.invalidReason ? `: ${d.invalidReason}` : "")
  );
}

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
  for (const h of explanation.handlers) process.stdout.write(`${describeRegistration(h)}\n`);
  if (explanation.outcome) {
    const o = explanation.outcome;
    process.stdout.write(`outcome: ${o.decision}${o.blocked ? " (the action is blocked)" : ""}\n`);
  }
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

function describeHandler(h: ExplainedHandler): string {
  const where = `${h.file}${h.line !== undefined ? `:${h.line}:${h.column}` : ""}`;
  const what = h.handler.command ?? h.handler.type;
  const lines = [
    `  ${h.selected ? "✓ fires  " : "✗ skipped"} ${where}  ${h.at}  ${what}`,
    `              ${h.reason}`,
  ];
  if (h.missingScript !== undefined)
    lines.push(`              ⚠ script not found: ${h.missingScript} (the hook fails at every fire)`);
  if (h.decision) lines.push(decisionLine(h.decision));
  return lines.join("\n");
}

export const explainCommand: CliCommand = defineCommand({
  name: "explain",
  summary: "show which hooks would fire for an event and why, with file and line",
  help: HELP,
  options: {
    tool: { type: "string" },
    command: { type: "string" },
    "file-path": { type: "string" },
    event: { type: "string" },
    prompt: { type: "string" },
    "plugin-dir": { type: "string", multiple: true },
    "managed-dir": { type: "string" },
    run: { type: "boolean", default: false },
    "no-sandbox": { type: "boolean", default: false },
    format: { type: "string", default: "text" },
    harness: { type: "string" },
    "harness-version": { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    let payload: Record<string, unknown>;
    if (positionals[0] !== undefined) {
      const event = readInputJson(positionals[0], "the event file");
      if (typeof event !== "object" || event === null || Array.isArray(event))
        throw new InputFileError(
          positionals[0],
          `the event file "${positionals[0]}" is not a JSON object: write the hook event as one object, e.g. {"tool_name":"Bash","tool_input":{"command":"ls"}}.`,
        );
      payload = event as Record<string, unknown>;
    } else if (values.tool !== undefined) {
      const input: Record<string, unknown> = {};
      if (values.command !== undefined) input["command"] = values.command;
      if (values["file-path"] !== undefined) input["file_path"] = values["file-path"];
      payload = { hook_event_name: values.event ?? "PreToolUse", tool_name: values.tool, tool_input: input };
    } else if (values.event !== undefined) {
      payload = {
        hook_event_name: values.event,
        ...(values.prompt !== undefined ? { prompt: values.prompt } : {}),
      };
    } else {
      process.stderr.write(
        "vigiles explain: give an event file, --tool (with --command or --file-path), or --event.\n",
      );
      return 2;
    }
    if (typeof payload["hook_event_name"] !== "string") {
      payload["hook_event_name"] = typeof payload["tool_name"] === "string" ? "PreToolUse" : "";
    }
    const cwd = process.cwd();
    const harness = harnessOf(values.harness, cwd);
    await bindReleasesFor("explain", cwd, values["harness-version"], harness);
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
    for (const h of explanation.handlers) process.stdout.write(`${describeHandler(h)}\n`);
    if (explanation.outcome) {
      const o = explanation.outcome;
      process.stdout.write(`outcome: ${o.decision}${o.blocked ? " (the action is blocked)" : ""}\n`);
    }
    return 0;
  },
});
