/** `vigiles doctor`: is this machine ready to run vigiles, and what to do where it is not. */
import { defineCommand, type CliCommand } from "../command.js";
import type { DoctorLevel } from "../../tools/doctor/diagnose-setup.js";
import { HARNESSES } from "../../adapters/registry.js";

const MARK: Record<DoctorLevel, string> = { ok: "✓", warn: "!", error: "✗", info: "·" };

const HELP = `Usage: vigiles doctor

Checks that this machine can run vigiles: the harness CLIs (${HARNESSES.map((h) => h.displayName).join(", ")})
against the versions vigiles was validated with, confinement (bubblewrap), and the credentials of the paid tier (found,
never used). Prints a fix for each gap.

Exit code: 1 when a check fails, else 0.
`;

export const doctorCommand: CliCommand = defineCommand({
  name: "doctor",
  summary: "check the harness CLIs, confinement and paid-tier credentials, with a fix for each gap",
  help: HELP,
  options: {},
  async run() {
    // The checks load only when they run: `vigiles doctor --help` stays a fast start.
    const { diagnoseSetup } = await import("../../tools/doctor/diagnose-setup.js");
    const lines = await diagnoseSetup();
    const width = Math.max(...lines.map((l) => l.subject.length));
    for (const line of lines) {
      process.stdout.write(`${MARK[line.level]} ${line.subject.padEnd(width)}  ${line.message}\n`);
      if (line.fix) process.stdout.write(`  ${" ".repeat(width)}  fix: ${line.fix}\n`);
    }
    const errors = lines.filter((l) => l.level === "error").length;
    process.stdout.write(errors === 0 ? "\nready\n" : `\n${errors} problem(s) to fix\n`);
    return errors === 0 ? 0 : 1;
  },
});
