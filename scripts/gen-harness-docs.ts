// Regenerates the capability matrix in docs/harnesses.md from the registered adapters' declared capabilities.
import { readFileSync, writeFileSync } from "node:fs";
import { HARNESSES } from "../src/adapters/registry.js";
import { capabilityMatrixMarkdown, withMatrix } from "../src/tiers/harness/capability-matrix.js";

const path = new URL("../docs/harnesses.md", import.meta.url);
const page = readFileSync(path, "utf8");
const adapters = await Promise.all(HARNESSES.map((h) => h.loadAdapter()));
writeFileSync(path, withMatrix(page, capabilityMatrixMarkdown(adapters)));
