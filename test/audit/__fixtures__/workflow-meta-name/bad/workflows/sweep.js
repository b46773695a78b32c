export const meta = { name: "", description: "Runs the reviewers over one document." };

const doc = args.path;
if (!doc) return { started: false, reason: "no document", next: "/demo:draft" };
const reviews = await parallel([agent("style", doc), agent("facts", doc)]);
log(reviews.length);
return { started: true, reviews };
