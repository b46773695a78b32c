/**
 * The doctor's word on a silent fail-open of GitHub Copilot CLI: repository hooks
 * (`.github/hooks/*.json`) run only in a folder listed in `trusted_folders` of
 * `$COPILOT_HOME/config.json` (default `~/.copilot`). Untrusted, Copilot 1.0.102 skips them with no
 * message at all, and a guard that should have denied `rm -rf` never runs (test/copilot pins it).
 * Read-only: the user's config is read, never written.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";

export interface CopilotTrustLine {
  readonly level: "ok" | "warn" | "info";
  readonly subject: string;
  readonly message: string;
  readonly fix?: string;
}

/** The trusted folders of a Copilot config.json (its `//` comment lines skipped); [] when unreadable. */
export function copilotTrustedFolders(configText: string): string[] {
  const json = configText
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null) return [];
    const record = parsed as Record<string, unknown>;
    const list = record["trusted_folders"] ?? record["trustedFolders"];
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

/** Whether `dir` is, or lies inside, one of `folders`. */
export function isTrustedFolder(dir: string, folders: readonly string[]): boolean {
  const d = resolve(dir);
  return folders.some((f) => {
    const t = resolve(f);
    return d === t || d.startsWith(t.endsWith(sep) ? t : t + sep);
  });
}

/** The doctor line for the project in `cwd`; undefined when it has no Copilot repository hooks. */
export function copilotTrustLine(
  cwd: string,
  home: string,
  env: NodeJS.ProcessEnv,
): CopilotTrustLine | undefined {
  const hooksDir = join(cwd, ".github", "hooks");
  let files: string[];
  try {
    files = readdirSync(hooksDir).filter((f) => f.endsWith(".json"));
  } catch {
    return undefined;
  }
  if (files.length === 0) return undefined;
  const copilotHome = env["COPILOT_HOME"] ?? join(home, ".copilot");
  const config = join(copilotHome, "config.json");
  const folders = existsSync(config) ? copilotTrustedFolders(readFileSync(config, "utf8")) : [];
  const subject = "Copilot repository hooks";
  if (isTrustedFolder(cwd, folders)) {
    return {
      level: "ok",
      subject,
      message: `${files.length} file(s) in .github/hooks; ${cwd} is a trusted folder`,
    };
  }
  return {
    level: "warn",
    subject,
    message:
      `${files.length} file(s) in .github/hooks, but ${cwd} is not in trusted_folders of ${config}: ` +
      "Copilot CLI skips these hooks without a word (vigiles' own harness runs trust the work dir, so they pass)",
    fix: `run \`copilot\` here once and trust the folder, or add ${JSON.stringify(cwd)} to trusted_folders in ${config}`,
  };
}
