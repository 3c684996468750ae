import { index, route, type RouteConfig } from "@remix-run/route-config";

export default [index("routes/table.tsx"), route("json", "routes/json.ts")] satisfies RouteConfig;
