// Runs the runner-seam cases under jest, against the built package (run `npm run build` first).
// VIGILES_DIST points at another build of dist/ (for example a private one while developing).
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const dist = process.env.VIGILES_DIST ? resolve(process.env.VIGILES_DIST) : join(root, "dist");

export default {
  rootDir: root,
  roots: ["<rootDir>/test/runners/jest"],
  testMatch: ["**/*.test.mjs"],
  testEnvironment: "node",
  transform: {},
  // As a user writes it; the mapper stands in for the installed package.
  setupFilesAfterEnv: ["vigiles/jest"],
  moduleNameMapper: {
    "^vigiles$": join(dist, "entries/index.js"),
    "^vigiles/(vitest|jest|eval|hook|spec|linting|claude-code|codex|adapter)$": join(dist, "entries/$1.js"),
  },
};
