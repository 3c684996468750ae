// The panel of learners the fluency bench judges practice on (docs/decisions/0073-a-panel-of-learners.md): each member
// is a kind of child, drawn from a published model of memory with its source, and a population of them is simulated
// by bench/lib/fluency-sim.ts. Where a figure is ours and not the source's, the comment says so.

/** Half-life regression (Settles & Meeder 2016): log2 h = bias + right·√(1+right) + wrong·√(1+wrong) − difficulty. */
export interface HlrParams {
  kind: "hlr";
  bias: number;
  right: number;
  wrong: number;
  /** The population's forgetting, added to every fact's difficulty (each child ± 0.5 around it). */
  forgetting: number;
}

/** ACT-R declarative memory with activation-dependent decay (Pavlik & Anderson 2005). */
export interface ActrParams {
  kind: "actr";
  /** Decay intercept a and scale c: a trace's decay is c·e^m + a, m the activation when it was practised. */
  a: number;
  c: number;
  /** Retrieval threshold τ and noise s: p = 1 / (1 + e^((τ − m)/s)). */
  tau: number;
  s: number;
  /** How fast time between sittings counts against a trace, against time within one. */
  h: number;
  /** Activation lost from the smallest product to 12 × 12 (ours: bigger products are harder, as in HLR). */
  sizeWeight: number;
  /** How far a child's own ease moves every fact's activation, ± half this (ours). */
  personSpread: number;
}

/** How long a child takes to answer. */
export interface AnswerTimes {
  /** The median ms of a right answer to a fact recalled for sure, at ages 7, 8, 9, 10 and 11. */
  retrievalMedianMs: readonly number[];
  /** σ of the logarithm of a right answer's time. */
  sigma: number;
  /** A right answer's median grows by this share of (1 − recall): a shaky fact is recalled slower. */
  weakSlowing: number;
  /** A wrong answer's median ms and σ. */
  wrongMedianMs: number;
  wrongSigma: number;
}

export interface PanelMember {
  id: string;
  label: string;
  model: HlrParams | ActrParams;
  /** typical: knows most facts, weak on 3–5 pairs of hard ones; half-known: knows the easier half of the grid. */
  start: "typical" | "half-known";
  times: AnswerTimes;
  source: string;
}

/**
 * Answer times of children aged 7 to 11. Response times are skewed to the right and close to log-normal (R. Ulrich and
 * J. Miller, "Information processing models generating lognormally distributed reaction times", Journal of
 * Mathematical Psychology 37, 1993); children answer multiplication facts they retrieve faster than those they
 * work out, and faster with age (A. D. Hofman et al., "Fast and slow strategies in multiplication", Learning and
 * Individual Differences 68, 2018; J. De Brauwer, T. Verguts and W. Fias, Journal of Experimental Child Psychology 94,
 * 2006, ages 9 to 11). The figures are ours, set to those findings, not read from a table: a sure fact's median from
 * 2.2 s at 7 to 1.35 s at 11 (typing the answer included), σ 0.35, so a 7-year-old answers about one sure fact in five
 * slower than 3 s and an 11-year-old about one in a hundred; a fact recalled with p = 0.5 takes twice as long; a
 * wrong answer a median of 5 s. An assumption, and the bench says so.
 */
export const CHILD_TIMES: AnswerTimes = {
  retrievalMedianMs: [2_200, 1_900, 1_700, 1_500, 1_350],
  sigma: 0.35,
  weakSlowing: 2,
  wrongMedianMs: 5_000,
  wrongSigma: 0.5,
};

const HLR_SOURCE =
  "half-life regression: B. Settles and B. Meeder, A Trainable Spaced Repetition Model for Language Learning, ACL 2016 (the form; the weights are ours, not fitted)";
const ACTR_SOURCE =
  "ACT-R declarative memory with activation-dependent decay: P. I. Pavlik and J. R. Anderson, Practice and Forgetting Effects on Vocabulary Memory: An Activation-Based Model of the Spacing Effect, Cognitive Science 29, 2005 (a, c, τ, s, h as we read them there, fitted to adults' vocabulary, not re-checked against its tables; their use for children's facts, the fact size and the person spread are ours)";

/** The weights decision 0050 chose for half-life regression. */
export const HLR: HlrParams = { kind: "hlr", bias: 0, right: 2.5, wrong: -0.3, forgetting: 0 };
/** Pavlik & Anderson's (2005) fitted values as we read them (decision 0073), and our own size weight and person spread. */
export const ACTR: ActrParams = {
  kind: "actr",
  a: 0.177,
  c: 0.217,
  tau: -0.704,
  s: 0.255,
  h: 0.025,
  sizeWeight: 0.2,
  personSpread: 0.4,
};

const member = (id: string, label: string, model: HlrParams | ActrParams, start: PanelMember["start"] = "typical") => ({
  id,
  label,
  model,
  start,
  times: CHILD_TIMES,
  source: model.kind === "hlr" ? HLR_SOURCE : ACTR_SOURCE,
});

export const PANEL: readonly PanelMember[] = [
  member("hlr-typical", "HLR: knows most facts, weak on 3–5 pairs of hard ones", HLR),
  member("hlr-fast-learner", "HLR: learns fast (a right answer's weight 3, not 2.5)", { ...HLR, right: 3 }),
  member("hlr-slow-learner", "HLR: learns slowly (a right answer's weight 2)", { ...HLR, right: 2 }),
  member("hlr-fast-forgetter", "HLR: forgets fast (every half-life halved)", { ...HLR, forgetting: 1 }),
  member("hlr-slow-forgetter", "HLR: forgets slowly (every half-life doubled)", { ...HLR, forgetting: -1 }),
  member("hlr-half-known", "HLR: knows the easier half of the grid, not the rest", HLR, "half-known"),
  member("actr-typical", "ACT-R: knows most facts, weak on 3–5 pairs of hard ones", ACTR),
  member("actr-fast-forgetter", "ACT-R: forgets fast (decay intercept a + 0.1)", { ...ACTR, a: ACTR.a + 0.1 }),
  member("actr-half-known", "ACT-R: knows the easier half of the grid, not the rest", ACTR, "half-known"),
];
