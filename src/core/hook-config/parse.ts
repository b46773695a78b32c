/**
 * parseHooksConfig: accepts what users have on disk (a whole settings.json, its `hooks` object, a
 * plugin hooks.json with or without `description`, or one handler group) and checks its shape.
 */
import { z } from "zod";
import { VigilesError } from "../errors.js";
import type { HookHandlerGroup, HooksConfig } from "./types.js";
import { isRecord } from "../is-record.js";

/** A hooks config that does not have the shape the harness reads. */
export class InvalidHooksConfigError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_INVALID_HOOKS_CONFIG", message);
  }
}

const handlerSchema = z.looseObject({
  type: z.enum(["command", "http", "mcp_tool", "prompt", "agent"]),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  timeout: z.number().positive().optional(),
  if: z.string().optional(),
});

const groupSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(handlerSchema),
});

const configSchema = z.record(z.string(), z.array(groupSchema));

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("; ");
}

/** How a harness writes a handler (its dialect's `handlers`): where the command is, flat entries allowed. */
export interface HandlerShape {
  readonly commandFields: readonly string[];
  readonly typeOptional: boolean;
  readonly flatEntries: boolean;
}

const CLAUDE_SHAPE: HandlerShape = { commandFields: ["command"], typeOptional: false, flatEntries: false };

/**
 * A harness's flat entries (Copilot CLI: `{ type?, bash, matcher?, timeoutSec? }` directly under the
 * event) as groups of one in Claude Code's shape, so one selection reads every harness's file.
 */
function groupFlatEntries(events: Record<string, unknown>, shape: HandlerShape): Record<string, unknown> {
  const group = (entry: unknown): unknown => {
    if (!isRecord(entry) || Array.isArray(entry["hooks"])) return entry;
    const field = shape.commandFields.find((f) => typeof entry[f] === "string");
    const { matcher, timeoutSec, ...handler } = entry;
    return {
      ...(typeof matcher === "string" ? { matcher } : {}),
      hooks: [
        {
          ...handler,
          type: entry["type"] ?? (shape.typeOptional ? "command" : undefined),
          ...(field !== undefined ? { command: entry[field] } : {}),
          ...(typeof timeoutSec === "number" && handler["timeout"] === undefined
            ? { timeout: timeoutSec }
            : {}),
        },
      ],
    };
  };
  return Object.fromEntries(
    Object.entries(events).map(([name, entries]) => [
      name,
      Array.isArray(entries) ? entries.map(group) : entries,
    ]),
  );
}

/**
 * Reads a hooks config from any of its on-disk shapes:
 * `{ "hooks": { "PreToolUse": [...] } }` (settings.json, or hooks.json with an optional
 * `description`), the bare `{ "PreToolUse": [...] }` object, or a single handler group
 * `{ "matcher": "Bash", "hooks": [...] }` (which needs `event` to know where it belongs).
 * A JSON string is parsed first. Throws {@link InvalidHooksConfigError} naming the bad field.
 *
 * @example
 * parseHooksConfig({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }] } });
 */
export function parseHooksConfig(
  input: unknown,
  event?: string,
  shape: HandlerShape = CLAUDE_SHAPE,
): HooksConfig {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch (error) {
      throw new InvalidHooksConfigError(`The hooks config is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(value)) {
    throw new InvalidHooksConfigError(
      `A hooks config is an object, got ${JSON.stringify(value) ?? typeof value}.`,
    );
  }
  if (Array.isArray(value.hooks) && !isRecord(value.hooks)) {
    // A single handler group: { matcher?, hooks: [handler…] }.
    if (!event) {
      throw new InvalidHooksConfigError(
        "A single handler group ({ matcher, hooks: [...] }) needs the event it is registered for; pass the event (or wrap it as { hooks: { <Event>: [group] } }).",
      );
    }
    const group = groupSchema.safeParse(value);
    if (!group.success)
      throw new InvalidHooksConfigError(`Invalid handler group: ${describeIssues(group.error)}`);
    return { [event]: [group.data as HookHandlerGroup] };
  }
  const events = isRecord(value.hooks) ? value.hooks : value;
  const parsed = configSchema.safeParse(shape.flatEntries ? groupFlatEntries(events, shape) : events);
  if (!parsed.success) {
    throw new InvalidHooksConfigError(
      `Invalid hooks config: ${describeIssues(parsed.error)}. Expected { "<Event>": [{ "matcher"?: "...", "hooks": [{ "type": "command", "command": "..." }] }] }.`,
    );
  }
  for (const [name, groups] of Object.entries(parsed.data)) {
    groups.forEach((group, g) =>
      group.hooks.forEach((handler, h) => {
        if (handler.type === "command" && !handler.command) {
          throw new InvalidHooksConfigError(
            `${name}[${g}].hooks[${h}] is a command hook without a "command".`,
          );
        }
      }),
    );
  }
  return parsed.data as HooksConfig;
}
