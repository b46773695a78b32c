/**
 * Which harness a repository is set up for, read from its layout: the CLI cannot take an adapter
 * import, so `vigiles test` infers it and passes it to harness files as VIGILES_HARNESS.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

export type DetectedHarness = "claude-code" | "codex" | "copilot" | "gemini";

export interface HarnessDetection {
  readonly harness: DetectedHarness;
  /** The files that decided, for the run's header line. */
  readonly evidence: readonly string[];
}

const CLAUDE_MARKERS = [".claude", ".claude-plugin", "CLAUDE.md", ".mcp.json"];
const CODEX_MARKERS = [".codex", "AGENTS.md", ".agents/skills"];
/** GitHub Copilot CLI's repository hooks and instructions (AGENTS.md is read by Copilot too, so it decides nothing). */
const COPILOT_MARKERS = [".github/hooks", ".github/copilot-instructions.md"];
const GEMINI_MARKERS = [".gemini", "GEMINI.md", "gemini-extension.json"];

/**
 * Claude Code unless the repository shows only Codex markers, or only Copilot's (AGENTS.md aside);
 * Claude markers beside either mean Claude Code (the default harness).
 */
export function detectHarness(root: string): HarnessDetection {
  const claude = CLAUDE_MARKERS.filter((m) => existsSync(join(root, m)));
  const codex = CODEX_MARKERS.filter((m) => existsSync(join(root, m)));
  const copilot = COPILOT_MARKERS.filter((m) => existsSync(join(root, m)));
  if (copilot.length > 0 && claude.length === 0 && codex.every((m) => m === "AGENTS.md")) {
    return { harness: "copilot", evidence: copilot };
  }
  if (codex.length > 0 && claude.length === 0) return { harness: "codex", evidence: codex };
  // Gemini only when nothing else is there: Claude Code stays the default, Codex keeps its markers.
  const gemini = GEMINI_MARKERS.filter((m) => existsSync(join(root, m)));
  if (gemini.length > 0 && claude.length === 0) return { harness: "gemini", evidence: gemini };
  return { harness: "claude-code", evidence: claude };
}
