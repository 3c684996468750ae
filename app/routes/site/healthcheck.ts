import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/** 200 only when the database answers: Fly's health check and LiteFS replicas rely on it. */
export function loader() {
  try {
    db.get(sql`select 1`);
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthcheck failed", error);
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
