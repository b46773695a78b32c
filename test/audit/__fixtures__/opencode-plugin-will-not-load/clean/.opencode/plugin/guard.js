import { allowed } from "./policy.mjs";

export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (!allowed(output.args)) throw new Error("guard: not allowed");
  },
});
