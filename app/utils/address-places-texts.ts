/**
 * Why a game's score is not on a board it would have placed on (docs/product.md#one-address-five-places). Sent by
 * the server with the game's standing, so that the words stay off the game pages' script.
 */
export const ADDRESS_CUT_NOTE =
  "A board shows at most 5 scores from one internet connection (a whole school shares one), and 5 from yours are ahead of this one. Your score still counts for your personal best.";
