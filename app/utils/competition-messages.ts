const games = (n: number) => (n === 1 ? "1 game" : `${n} games`);
const facts = (n: number) => (n === 1 ? "1 fact" : `${n} facts`);

/* The class competition's words (docs/product.md#class-competition): our own, short and plain. */
export const COMPETITION_MESSAGES = {
  listTitle: "Class competitions",
  intro:
    "Classes of your school play against each other. A class's points are its pupils' game scores, or the facts they secure, added up and shared by every pupil in the class, so everyone counts.",
  startHeading: "Start a competition",
  nameLabel: "Competition name",
  startLabel: "First day",
  endLabel: "Last day",
  dateHint: "A date such as 30/11/2026. At most 4 weeks.",
  pointsFromLegend: "What counts as points",
  pointsFromScores: "Game scores",
  pointsFromScoresHint: "Game scores: the scores of the pupils' own games.",
  pointsFromFacts: "Secured facts",
  pointsFromFactsHint:
    "Secured facts: each fact a pupil comes to know by heart during the competition (right and quick on three different days) counts 1. Every class counts, stickers on or off; the pages speak of facts, never stickers.",
  pointsFromInvalid: "Choose game scores or secured facts",
  classesLegend: "Classes taking part",
  classesHint: "Choose two or more. One of them must be yours.",
  startButton: "Start the competition",
  nameRequired: "Enter the competition's name",
  nameLong: "A competition's name can be at most 60 characters",
  nameLinks: "A competition's name cannot have links or web addresses in it",
  startRequired: "Enter the first day, such as 30/11/2026",
  endRequired: "Enter the last day, such as 4/12/2026",
  startPast: "The first day cannot be in the past",
  endBeforeStart: "The last day cannot be before the first day",
  tooLong: "A competition can last at most 4 weeks",
  classesTooFew: "Choose two or more classes",
  classesNotSchool: "Choose classes of your school",
  classesNoneOwn: "Choose at least one of your own classes",
  startFailed: "The competition could not be started. Nothing was saved. Please try again.",
  started: (name: string) => `Competition started: ${name}`,
  cancelled: (name: string) => `Competition cancelled: ${name}`,
  cancelFailed: "The competition could not be cancelled. Please try again.",
  cancelNotYours: "Only a teacher of a class taking part can cancel this competition.",
  cancelFinished: "This competition has finished, so it stays.",
  none: "No competitions yet.",
  noClasses: "A competition needs two or more classes in your school.",
  notFound: "This competition is not one of your school's.",
  schoolNotFound: "This school does not exist (any more).",
  pointsHelp: "Points: the class's scores added up, divided by the number of pupils in the class.",
  factsHelp:
    "Secured facts: each fact a pupil came to know by heart during the competition counts 1. The class's facts are added up and divided by the number of pupils in the class.",
  factsFairShare: (facts: number) =>
    `One game at a time counts, and each pupil adds at most ${facts} secured facts to their class in a day.`,
  pointsKind: (pointsFrom: "scores" | "facts") =>
    pointsFrom === "facts" ? "Points: secured facts" : "Points: game scores",
  fairShare: (points: number) =>
    `One game at a time counts, and each pupil's games add at most ${points} points to their class in a day.`,
  uncountedHeading: "Games not counted yet",
  uncountedIntro:
    "Your pupils saw their scores for these games as usual, but the games do not add to the class's points.",
  uncountedWaiting: (n: number) =>
    `${games(n)} quicker than most we see, waiting for a check by our team. Quick games are usually just quick: a game counts as soon as it is checked.`,
  uncountedTogether: (n: number) => `${games(n)} started while another of their games was still going.`,
  uncountedFactsHeading: "Secured facts not counted yet",
  uncountedFactsIntro:
    "Your pupils learned these facts as usual, but they do not add to the class's points until their game counts.",
  uncountedFactsWaiting: (n: number) =>
    `${facts(n)} secured in games quicker than most we see, waiting for a check by our team. Quick games are usually just quick: the facts count as soon as the game is checked.`,
  uncountedFactsTogether: (n: number) =>
    `${facts(n)} secured in a game started while another of their games was still going.`,
  ends: (date: string) => `Ends ${date}`,
  starts: (date: string) => `Starts ${date}`,
  finished: "Finished",
  certificateTitle: "Certificate",
  certificateNotYet: "The certificate is ready when the competition has finished.",
  certificateNoWinner: "No class scored any points, so there is no winner.",
  certificateNoWinnerFacts: "No class secured a fact, so there is no winner.",
  forEachPupil: "A certificate for each pupil of the winning class",
  forTheClass: "One certificate for the class",
  noPupils: "The winning class has no pupils now.",
  print: "Print",
  printHint: "You can also use your browser's Print command (Ctrl+P, or Cmd+P on a Mac).",
} as const;
