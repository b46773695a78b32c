/**
 * Copilot CLI 1.0.102 runs hooks declared in a custom agent's frontmatter (`hooks:` in
 * `.github/agents/<name>.agent.md`; measured: a `preToolUse` there ran while no hooks file named it).
 * vigiles cannot put those commands behind the recorder without rewriting the agent's YAML, so an
 * agent that declares hooks is refused by name rather than let them run unrecorded. Checked where
 * Copilot reads agents (the work dir's `.github/agents` and `.claude/agents`, both listed to the model
 * in a real run) and everywhere in a plugin's copy.
 */
import { readFile, readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { CopilotUnsupportedError } from "./errors.js";

/** The work-dir folders Copilot reads custom agents from (measured). */
export const COPILOT_AGENT_DIRS = [join(".github", "agents"), join(".claude", "agents")] as const;

/** Whether a Markdown file's frontmatter has a top-level `hooks` key. */
export function frontmatterDeclaresHooks(text: string): boolean {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  return match !== null && /^hooks\s*:/m.test(match[1] ?? "");
}

async function markdownFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".git" && entry.name !== "node_modules") out.push(...(await markdownFiles(path)));
    } else if (entry.name.endsWith(".md")) {
      out.push(path);
    }
  }
  return out;
}

/**
 * Throws `CopilotUnsupportedError` if any Markdown file under `dir` declares hooks in its
 * frontmatter; `shownAs` names the file in the message.
 */
export async function refuseAgentHooks(dir: string, shownAs: (path: string) => string): Promise<void> {
  for (const path of await markdownFiles(dir)) {
    if (!frontmatterDeclaresHooks(await readFile(path, "utf8"))) continue;
    throw new CopilotUnsupportedError(
      `run the hooks declared in the frontmatter of ${shownAs(path)}`,
      "Copilot runs a custom agent's own hooks, and vigiles cannot record them; move them to a .github/hooks/*.json file (recorded) and drop `hooks:` from the agent",
    );
  }
}

/** Refuses agent-declared hooks anywhere Copilot reads agents in the work dir. */
export async function refuseWorkDirAgentHooks(workDir: string): Promise<void> {
  for (const rel of COPILOT_AGENT_DIRS) {
    await refuseAgentHooks(join(workDir, rel), (path) => relative(workDir, path));
  }
}
