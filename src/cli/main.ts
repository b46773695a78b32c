#!/usr/bin/env node
/**
 * The `vigiles` command. Subcommands register in ./commands.ts; this file only dispatches and
 * owns the process: exit codes and signals.
 */
import { runCli } from "./run-cli.js";

process.exitCode = await runCli(process.argv.slice(2));
