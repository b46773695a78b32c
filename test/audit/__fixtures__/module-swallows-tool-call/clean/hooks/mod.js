// Times every tool call and passes it on, so the PreToolUse hooks beneath still run.
export function register(on) {
  on("tool.call", async (e, next) => {
    console.error(`tool ${e.tool}`);
    return next(e);
  });
}
