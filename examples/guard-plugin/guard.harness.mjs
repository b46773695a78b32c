// The guard plugin in the real Claude Code CLI, against a scripted model: free and deterministic.
// Run it with `npx vigiles test examples/guard-plugin` (exit 0 pass, 77 skip, anything else fail).
import { fileURLToPath } from "node:url";
import {
  assertChecks,
  claudeAvailable,
  hookFired,
  output,
  received,
  runHarnessTest,
  skip,
  tool,
  turns,
} from "vigiles";

if (!claudeAvailable())
  skip("Claude Code is not installed: npm install -D -E @anthropic-ai/claude-code@2.1.328");

const plugin = fileURLToPath(new URL(".", import.meta.url));
const r = await runHarnessTest({
  prompt: "ship it",
  model: [
    { tool: "Bash", input: { command: "git push --force origin main" } },
    { text: "The guard refused the force push; stopping here." },
    // The stop gate asks once for the checks; the second stop is let through.
    { text: "Checks noted; done." },
  ],
  plugin, // confined with bubblewrap by default: a plugin under test is untrusted
  transcript: true,
});
try {
  assertChecks(r, [
    tool("Bash"),
    hookFired("PreToolUse"),
    hookFired("UserPromptSubmit"),
    hookFired("Stop"),
    received(/House rules: run npm test/),
    received(/Run the checks \(npm test\) before you stop/),
    turns({ min: 3, max: 3 }),
    output(/done/),
  ]);
  // Refused by the guard, not merely failed: the push would fail here anyway (no git repository),
  // so the check is the hook's denial and its reason, never `isError` alone.
  const push = r.toolCalls.find((c) => c.name === "Bash");
  if (!push?.result?.denied || !push.result.text.includes("force pushes rewrite shared history")) {
    throw new Error(`expected the guard to refuse the force push, got ${JSON.stringify(push?.result)}`);
  }
  console.log(
    `guard plugin: push refused, rules injected, stop gated (${r.hooks?.length} hook fires, ${r.turns} turns)`,
  );
} finally {
  r.cleanup();
}
