/**
 * How `vigiles audit` finds and checks Gemini CLI's hook files: the workspace `.gemini/settings.json`
 * and each extension's `hooks/hooks.json` (an extension is a folder with a `gemini-extension.json`),
 * read by Gemini's own rules.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AuditHookFile, HookFileAudit, StrayHookFile } from "../../harness-entry.js";
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
  // Gemini CLI 0.61.0 reads an extension's hooks only from <ext>/hooks/hooks.json (loadExtensionHooks);
  // the manifest's own `hooks` is not copied into the loaded extension, and a root settings.json is
  // never read (a real run ran neither: test/gemini/gemini-extension-hooks.test.ts).
  strays: (_root, glob) =>
    glob(["**/gemini-extension.json"]).flatMap((manifest): StrayHookFile[] => {
      const loads = "this extension's hooks/hooks.json";
      const strays: StrayHookFile[] = [
        { path: manifest, kind: "key", loads },
        { path: join(dirname(manifest), "settings.json"), kind: "file", loads },
      ];
      return strays.filter((s) => existsSync(s.path));
    }),
};
