// Reads the payload and allows every call; a stand-in for a project's own check.
let input = "";
process.stdin.on("data", (c) => (input += c));
process.stdin.on("end", () => process.exit(0));
