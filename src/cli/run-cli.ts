/** Dispatches `vigiles <command> …` to the command modules; returns the exit code. */
import { commands } from "./commands.js";

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
  try {
    return await command.run(rest);
  } catch (error) {
    // A flag the command does not know (node:util parseArgs): a usage error, exit 2, never a stack trace.
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`vigiles ${name}: ${(error as Error).message}. See \`vigiles ${name} --help\`.\n`);
      return 2;
    }
    throw error;
  }
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: vigiles <command> [options]\n\nCommands:\n${lines.join("\n")}\n`;
}
