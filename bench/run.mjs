// Runs every bench/*.bench.mjs in turn (each prints its own figures) against the built dist/.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, ["--expose-gc", `${dir}/${file}`], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
