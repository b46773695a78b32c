#!/usr/bin/env node
/**
 * The `vigiles` command. Subcommands register in ./commands.ts; this file only dispatches and
 * owns the process: exit codes, and a last handler for an error thrown outside a command's promise
 * (a stray callback), so that too is one line and not a stack trace.
 */
import { runCli } from "./run-cli.js";
import { debugDetail, describeFailure } from "./failure.js";

function lastResort(error: unknown): void {
  const failure = describeFailure(error);
  process.stderr.write(`vigiles: ${failure.message}\n`);
  const detail = debugDetail(error);
  if (detail !== undefined) process.stderr.write(`${detail}\n`);
  process.exit(failure.exitCode);
}
process.on("uncaughtException", lastResort);
process.on("unhandledRejection", lastResort);

process.exitCode = await runCli(process.argv.slice(2));
