/**
 * Which of the flags vigiles passes a Copilot CLI release offers, read from that release's own
 * `--help` (once per binary and version). Copilot rejects an unknown flag with exit 1 and only
 * "Try 'copilot --help'" on stderr, so a flag the release lacks must never be passed: 1.0.92 and
 * 1.0.86 have no `--disable-client-telemetry` (added by 1.0.102, the pinned release).
 *
 * A stand-in for the release surface (issue 32): when surfaces carry CLI flags, this reads them there.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResolvedHarness } from "../port.js";
import { COPILOT_VERSION } from "./package-pin.js";

/** Flags the launch passes that some releases lack; every other launch flag is in 1.0.86 on. */
export const OPTIONAL_COPILOT_FLAGS = ["--disable-client-telemetry"] as const;
export type OptionalCopilotFlag = (typeof OPTIONAL_COPILOT_FLAGS)[number];

const helpTexts = new Map<string, string>();

/** The release's `--help` text, with its unpacked package `distDir` loaded (nothing unpacked, no HOME of ours). */
function helpText(harness: ResolvedHarness, distDir: string): string {
  const key = `${harness.path}\0${harness.version}`;
  const known = helpTexts.get(key);
  if (known !== undefined) return known;
  const home = mkdtempSync(join(tmpdir(), "vigiles-copilot-help-"));
  let text = "";
  try {
    text = execFileSync(harness.path, ["--help"], {
      encoding: "utf8",
      timeout: 60_000,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: home,
        COPILOT_HOME: join(home, ".copilot"),
        COPILOT_CLI_DIST_DIR: distDir,
        COPILOT_AUTO_UPDATE: "false",
      },
    });
  } catch (error) {
    // Unreadable help: assume the flag is there, so the run's own exit names what went wrong.
    text = String((error as { stdout?: unknown }).stdout ?? "");
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  helpTexts.set(key, text);
  return text;
}

/** Whether `flag` is offered by this release (the pinned release offers every flag without a look). */
export function copilotOffersFlag(
  harness: ResolvedHarness,
  distDir: string,
  flag: OptionalCopilotFlag,
): boolean {
  if (harness.version === COPILOT_VERSION) return true;
  const help = helpText(harness, distDir);
  if (help.trim() === "") return true;
  return new RegExp(`(^|\\s)${flag.replace(/-/g, "\\-")}(\\s|,|=|$)`, "m").test(help);
}
