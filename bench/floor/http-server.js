// The floor of all floors: Node's own http server answering a constant page of the same 20-row table the floor
// Remix app renders, with no framework at all. PORT, HOST from the environment.
import http from "node:http";

const rows = Array.from(
  { length: 20 },
  (_, i) => `<tr><td>${i + 1}</td><td>Player ${i + 1}</td><td>${400 - i * 7}</td><td>${100 - i}%</td></tr>`,
).join("");
const page = Buffer.from(
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><main><h1>Top 20</h1>` +
    `<table><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th>` +
    `<th scope="col">Accuracy</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`,
);

http
  .createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length });
    res.end(page);
  })
  .listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
