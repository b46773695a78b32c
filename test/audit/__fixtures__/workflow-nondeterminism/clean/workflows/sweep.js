export const meta = { name: "sweep", description: "Runs the reviewers over one document." };

const doc = args.path;
if (!doc) return { started: false, reason: "no document", next: "/demo:draft" };
const reviews = await parallel([agent("style", doc), agent("facts", doc)]);
log(new Date(args.startedAt));
return { started: true, reviews };
