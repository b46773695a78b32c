/**
 * The shape of a `vigiles` subcommand and the one place its arguments are parsed. A command declares
 * its usage text and flags; run-cli answers `--help`/`-h` and reports a bad flag (exit 2, the
 * message and a one-line hint on stderr) the same way for every command, and `run` gets parsed values.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { VigilesError } from "../core/errors.js";
import { closestName } from "../core/did-you-mean.js";

/** The flags of a command, as `node:util` parseArgs takes them (`--help`/`-h` is added for all). */
export type CommandOptions = NonNullable<ParseArgsConfig["options"]>;

type Parsed<O extends CommandOptions> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>;

/** What a command's arguments parse to. */
export interface CommandArgs<O extends CommandOptions = CommandOptions> {
  readonly values: Parsed<O>["values"];
  readonly positionals: string[];
}

/** A command whose arguments run-cli parses from its `options`. */
export interface ParsedCommand<O extends CommandOptions = CommandOptions> {
  readonly name: string;
  readonly summary: string;
  /** The usage text: on stdout for `--help`/`-h`, on stderr under a usage error. */
  readonly help: string;
  readonly options: O;
  /** Takes positional arguments (default: none, and one is a usage error). */
  readonly positionals?: boolean;
  /** Runs with the parsed arguments; resolves to the process exit code. */
  run(args: CommandArgs<O>): Promise<number>;
}

/** A `vigiles` subcommand. */
export type CliCommand = ParsedCommand;

/**
 * Declares a command whose flags run-cli parses; only infers the types of `run`'s values.
 *
 * @example
 * const hello = defineCommand({
 *   name: "hello",
 *   summary: "say hello",
 *   help: "Usage: vigiles hello [--name <who>]\n",
 *   options: { name: { type: "string", default: "world" } },
 *   async run({ values }) {
 *     process.stdout.write(`hello ${values.name}\n`);
 *     return 0;
 *   },
 * });
 */
export function defineCommand<const O extends CommandOptions>(command: ParsedCommand<O>): ParsedCommand<O> {
  return command;
}

/** What the command line of one command asks for. */
export type CommandLine<O extends CommandOptions = CommandOptions> =
  | { readonly kind: "help" }
  | { readonly kind: "usage-error"; readonly message: string }
  | { readonly kind: "run"; readonly args: CommandArgs<O> };

/** Parses `argv` against the command's flags; a bad flag or argument is a `usage-error`, never a throw. */
export function parseCommandArgs<O extends CommandOptions>(
  command: ParsedCommand<O>,
  argv: readonly string[],
): CommandLine<O> {
  const config: ParseArgsConfig = {
    args: [...argv],
    options: { ...command.options, help: { type: "boolean", short: "h" } },
    allowPositionals: command.positionals ?? false,
    strict: true,
  };
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    if (isParseArgsError(error))
      return { kind: "usage-error", message: usageMessage(error, command.options) };
    throw error;
  }
  const { help, ...values } = parsed.values;
  if (help === true) return { kind: "help" };
  // Parsed with the command's own options (plus help, removed above): the values have their types.
  return { kind: "run", args: { values: values as Parsed<O>["values"], positionals: parsed.positionals } };
}

/** A flag value or an argument a command cannot use: run-cli prints the message and exits 2. */
export class CliUsageError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_CLI_USAGE", message);
  }
}

/** `value` when it is one of `allowed`; else a CliUsageError naming the flag, the choices and the value. */
export function oneOf<const T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined)
    throw new CliUsageError(`--${flag} must be one of ${allowed.join(", ")}, got "${value}".`);
  return found;
}

/**
 * node's text for an unknown flag suggests \`--\` (meant for a positional that starts with a dash);
 * a mistyped flag is the likelier case, so name the closest flag instead.
 */
function usageMessage(error: Error & { code: string }, options: CommandOptions): string {
  const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(error.message);
  if (error.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION" || unknown === null) return error.message;
  const [, dashes, typed] = unknown;
  const known = Object.keys(options);
  const guess = typed === undefined ? undefined : closestName(typed, [...known, "help"]);
  return (
    `Unknown option '${dashes ?? ""}${typed ?? ""}'.` +
    (guess !== undefined ? ` Did you mean '--${guess}'?` : "")
  );
}

/** node:util parseArgs rejects an unknown flag, a missing value or an unexpected argument with these codes. */
function isParseArgsError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}
