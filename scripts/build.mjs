// Builds dist/ with tsc, then marks the CLI executable and copies the data files tsc does not emit.
// The build goes to a temp dir that replaces dist/ by rename at the end, so dist/ is never half
// there while tests or another build read it.
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// The build says what it did and how long each step took (it was minutes of silence on a loaded machine).
const started = performance.now();
const step = (what, since) =>
  console.log(`build: ${what} in ${((performance.now() - since) / 1000).toFixed(1)} s`);
const dist = join(root, "dist");
const staging = join(root, `.dist-build-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
try {
  console.log("build: compiling src/ with tsc -p tsconfig.build.json …");
  const compiling = performance.now();
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", staging],
    { cwd: root, stdio: "inherit" },
  );
  step("compiled src/ to JavaScript and declarations", compiling);

  // Non-TypeScript assets under src/ (JSON corpora, worker .mjs/.cjs files, templates) travel with the build.
  const assetPattern = /\.(json|mjs|cjs|md|html|css|sh)$/;
  const copyAssets = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "__fixtures__") copyAssets(path);
      } else if (assetPattern.test(name)) {
        cpSync(path, join(staging, relative(join(root, "src"), path)));
        assets++;
      }
    }
  };
  let assets = 0;
  const copying = performance.now();
  copyAssets(join(root, "src"));
  step(`copied ${assets} data file(s) (json, mjs, cjs, md, html, css, sh)`, copying);

  const cli = join(staging, "cli/main.js");
  if (existsSync(cli)) chmodSync(cli, 0o755);

  const old = join(root, `.dist-old-${process.pid}`);
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(staging, dist);
  rmSync(old, { recursive: true, force: true });
  step("built dist/", started);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
