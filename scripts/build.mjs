// Builds dist/ with tsc, then marks the CLI executable and copies the data files tsc does not emit.
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
  cwd: root,
  stdio: "inherit",
});

// Non-TypeScript assets under src/ (JSON corpora, worker .mjs/.cjs files, templates) travel with the build.
const assetPattern = /\.(json|mjs|cjs|md|html|css|sh)$/;
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__fixtures__") copyAssets(path);
    } else if (assetPattern.test(name)) {
      cpSync(path, join(dist, relative(join(root, "src"), path)));
    }
  }
}
copyAssets(join(root, "src"));

const cli = join(dist, "cli/main.js");
if (existsSync(cli)) chmodSync(cli, 0o755);
