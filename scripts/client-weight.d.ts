export type RouteWeight = { route: string; path: string; page: boolean; bytes: number };
export function measure(clientDir: string): RouteWeight[];
