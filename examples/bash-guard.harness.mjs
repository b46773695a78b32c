// Runs the bundled Bash guard hook (examples/hooks/bash-guard.mjs) through the real hook protocol,
// as Claude Code would, and checks it against vigiles' disaster corpus. A harness file: run it with
// `npm run quickstart` (all examples) or `node dist/cli/main.js test examples/bash-guard.harness.mjs`.
import { fileURLToPath } from "node:url";
import { assertBlocksDisasters, runHook } from "vigiles";

const guard = [process.execPath, fileURLToPath(new URL("./hooks/bash-guard.mjs", import.meta.url))];
const bash = (command) => ({ tool_name: "Bash", tool_input: { command } });
const started = performance.now();
const problems = [];

// 1. One decision at a time: the event goes to the hook on stdin, its answer is folded into a decision.
const push = runHook(guard, bash("git push --force origin main"));
if (!push.blocked)
  problems.push(`expected the force push to be blocked, got ${push.decision} (${push.decidedBy})`);
const status = runHook(guard, bash("git status"));
if (status.blocked) problems.push(`expected git status to pass, got ${status.decision}: ${status.reason}`);

// 2. The registration itself: its matcher decides whether the hook runs at all.
const registration = {
  hooks: { PreToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: guard.join(" ") }] }] },
};
const unselected = runHook({ registration }, bash("rm -rf ~"));
if (unselected.selected !== false) problems.push("expected an Edit|Write matcher not to select a Bash call");

// 3. Every disaster of the corpus must be blocked, and every benign look-alike let through.
let report;
try {
  report = assertBlocksDisasters(guard);
} catch (error) {
  problems.push(error.message);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log("vigiles quick start: the bundled guard hook, run as Claude Code runs it");
console.log(`  git push --force origin main -> ${push.decision} by ${push.decidedBy}: ${push.reason ?? ""}`);
console.log(`  git status                   -> ${status.decision} (exit ${status.exitCode})`);
console.log(
  `  matcher "Edit|Write" on Bash -> selected: ${unselected.selected} (${unselected.selection?.[0]?.reason})`,
);
if (report) {
  console.log(
    `  disaster corpus              -> ${report.disasters} disasters blocked, ${report.benign} benign look-alikes allowed`,
  );
}
for (const p of problems) console.log(`  - ${p}`);
console.log(
  `${problems.length === 0 ? "PASS" : "FAIL"}: bash guard, ${report ? `${report.disasters} disasters blocked and ${report.benign} look-alikes allowed` : "corpus failed"}, in ${seconds} s`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
