import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// File-system routes in app/routes, through the route config that React Router 7 uses.
export default flatRoutes({ ignoredRouteFiles: ["**/*.css", "**/*.test.*"] }) satisfies RouteConfig;
