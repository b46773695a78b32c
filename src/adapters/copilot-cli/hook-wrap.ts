/**
 * Wraps every command of a Copilot hooks file (`{"version": 1, "hooks": {"<event>": [handler…]}}`,
 * handlers `{"type": "command", "bash": "…", "timeoutSec": N}`, or Claude-style groups
 * `{"matcher", "hooks": [handler…]}` under a PascalCase event) in the transparent recorder, which
 * runs the original command as Copilot would (bash -c, same stdin, env and cwd) and leaves a record.
 */
import { InvalidOptionError } from "../../core/errors.js";
import { CopilotUnsupportedError } from "./errors.js";
import { shellQuote } from "../../core/shell-quote.js";
import { isRecord } from "../../core/is-record.js";

type Json = Record<string, unknown>;

/** Where the recorder is and where it leaves fires. */
export interface RecorderPaths {
  readonly script: string;
  readonly firesDir: string;
}

function wrapHandler(
  handler: unknown,
  where: string,
  event: string,
  matcher: string,
  recorder: RecorderPaths,
): Json {
  if (!isRecord(handler)) throw new InvalidOptionError(`${where} must be an object`);
  const type = handler["type"] ?? "command";
  const command = typeof handler["bash"] === "string" ? handler["bash"] : handler["command"];
  // A handler with only `powershell` has nothing Copilot runs on Linux or macOS: it is left as written,
  // so a run shows what Copilot does with it (reports it errored; test/copilot/copilot-hook-files.test.ts).
  if (type === "command" && command === undefined && typeof handler["powershell"] === "string")
    return handler;
  if (type !== "command" || typeof command !== "string") {
    throw new CopilotUnsupportedError(
      `record ${where}`,
      'only command hooks with a "bash" (or "command") string can be recorded by vigiles',
    );
  }
  const wrapped = ["/bin/sh", recorder.script, recorder.firesDir, event, matcher, command]
    .map(shellQuote)
    .join(" ");
  const { command: _command, ...rest } = handler;
  return { ...rest, type: "command", bash: wrapped };
}

/**
 * The hooks file `text` (at `rel`, for messages) with every command recorded; each event it registers
 * is added to `registered` (the unrecorded-hook check reads them, stream/unrecorded-hooks.ts).
 */
export function wrapCopilotHooksFile(
  text: string,
  rel: string,
  recorder: RecorderPaths,
  registered?: Set<string>,
): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InvalidOptionError(
      `${rel} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  // A `hooks` list (`[{event, command}]`, a shape some repositories write) is left as it is: the
  // pinned Copilot CLI never runs it (test/audit/copilot-hooks-file-shape.test.ts), so there is
  // nothing to record, and the audit reports it (`copilot-hooks-file-shape`).
  if (isRecord(parsed) && Array.isArray(parsed["hooks"])) return text;
  // Nor does it run events written at the top level with no `hooks` object (same test file).
  if (isRecord(parsed) && parsed["hooks"] === undefined && Object.keys(parsed).some((k) => k !== "version"))
    return text;
  if (!isRecord(parsed) || !isRecord(parsed["hooks"])) {
    throw new InvalidOptionError(`${rel} needs a "hooks" object keyed by event name`);
  }
  const out: Json = {};
  for (const [event, handlers] of Object.entries(parsed["hooks"])) {
    if (!Array.isArray(handlers)) throw new InvalidOptionError(`hooks.${event} in ${rel} must be a list`);
    registered?.add(event);
    out[event] = handlers.map((entry: unknown, i) => {
      const where = `hooks.${event}[${i}] in ${rel}`;
      if (isRecord(entry) && Array.isArray(entry["hooks"])) {
        const matcher = typeof entry["matcher"] === "string" ? entry["matcher"] : "";
        return {
          ...entry,
          hooks: entry["hooks"].map((h: unknown, j) =>
            wrapHandler(h, `${where}.hooks[${j}]`, event, matcher, recorder),
          ),
        };
      }
      const matcher = isRecord(entry) && typeof entry["matcher"] === "string" ? entry["matcher"] : "";
      return wrapHandler(entry, where, event, matcher, recorder);
    });
  }
  return `${JSON.stringify({ ...parsed, hooks: out }, null, 2)}\n`;
}
