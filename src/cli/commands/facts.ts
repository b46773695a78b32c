/** `vigiles facts`: re-runs the probes behind the pinned harness facts against a release of a CLI. */
import { defineCommand, type CliCommand } from "../command.js";
import { HARNESS_IDS } from "../../adapters/registry.js";
import { FACTS_OPTIONS } from "./facts-options.js";

const HELP = `Usage: vigiles facts [--harness <id>[,<id>]] [--version <v>[,<v>]] [--format text|json] [--only <probe>[,…]]
       vigiles facts --compare <a> <b> [--harness <id>] [--format text|json]

Re-runs the probe behind every pinned harness fact (docs/harness-facts.md) against one or more
releases of the CLI and prints, per fact: holds, changed (with what the release did instead, and
the audit rules and folding rows that rest on it), or cannot run. A release that is not cached is
fetched from the npm registry first (into VIGILES_CACHE_DIR, default ~/.cache/vigiles).
Every report ends with the release's surface against the validated one: hook events, tools, the
flags, variables and settings keys vigiles passes, and the stream events it reads, added, removed
or changed, each with the audit rules, folding rows, facts and checks that depend on it.

Options:
  --harness <ids>    ${HARNESS_IDS.join(", ")} (default: every harness that has probes)
  --version <list>   versions or dist-tags, e.g. 2.1.332,latest or <harness>@<version> (default: the installed CLI);
                     a bare dist-tag (latest) is that release of every harness named, else of every
                     harness installed
  --format <fmt>     text (default) or json (for CI)
  --only <ids>       run only these probes
  --concurrency <n>  probes at once (default 3)
  --compare <a> <b>  compare two releases' surfaces only (no probe runs): each <harness>@<version>,
                     a bare version, \`pinned\` or \`installed\`; exit 1 when an entry something
                     depends on was removed or changed

Exit code: 0 when every fact holds, 1 when one changed or could not run, 2 for bad input.
`;

export const factsCommand: CliCommand = defineCommand({
  name: "facts",
  summary: "re-run the probes behind the pinned harness facts against a CLI release (drift)",
  help: HELP,
  options: FACTS_OPTIONS,
  positionals: true,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./facts-run.js")).runFactsCommand(args),
});
