/**
 * How `vigiles audit` finds and checks Gemini CLI's hook files: the workspace `.gemini/settings.json`
 * and each extension's `hooks/hooks.json` (an extension is a folder with a `gemini-extension.json`),
 * read by Gemini's own rules.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AuditHookFile, HookFileAudit } from "../../harness-entry.js";
import { checkGeminiHooksFile } from "./audit-rules.js";

export const geminiHookFileAudit: HookFileAudit = {
  files: ".gemini/settings.json, extensions' hooks/hooks.json",
  find: (_root, glob) => [
    ...glob(["**/.gemini/settings.json"]).map((path): AuditHookFile => ({
      path,
      role: "settings",
      source: "project settings",
      projectDir: dirname(dirname(path)),
    })),
    ...glob(["**/gemini-extension.json"])
      .map((manifest) => dirname(manifest))
      .filter((pluginRoot) => existsSync(join(pluginRoot, "hooks", "hooks.json")))
      .map((pluginRoot): AuditHookFile => ({
        path: join(pluginRoot, "hooks", "hooks.json"),
        role: "hooks-file",
        source: "extension",
        pluginRoot,
      })),
  ],
  check: (input) => checkGeminiHooksFile({ file: input.file, text: input.text }),
};
