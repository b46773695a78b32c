/**
 * A spec's MCP stdio servers with `{tmp}` filled in, for the adapter that writes them where its CLI
 * reads them (Claude Code: `--mcp-config`).
 */
import type { McpStdioServer, RunDirs } from "../port.js";

/** A server as a CLI's configuration holds it. */
export interface ResolvedMcpServer {
  readonly command: string;
  readonly args: readonly string[];
}

/** The spec's servers, `{tmp}` in each argument replaced by the run's temp dir. */
export function resolvedMcpServers(
  servers: Readonly<Record<string, McpStdioServer>> | undefined,
  dirs: RunDirs,
): Record<string, ResolvedMcpServer> {
  const out: Record<string, ResolvedMcpServer> = {};
  for (const [name, server] of Object.entries(servers ?? {}))
    out[name] = { command: server.command, args: server.args.map((a) => a.split("{tmp}").join(dirs.tmpDir)) };
  return out;
}
