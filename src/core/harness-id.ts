/** A registered harness's id, as the registry spells it (`claude-code`, `codex`, `copilot-cli`, `gemini` …). */
export type HarnessId = string;
