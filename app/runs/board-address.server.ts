import { config } from "~/config.server";
import type { WithHeaders } from "~/utils/request.server";

/** The header that names a board address in the end-to-end suite's build only (see boardAddressOf). */
export const TEST_BOARD_ADDRESS_HEADER = "x-test-board-address";

/**
 * The address a visitor's game counts under on the boards, where one address holds at most 5 places
 * (docs/product.md#one-address-five-places): the client's address. The end-to-end suite's browsers all come from
 * one loopback address, so in its build (ENABLE_TEST_ROUTES=1, never in a deployment) a test names the address
 * in a header, and a game without one counts under none, as every game did before the cap.
 */
export function boardAddressOf(request: WithHeaders, clientAddress: string | null): string | null {
  if (!config.enableTestRoutes) return clientAddress;
  return request.headers.get(TEST_BOARD_ADDRESS_HEADER);
}
