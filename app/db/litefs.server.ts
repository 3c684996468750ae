import { getInstanceInfoSync } from "litefs-js";
import { config } from "~/config.server";

/**
 * The only place the app asks LiteFS anything, so that it runs single-node (no LITEFS_DIR) with no change
 * and could move off LiteFS by editing this file alone.
 */
export function isPrimaryInstance(): boolean {
  if (!config.litefsDir) return true;
  // Not cached: with a Consul lease the primary can move at any time.
  return getInstanceInfoSync(config.litefsDir).currentIsPrimary;
}
