// The live game's words (docs/product.md#texts-of-our-own): short sentences a 7-year-old reads.

export const LIVE_MESSAGES = {
  codeRequired: "Type the join code from the big screen.",
  codeInvalid: "A join code is 6 numbers. Check the big screen.",
  noGame: "There is no game with this code. It may have ended. Check the code on the big screen.",
  gameFull: "This game is full.",
  adjectiveRequired: "Pick the first word of your name.",
  animalRequired: "Pick an animal for your name.",
  classRequired: "Choose the class that plays.",
  difficultyRequired: "Choose how hard the sums are.",
  durationRequired: "Choose how long the game lasts.",
  operationsRequired: "Tick at least one kind of sum.",
  noWeakFacts: "This class has no weak facts yet. Untick the weak facts, or play a few games first.",
  answerRequired: "Type your answer.",
  answerNotNumber: "Your answer must be a number.",
  notPlaying: "The game is not being played now.",
  hostOnly: "Only the person who opened this game can see this page.",
  signInToHost: "To host a live game, log in as a teacher, or sign in to your account for a club or a family game.",
  ended: "This game has ended.",
  restart: "The game had to stop because the server is restarting. Ask your teacher to start a new one.",
  removed: "Your teacher took you out of this game.",
  needsJavaScript: "The big screen needs JavaScript to show the race. Turn it on, or use another browser.",
} as const;
