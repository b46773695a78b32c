type Args = { command?: string };

export const Guard = async () => ({
  "tool.execute.before": async (input: { tool: string }, output: { args: Args }) => {
    const command = String(output.args.command ?? "");
    if (command.includes("git push --force")) {
      throw new Error("force push is not allowed");
    }
  },
});
