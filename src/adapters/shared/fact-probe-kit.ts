/**
 * What every harness's fact probes share: the scripted turn that makes one shell call writing
 * `RAN`, the check that it ran, and a probe session whose hook sits in the harness's own settings
 * file (Gemini CLI's `.gemini/settings.json`, Qwen Code's `.qwen/settings.json`).
 */
import type { FactProbeRun, FactProbeSession } from "../port.js";

/** The file the scripted shell call writes: present after the run exactly when the call ran. */
export const RAN = "RAN";

/** Whether the probe's scripted shell call ran. */
export const ran = (run: FactProbeRun): boolean => run.file(RAN) !== null;

/** The probe's script: one shell call that writes {@link RAN}, then a closing text. */
export const bashThenDone = [
  { tool: "Bash", input: { command: `echo ran > ${RAN}` } },
  { text: "probe done" },
] as const;

/** What a probe observed of its scripted call, in words. */
export const ranOrBlocked = (run: FactProbeRun) =>
  ran(run) ? "the call ran (RAN was written)" : "the call was blocked (no RAN)";

/** Where a harness reads a settings-file hook, and the defaults its probes register it with. */
export interface SettingsHookPlace {
  /** The settings file, relative to the project. */
  readonly file: string;
  readonly event: string;
  readonly matcher: string;
  /** In the harness's own timeout unit. */
  readonly timeout: number;
}

export type SettingsHookOptions = {
  event?: string;
  matcher?: string;
  timeout?: number;
} & Partial<FactProbeSession>;

/** A probe session whose one command hook is registered in the harness's settings file. */
export function settingsHookSession(
  place: SettingsHookPlace,
  command: string,
  options: SettingsHookOptions = {},
): FactProbeSession {
  const { event = place.event, matcher = place.matcher, timeout = place.timeout, ...more } = options;
  const settings = { hooks: { [event]: [{ matcher, hooks: [{ type: "command", command, timeout }] }] } };
  return {
    prompt: "run the probe",
    model: bashThenDone,
    files: { [place.file]: JSON.stringify(settings) },
    ...more,
  };
}
