/**
 * How `vigiles audit` finds and checks GitHub Copilot CLI's hook files: every `.github/hooks/*.json`
 * (the pinned 1.0.102 loads them all from the working directory), read by Copilot's own rules; a
 * command's script resolves against the project, the directory holding `.github`.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { findScriptWord } from "../../../core/audit/command-words.js";
import { readInputText } from "../../../runtime/read-input.js";
import type { HookFileAudit, HookFileCheckInput } from "../../harness-entry.js";
import { checkCopilotHooksFile } from "./audit-rules.js";

/** Largest hook script read for the portability rule. */
const MAX_SOURCE_BYTES = 1024 * 1024;

/** The script a command runs, resolved against the project (`$COPILOT_PROJECT_DIR` expanded). */
function scriptOf(command: string, projectDir: string): { path: string; source?: string } | undefined {
  const word = findScriptWord(command);
  if (word === undefined) return undefined;
  const value = word.word.value.replace(/^\$(\{COPILOT_PROJECT_DIR\}|COPILOT_PROJECT_DIR)/, projectDir);
  if (value.includes("$") || value.startsWith("~")) return undefined;
  const script = value.startsWith("/") ? value : resolve(projectDir, value);
  try {
    const st = statSync(script);
    return st.isFile() && st.size <= MAX_SOURCE_BYTES
      ? { path: script, source: readInputText(script, "the hook script") }
      : { path: script };
  } catch {
    return undefined;
  }
}

function check(input: HookFileCheckInput) {
  const projectDir = input.hookFile.projectDir ?? input.root;
  return checkCopilotHooksFile({
    file: input.file,
    text: input.text,
    resolveScript: (command) => scriptOf(command, projectDir),
    claudeUsesOf: input.claudeUsesOf,
    dialect: input.dialect,
  });
}

export const copilotHookFileAudit: HookFileAudit = {
  files: ".github/hooks/*.json",
  find: (_root, glob) =>
    glob(["**/.github/hooks/*.json"]).map((path) => ({
      path,
      role: "hooks-file",
      source: "repository hooks",
      projectDir: resolve(path, "..", "..", ".."),
    })),
  check,
};
