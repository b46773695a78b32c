/**
 * `vigiles audit [dir]`: the static lint of a harness, and with flags its dynamic audit
 * (`--run`) and its test coverage (`--coverage`).
 */
import { defineCommand, type CliCommand } from "../command.js";
import { AUDIT_OPTIONS } from "./audit-options.js";

const HELP = `Usage: vigiles audit [dir] [options]

Finds the harness mistakes that fail silently (hooks that never fire or fail open, dropped plugin
hooks, skills the model cannot pick, non-replayable workflows) in the settings, plugins, skills,
agents and workflow scripts under dir (default: the current directory). Nothing runs unless --run.

Options:
  --format <human|json|sarif>  output format (default: human); sarif is SARIF 2.1.0 for code scanning
  --fix                        apply the safe fixes (quote \${CLAUDE_PLUGIN_ROOT}, drop a duplicate hooks entry,
                               prefix a plugin.json component path with ./)
  --run                        also run every command hook: a guard over the strings its source compares
                               against, the disaster corpus and its benign twins; other hooks on a synthetic
                               event per matcher value. Confined under bubblewrap (no network, a private
                               HOME and TMPDIR, a scratch copy of dir): nothing outside the audit's temp
                               dir changes
  --no-sandbox                 with --run, run the hooks unconfined (still in the scratch copy, HOME and
                               TMPDIR private); use only where bubblewrap cannot run and you trust the hooks
  --probes <n>                 with --run, most probes per hook (default 24)
  --max-run-ms <ms>            with --run, the audit's cap on one hook run (default 30000)
  --coverage                   also list hooks, skills, agents and commands no test exercised
  --coverage-dir <dir>         where the tests recorded coverage (default: .vigiles/coverage;
                               record with \`vigiles test --coverage-dir <dir>\`)
  --harness-version <v>        judge by the rules of this release (<harness>@<version>, or a Claude
                               Code version; from the harness cache, see fetch-harness) instead of the
                               installed one: its hook events and tools
  --rules                      list the rules and exit
  --config <file>              the config file (default: vigiles.config.{ts,mts,mjs,js} in dir, else in the
                               current directory); its \`audit.rules\` sets a rule "off", "warn" or "error"
  --baseline <file>            fail only on findings the baseline does not hold (default: the config's
                               \`audit.baseline\`, else vigiles-audit-baseline.json in dir when it
                               exists); with --update-baseline, the file to write
  --update-baseline            write every finding left into the baseline (default file:
                               vigiles-audit-baseline.json in dir) and exit 0

Inline: \`# vigiles-disable-next-line <rule> -- why\` (or -line, -file) in a shell, Python or YAML file or a
SKILL.md frontmatter, \`<!-- vigiles-disable-next-line <rule> -->\` in Markdown, \`// …\` in JavaScript.
JSON has no comments: use the config or a baseline there.

Exit code: 1 when any error-level finding remains, 2 on bad usage, else 0.
`;

export const auditCommand: CliCommand = defineCommand({
  name: "audit",
  summary: "find harness mistakes that fail silently (static lint; --run, --coverage, --fix)",
  help: HELP,
  options: AUDIT_OPTIONS,
  positionals: true,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./audit-run.js")).runAudit(args),
});
