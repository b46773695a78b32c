// How long `vigiles --help` and every `vigiles <command> --help` take to start, against a bare
// `node -e ""` on the same machine in the same run (issue 22: under 0.5 s; it was 0.75-0.87 s when
// run-cli imported every command module eagerly; issue 31 asks for every --help under 150 ms).
// Printed as medians and as a ratio to bare node.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const ROUNDS = 9;

function median(argv) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, argv, { stdio: "ignore" });
    if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)];
}

const bare = median(["-e", ""]);
const { commands } = await import(new URL("../dist/cli/commands.js", import.meta.url).href);
const rows = [
  ["node -e ''", bare],
  ["vigiles --help", median([main, "--help"])],
  ...commands.map((c) => [`vigiles ${c.name} --help`, median([main, c.name, "--help"])]),
];
for (const [what, ms] of rows) {
  console.log(
    `${what.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms median of ${ROUNDS}  (${(ms / bare).toFixed(1)}x bare node)`,
  );
}
