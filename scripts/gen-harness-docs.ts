// Regenerates the capability matrix in docs/harnesses.md from the adapters' declared capabilities.
import { readFileSync, writeFileSync } from "node:fs";
import { claudeCodeAdapter } from "../src/adapters/claude-code/adapter.js";
import { codexAdapter } from "../src/adapters/codex/adapter.js";
import { copilotAdapter } from "../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../src/adapters/gemini-cli/adapter.js";
import { capabilityMatrixMarkdown, withMatrix } from "../src/tiers/harness/capability-matrix.js";

const path = new URL("../docs/harnesses.md", import.meta.url);
const page = readFileSync(path, "utf8");
writeFileSync(
  path,
  withMatrix(
    page,
    capabilityMatrixMarkdown([claudeCodeAdapter, codexAdapter, copilotAdapter, geminiAdapter]),
  ),
);
