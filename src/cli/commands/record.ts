/** `vigiles record`: a real session becomes a free, deterministic harness test; `--hooks` captures hook payloads. */
import { chmodSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineCommand, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { recordSession } from "../../tools/record/record-session.js";
import { hookRecorderScript, hookRecorderSettings } from "../../tools/record/hook-recorder.js";

const HELP = `Usage:
  vigiles record <transcript.jsonl> [--out tests/recorded.harness.mjs] [--prompt "…"] [--project .]
  vigiles record --hooks [--dir .vigiles/hook-payloads]

The first form reads a Claude Code session (the stream-json output of \`claude -p … --verbose
--include-hook-events\`, or a session JSONL) and writes a harness test that replays it through the
real CLI with the recorded turns served by a mock, asserting the tool calls, hook fires and files
written. The second writes a pass-through hook that saves every payload for runHook fixtures.
`;

export const recordCommand: CliCommand = defineCommand({
  name: "record",
  summary: "turn a real session into a free harness test, or capture hook payloads (--hooks)",
  help: HELP,
  options: {
    out: { type: "string", default: "tests/recorded.harness.mjs" },
    prompt: { type: "string" },
    project: { type: "string", default: "." },
    hooks: { type: "boolean", default: false },
    dir: { type: "string", default: ".vigiles/hook-payloads" },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (values.hooks) {
      const folder = resolve(values.dir);
      const script = join(folder, "record-hook.sh");
      writeFileAtomic(script, hookRecorderScript(join(folder, "payloads")));
      chmodSync(script, 0o755);
      process.stdout.write(
        `wrote ${script}\nAdd this to .claude/settings.local.json for one session; each payload lands in ${join(folder, "payloads")}:\n` +
          `${JSON.stringify(hookRecorderSettings(script), null, 2)}\n`,
      );
      return 0;
    }
    const transcript = positionals[0];
    if (transcript === undefined) {
      process.stderr.write(
        "vigiles record: give a transcript file, or --hooks. See `vigiles record --help`.\n",
      );
      return 2;
    }
    try {
      const result = recordSession({
        transcript,
        out: values.out,
        project: values.project,
        ...(values.prompt !== undefined ? { prompt: values.prompt } : {}),
      });
      writeFileAtomic(result.out, result.text);
      process.stdout.write(`wrote ${result.out}: ${result.turns} model turns\n`);
      for (const note of result.unreproducible) process.stdout.write(`  not reproduced: ${note}\n`);
      return 0;
    } catch (error) {
      if (error instanceof VigilesError) {
        process.stderr.write(`vigiles record: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
});
