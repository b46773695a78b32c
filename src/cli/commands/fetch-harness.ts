/** `vigiles fetch-harness`: brings other releases of a harness CLI into the shared cache, verified. */
import { CliUsageError, defineCommand, type CliCommand } from "../command.js";
import { harnessNamed } from "../harness-named.js";
import { parseHarnessVersions, resolveHarnessVersion } from "../../tiers/harness/harness-version.js";
import { vigilesCacheRoot } from "../../runtime/harness-cache.js";
import { VigilesError } from "../../core/errors.js";
import { HARNESSES } from "../../adapters/registry.js";

const HELP = `Usage: vigiles fetch-harness <harness>@<version>[,…] …

Fetches releases of a harness CLI from the npm registry into the shared cache
(VIGILES_CACHE_DIR, default ~/.cache/vigiles/harnesses): installed with scripts off, every package
checked against the integrity the registry publishes, placed in one rename. Cached releases are
reused offline by \`vigiles test --harness-version\`, \`vigiles facts --version\` and
\`runHarnessTest({ harnessVersion })\`. A bare version is Claude Code's; \`latest\` names the newest.

Examples:
  vigiles fetch-harness ${HARNESSES[0]?.id ?? ""}@${HARNESSES[0]?.package.version ?? ""} ${HARNESSES[1]?.id ?? ""}@latest
`;

export const fetchHarnessCommand: CliCommand = defineCommand({
  name: "fetch-harness",
  summary: "fetch other releases of a harness CLI into the shared cache (for drift checks)",
  help: HELP,
  options: {},
  positionals: true,
  async run({ positionals }) {
    if (positionals.length === 0) throw new CliUsageError("name at least one <harness>@<version>.");
    const specs = positionals.flatMap((p) => parseHarnessVersions(p, "claude-code"));
    // Every harness is checked before the first fetch: a typo is bad input (exit 2), not a failed fetch.
    const targets = await Promise.all(
      specs.map(async (spec) => ({
        spec,
        adapter: await harnessNamed(spec.harness, `"${spec.harness}@${spec.version}"`),
      })),
    );
    let failed = 0;
    for (const { spec, adapter } of targets) {
      try {
        const found = await resolveHarnessVersion(adapter, spec.version, { fetch: true });
        process.stdout.write(`✓ ${adapter.id}@${found.version}  ${found.path}\n`);
      } catch (error) {
        if (!(error instanceof VigilesError)) throw error;
        failed++;
        process.stderr.write(`✗ ${spec.harness}@${spec.version}: ${error.message}\n`);
      }
    }
    process.stdout.write(`cache: ${vigilesCacheRoot()}\n`);
    return failed === 0 ? 0 : 1;
  },
});
