export const allowed = (args) => !String(args.command ?? "").includes("rm -rf");
