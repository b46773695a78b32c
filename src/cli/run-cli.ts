/**
 * Dispatches `vigiles <command> …` to the command modules (loaded lazily, see ./commands.ts) and
 * returns the exit code. Every command's failure goes through the one handler in ./failure.ts.
 */
import { commands, type CommandEntry } from "./commands.js";
import { parseCommandArgs, type CliCommand } from "./command.js";
import { closestName } from "../core/did-you-mean.js";
import { debugDetail, describeFailure } from "./failure.js";

export async function runCli(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "help") {
    // `vigiles help <command>` is `vigiles <command> --help`.
    if (rest[0] === undefined) {
      process.stdout.write(usage());
      return 0;
    }
    const entry = findCommand(rest[0]);
    return entry ? dispatch(entry, ["--help"]) : unknownCommand(rest[0]);
  }
  if (name === "--version" || name === "-v") {
    const { readFileSync } = await import("node:fs");
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const entry = findCommand(name);
  return entry ? dispatch(entry, rest) : unknownCommand(name);
}

function findCommand(name: string): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}

function unknownCommand(name: string): number {
  const guess = closestName(
    name,
    commands.map((c) => c.name),
  );
  process.stderr.write(
    `vigiles: unknown command "${name}".${guess ? ` Did you mean "${guess}"?` : ""} Run \`vigiles --help\` for the list.\n`,
  );
  return 2;
}

/** Loads the command and runs it; anything it throws becomes one line and an exit code. */
async function dispatch(entry: CommandEntry, argv: readonly string[]): Promise<number> {
  try {
    return await runCommand(await entry.load(), argv);
  } catch (error) {
    const failure = describeFailure(error);
    process.stderr.write(`vigiles ${entry.name}: ${failure.message}\n`);
    const detail = debugDetail(error);
    if (detail !== undefined) process.stderr.write(`${detail}\n`);
    return failure.exitCode;
  }
}

/** `--help`, a bad flag (exit 2, the message and a one-line hint on stderr), or the command's own run. */
async function runCommand(command: CliCommand, argv: readonly string[]): Promise<number> {
  const line = parseCommandArgs(command, argv);
  switch (line.kind) {
    case "help":
      process.stdout.write(command.help);
      return 0;
    case "usage-error":
      // One line to act on, not the whole help after it.
      process.stderr.write(
        `vigiles ${command.name}: ${line.message}\nRun \`vigiles ${command.name} --help\` for its options.\n`,
      );
      return 2;
    case "run":
      return command.run(line.args);
  }
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return (
    `Usage: vigiles <command> [options]\n\nCommands:\n${lines.join("\n")}\n\n` +
    "Run `vigiles help <command>` (or `vigiles <command> --help`) for a command's options.\n"
  );
}
