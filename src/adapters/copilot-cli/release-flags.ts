/**
 * Which of the flags vigiles passes a Copilot CLI release offers: the one reader of that fact, used
 * by the launch (a flag the release lacks is never passed) and by the release surface (its
 * `cli-flag` entries, what `vigiles facts --compare` reports).
 *
 * Copilot's command line is parsed by its native module (`prebuilds/<platform>/cli-native.node`, a
 * Rust clap parser), which declares each flag as its upper-snake id followed by its long name
 * (`DISABLE_CLIENT_TELEMETRYdisable-client-telemetry`), hidden flags too. Read there (measured on
 * 1.0.86, 1.0.92 and 1.0.102: every flag below is declared once so, and 1.0.86/1.0.92 carry no
 * `disable-client-telemetry` at all) rather than from `--help`, which takes 1.5–8 s to start and
 * leaves out hidden flags the parser still takes. Copilot rejects an unknown flag with exit 1 and
 * only "Try 'copilot --help'" on stderr, so a flag the release lacks must never be passed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every flag the launch passes (launch.ts), in the order the surface lists them. */
export const COPILOT_LAUNCH_FLAGS = [
  "--allow-all",
  "--disable-client-telemetry",
  "--no-ask-user",
  "--no-auto-update",
  "--output-format",
  "--plugin-dir",
] as const;
export type CopilotLaunchFlag = (typeof COPILOT_LAUNCH_FLAGS)[number];

/** Flags the launch passes that some releases lack; every other launch flag is in 1.0.86 on. */
export const OPTIONAL_COPILOT_FLAGS = [
  "--disable-client-telemetry",
] as const satisfies readonly CopilotLaunchFlag[];
export type OptionalCopilotFlag = (typeof OPTIONAL_COPILOT_FLAGS)[number];

/** The native modules that declare the command line, under an unpacked package's `prebuilds/`. */
function parserModules(packageDir: string): string[] {
  try {
    return readdirSync(join(packageDir, "prebuilds"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith("cli-native.node"))
      .map((f) => join(packageDir, "prebuilds", f));
  } catch {
    return [];
  }
}

/** clap's declaration of a long flag: its id in upper snake case, then the name (no dashes). */
function declaration(flag: string): string {
  const name = flag.replace(/^-+/, "");
  return `${name.toUpperCase().replace(/-/g, "_")}${name}`;
}

const readings = new Map<string, ReadonlySet<CopilotLaunchFlag> | undefined>();

/**
 * The launch flags the release unpacked in `packageDir` declares, or undefined when its parser
 * declares none of them (no `cli-native.node`, or a layout this reader does not know): then nothing
 * can be said, and the caller must not read it as "every flag is missing". Read once per dir.
 */
export function readCopilotFlags(packageDir: string): ReadonlySet<CopilotLaunchFlag> | undefined {
  if (readings.has(packageDir)) return readings.get(packageDir);
  const text = parserModules(packageDir)
    .map((f) => readFileSync(f).toString("latin1"))
    .join("\n");
  const declared = new Set(COPILOT_LAUNCH_FLAGS.filter((flag) => text.includes(declaration(flag))));
  const reading = declared.size === 0 ? undefined : declared;
  readings.set(packageDir, reading);
  return reading;
}

/**
 * Whether the release unpacked in `packageDir` offers `flag`. A parser that cannot be read counts as
 * offering it: the flag is passed, and a release that rejects it fails with the named usage-only
 * error (diagnose.ts), never silently without it.
 */
export function copilotOffersFlag(packageDir: string, flag: OptionalCopilotFlag): boolean {
  return readCopilotFlags(packageDir)?.has(flag) ?? true;
}
