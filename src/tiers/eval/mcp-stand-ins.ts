/**
 * A trial's MCP stand-ins on disk: one spec file per mocked server (read by
 * runtime/mcp-stand-in.mjs, which the harness starts as an MCP stdio server), a fresh nonce, and
 * the run's call log read back after the run. The log lives in the run's private temp dir, which
 * a confined run can write; the spec files and the suite's mock dirs are bound read-only.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpStdioServer } from "../../adapters/port.js";
import { parseCallLog, type MockCallLog, type StandInSpec } from "../../core/plugin-eval/stand-in-spec.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";

/** The stand-in server script (copied beside the build's runtime modules). */
export const STAND_IN_SCRIPT = fileURLToPath(new URL("../../runtime/mcp-stand-in.mjs", import.meta.url));
/** The call log's name in the run's temp dir. */
export const CALL_LOG_NAME = "vigiles-mcp-calls.jsonl";

/** A trial's stand-ins, written out; `remove()` deletes the spec files. */
export interface StandInLease {
  /** The servers to register with the harness. */
  readonly servers: Readonly<Record<string, McpStdioServer>>;
  /** Reads the run's call log from its temp dir. */
  read(tmpDir: string): MockCallLog;
  remove(): void;
}

/** Writes the specs of `standIns` to a fresh temp dir, each with this run's nonce. */
export function openStandIns(standIns: readonly StandInSpec[]): StandInLease {
  const dir = makeTempDir("vigiles-mcp-");
  const nonce = randomBytes(12).toString("hex");
  const servers: Record<string, McpStdioServer> = {};
  try {
    for (const spec of standIns) {
      const file = join(dir, `${spec.server}.json`);
      writeFileSync(
        file,
        JSON.stringify({ server: spec.server, nonce, tools: spec.tools, responders: spec.responders }),
      );
      const fixtureDirs = [...new Set(Object.values(spec.responders).map((r) => r.baseDir))];
      servers[spec.server] = {
        command: process.execPath,
        args: [STAND_IN_SCRIPT, file, `{tmp}/${CALL_LOG_NAME}`],
        readOnlyPaths: [dirname(STAND_IN_SCRIPT), dir, ...fixtureDirs],
      };
    }
  } catch (error) {
    removeTempDir(dir);
    throw error;
  }
  return {
    servers,
    read(tmpDir) {
      let text = "";
      try {
        text = readFileSync(join(tmpDir, CALL_LOG_NAME), "utf8");
      } catch {
        // No log: no stand-in started; the caller names the servers that did not.
      }
      return parseCallLog(text, nonce);
    },
    remove: () => removeTempDir(dir),
  };
}
