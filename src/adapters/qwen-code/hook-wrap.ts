/**
 * Wraps each command hook of a Qwen Code `hooks` object in the transparent recorder, since 0.24.4's
 * stream carries no hook activity. Qwen runs a command hook under `bash -c` and no longer rewrites
 * `$QWEN_PROJECT_DIR` in its text (hooks.md), so the original command rides as an argument. A hook
 * that would send its payload anywhere (`http`) or ask a model (`prompt`) is refused by name: a
 * harness test keeps every byte on this machine, and a prompt hook would eat the script's turns.
 */
import { join } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { isRecord } from "../../core/is-record.js";
import { shellQuote } from "../../core/shell-quote.js";
import type { RunDirs } from "../port.js";
import { HOOK_RECORDER_FILE } from "../shared/hook-recorder.js";
import { QwenUnsupportedError } from "./errors.js";

type Json = Record<string, unknown>;

/** Where the recorder leaves hook fires (one set of files per fire), inside the run's private temp dir. */
export const qwenHookFiresDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-qwen-hooks");
export const qwenRecorderPath = (dirs: RunDirs) => join(dirs.tmpDir, HOOK_RECORDER_FILE);

function wrapHandler(handler: unknown, where: string, event: string, dirs: RunDirs): unknown {
  if (!isRecord(handler)) return handler;
  const type = handler["type"];
  if (type === "http" || type === "prompt") {
    throw new QwenUnsupportedError(
      `run the ${String(type)} hook at ${where}`,
      type === "http"
        ? "an http hook posts the payload to its URL, off this machine; test its logic as a command hook or with runHook"
        : "a prompt hook asks the model, which would take turns from the script; test it with runHook",
    );
  }
  if (type !== "command" || typeof handler["command"] !== "string") return handler; // Qwen discards it too
  // No matcher in the wrapped command: Qwen de-duplicates identical commands within an event, and
  // two groups running the same command must stay one hook as they were.
  const command = ["/bin/sh", qwenRecorderPath(dirs), qwenHookFiresDir(dirs), event, "", handler["command"]]
    .map(shellQuote)
    .join(" ");
  // `name` keeps what Qwen's messages and de-duplication call the hook.
  return {
    ...handler,
    name: typeof handler["name"] === "string" ? handler["name"] : handler["command"],
    command,
  };
}

/** The `hooks` object of a settings file with every command hook recorded. */
export function wrapQwenHooks(hooks: unknown, file: string, dirs: RunDirs): Json {
  if (!isRecord(hooks))
    throw new InvalidOptionError(`the hooks in ${file} must be an object keyed by event name`);
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      out[event] = groups;
      continue;
    }
    out[event] = groups.map((group: unknown, g) => {
      if (!isRecord(group) || !Array.isArray(group["hooks"])) return group;
      return {
        ...group,
        hooks: group["hooks"].map((h: unknown, i) =>
          wrapHandler(h, `${file} hooks.${event}[${g}].hooks[${i}]`, event, dirs),
        ),
      };
    });
  }
  return out;
}
