/** Dispatches `vigiles <command> …` to the command modules; returns the exit code. */
import { commands } from "./commands.js";
import { CliUsageError, parseCommandArgs, type CliCommand } from "./command.js";

export async function runCli(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    const { readFileSync } = await import("node:fs");
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`vigiles: unknown command "${name}". Run \`vigiles --help\` for the list.\n`);
    return 2;
  }
  return runCommand(command, rest);
}

/** `--help`, a bad flag (exit 2, the message and the usage on stderr), or the command's own run. */
async function runCommand(command: CliCommand, argv: readonly string[]): Promise<number> {
  const line = parseCommandArgs(command, argv);
  switch (line.kind) {
    case "help":
      process.stdout.write(command.help);
      return 0;
    case "usage-error":
      process.stderr.write(`vigiles ${command.name}: ${line.message}\n\n${command.help}`);
      return 2;
    case "run":
      try {
        return await command.run(line.args);
      } catch (error) {
        if (!(error instanceof CliUsageError)) throw error;
        process.stderr.write(`vigiles ${command.name}: ${error.message}\n`);
        return 2;
      }
  }
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: vigiles <command> [options]\n\nCommands:\n${lines.join("\n")}\n`;
}
