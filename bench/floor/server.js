// The floor server: Express in front of the floor's Remix build, as Remix's own Express template sets it up
// (compression, fingerprinted assets for a year, the rest of public for an hour). PORT, HOST from the environment.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const BUILD = new URL("./build/", import.meta.url).pathname;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(`${BUILD}client/assets`, { immutable: true, maxAge: "1y" }));
app.use(express.static(`${BUILD}client`, { maxAge: "1h" }));
app.all("*", createRequestHandler({ build: await import(`${BUILD}server/index.js`) }));
app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
