// Game feel: how long a player waits, in a real browser, from the key that answers to the next problem on the screen.
// The real production server on a seeded throwaway database (the demo data), Debian's Chromium (headless) driven by
// Playwright: the solo game (/game, JavaScript on) started from its dialog with the 5-minute limit, then ANSWERS right
// answers typed as a player would (the digits, then Enter). Each answer's right value comes from the shared engine
// with the run's own spec and seed (the /game/start reply the page itself received), and the problem the page shows
// is checked against it. Measured in the page, from the Enter's keydown (its event.timeStamp, the browser's input
// time, which is also Event Timing's startTime):
//   - dom: the next problem in the DOM (a MutationObserver sees the problem's "Question N" change);
//   - rafTask: painted, as a page can see it: the first requestAnimationFrame after that mutation, then a
//     setTimeout(0) task (which runs once that frame's rendering is done);
//   - eventTiming: painted, as the browser reports it: the Event Timing entry of that keydown (or of its keypress,
//     which is what submits the form, whichever ends later): its duration runs to the presentation of the next
//     frame after the handlers, rounded to 8 ms. Chromium only reports entries of 16 ms or more (the smallest
//     durationThreshold), so an answer without one took less; the percentiles count those as below 16 ms and are
//     given only when they fall on a reported entry.
// And the floor, in the same page and run: the browser's own frame time, the median interval between consecutive
// requestAnimationFrame callbacks over FRAME_MS on the game screen before the first answer (the clock ticking, no
// key pressed).
// Goal ("keep the median within one frame of the browser's own frame time"), read as: the median keypress→painted
// is at most the frame time plus one more frame, `goalMet: painted.median <= 2 × frameTime.median`. Painted is
// Event Timing when it gives the median, the rAF+task measure otherwise (`paintedSource`).
// Fails (exit 1) when the game cannot be played through (the server does not start, the game does not start,
// a problem differs from the engine's, an answer shows no next problem, the score is not ANSWERS at the end), and
// when the goal is missed by more than 2× (median painted > 4 frames): a miss by less is recorded, not a failure,
// since on a 2-core machine shared with other work the figures move by a frame or so from run to run.
// Writes bench/results/game-feel.json. Run: npm run bench -- game-feel (about a minute, the build aside).
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { formatNumber, formatProblem, problemSequence, type RunSpec } from "../app/game";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";
import { HOST, ServerProcess, benchServerEnv, ensureBuild, freePort, root, seedDemo, SERVER_ENTRY } from "./lib/server";

const ANSWERS = Number(process.env.GAME_FEEL_ANSWERS || 200);
const TIME_LIMIT = 300; // the longest the dialog offers ("5m"): 200 answers fit with room to spare
const FRAME_MS = 2_000;
/**
 * A player's pace, roughly: a gap between keys (the digits, then Enter), and a moment to read the next problem once
 * it is painted. Typed back to back (a key every few ms, the next answer the moment the last one painted) the frames
 * of one answer queue behind the last one's, and Event Timing's median doubled (40 ms against 16 ms, this machine)
 * while the page's own work did not change: that measures the pipeline under a burst no player makes.
 */
const KEY_GAP_MS = 50;
const READ_MS = 100;
/** How long one answer may take to show the next problem and paint before the run counts as broken. */
const ANSWER_TIMEOUT_MS = 5_000;
/** A miss of the goal by more than this factor fails the bench (see above). */
const FAIL_FACTOR = 2;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const DATA_DIR = path.join(root, "bench", ".data", "game-feel");
const log = (line: string) => console.log(line);

/** One answer as the page saw it (times are performance.now() values, ms). */
type Answer = {
  /** The Enter keydown's event.timeStamp (Event Timing's startTime for it). */
  keydown: number;
  keypress: number | null;
  /** When the capturing keydown listener ran. */
  listener: number;
  question: number;
  problem: string | null;
  dom: number | null;
  raf: number | null;
  painted: number | null;
};
type EventEntry = { name: string; startTime: number; duration: number; processingStart: number; processingEnd: number };
type Probe = {
  answers: Answer[];
  events: EventEntry[];
  eventTiming: boolean;
  settled(n: number, timeoutMs: number): Promise<boolean>;
  frames(ms: number): Promise<number[]>;
};

/**
 * Installed in the page before its own scripts (addInitScript, so it is serialised: nothing from outside). Keeps
 * `window.__gameFeel` (a Probe).
 */
function installProbe() {
  const answers: Answer[] = [];
  const events: EventEntry[] = [];
  let eventTiming = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const questionNow = () => {
    const text = document.querySelector('[data-testid="problem"] .visually-hidden')?.textContent ?? "";
    const n = /Question (\d+)/.exec(text);
    return n ? Number(n[1]) : -1;
  };
  try {
    if (PerformanceObserver.supportedEntryTypes.includes("event")) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[])
          if (e.name === "keydown" || e.name === "keypress")
            events.push({
              name: e.name,
              startTime: e.startTime,
              duration: e.duration,
              processingStart: e.processingStart,
              processingEnd: e.processingEnd,
            });
      }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      eventTiming = true;
    }
  } catch {
    eventTiming = false;
  }
  let pending: Answer | null = null;
  addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Enter") return;
      const question = questionNow();
      if (question < 0) return; // not on the game screen
      pending = {
        keydown: event.timeStamp,
        keypress: null,
        listener: performance.now(),
        question,
        problem: document.querySelector('[data-testid="problem"]')?.getAttribute("data-problem") ?? null,
        dom: null,
        raf: null,
        painted: null,
      };
      answers.push(pending);
    },
    true,
  );
  addEventListener(
    "keypress",
    (event) => {
      if (event.key === "Enter" && pending && pending.keypress === null) pending.keypress = event.timeStamp;
    },
    true,
  );
  new MutationObserver(() => {
    const answer = pending;
    if (!answer || answer.dom !== null || questionNow() !== answer.question + 1) return;
    answer.dom = performance.now();
    pending = null;
    requestAnimationFrame(() => {
      answer.raf = performance.now();
      setTimeout(() => {
        answer.painted = performance.now();
        wake();
      }, 0);
    });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });

  const probe: Probe = {
    answers,
    events,
    get eventTiming() {
      return eventTiming;
    },
    settled(n, timeoutMs) {
      return new Promise((resolve) => {
        const deadline = performance.now() + timeoutMs;
        const check = () => {
          if (answers[n]?.painted != null) resolve(true);
          else if (performance.now() > deadline) resolve(false);
          else {
            waiters.push(check);
            setTimeout(check, 100);
          }
        };
        check();
      });
    },
    frames(ms) {
      return new Promise((resolve) => {
        const stamps: number[] = [];
        const frame = (t: number) => {
          stamps.push(t);
          if (t - stamps[0]! < ms) requestAnimationFrame(frame);
          else resolve(stamps.slice(1).map((s, i) => s - stamps[i]!));
        };
        requestAnimationFrame(frame);
      });
    },
  };
  (window as unknown as { __gameFeel: Probe }).__gameFeel = probe;
}

type SoloSpec = Extract<RunSpec, { mode: "solo" }>;

const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const stats = (values: number[]) => {
  const sorted = sortedOf(values);
  return {
    n: sorted.length,
    median: round(percentile(sorted, 0.5), 1),
    p95: round(percentile(sorted, 0.95), 1),
    max: round(sorted[sorted.length - 1] ?? NaN, 1),
  };
};

/** Starts a solo game from the dialog with the 5-minute limit; resolves with the run the page received. */
async function startGame(page: Page, base: string): Promise<{ spec: SoloSpec; seed: string }> {
  await page.goto(`${base}/game`);
  await page.getByRole("heading", { name: "Ready to play?" }).waitFor();
  // Hydrated: React's props are on the form (before that, Start would send the plain form to the server-driven game).
  await page.waitForFunction(() => {
    const form = document.querySelector("form#start");
    return !!form && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
  await page.getByRole("radio", { name: "5m" }).check();
  const reply = page.waitForResponse((response) => response.url().includes("/game/start?"));
  await page.getByRole("button", { name: "Start Game" }).click();
  const body = (await (await reply).json()) as { ok: boolean; run?: { spec: RunSpec; seed: string } };
  if (!body.ok || !body.run) throw new Error(`/game/start refused the game: ${JSON.stringify(body)}`);
  const { spec, seed } = body.run;
  if (spec.mode !== "solo" || spec.timeLimit !== TIME_LIMIT)
    throw new Error(`the game started is not a ${TIME_LIMIT} s solo game: ${JSON.stringify(spec)}`);
  await page.getByLabel("Your answer").waitFor();
  await page.waitForFunction(() => document.activeElement?.id === "answer");
  return { spec, seed };
}

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: set CHROMIUM_PATH or install Debian's chromium.`);
  const built = ensureBuild(log, { whenStale: true });
  if (built) log(`Built (${built}).`);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const port = await freePort(3430);
  const base = `http://${HOST}:${port}`;
  const env = benchServerEnv(
    { port, databasePath: path.join(DATA_DIR, "app.db"), name: "game-feel" },
    { SITE_URL: base },
  );
  // The demo data, so /game's daily board has players on it.
  seedDemo(env);
  const server = new ServerProcess(process.execPath, [SERVER_ENTRY], { env });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    await server.waitForHealth(`${base}/healthcheck`, 20_000);
    const context = await browser.newContext();
    // As source: tsx's transform wraps named functions in a `__name` helper, which the page does not have.
    await context.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbe.toString()})(); })();` });
    const page = await context.newPage();
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const headless = /HeadlessChrome/.test(userAgent);

    const run = await startGame(page, base);
    const problemAt = problemSequence(run.spec, run.seed);
    log(`Playing a ${run.spec.timeLimit} s ${run.spec.difficulty} game (${run.spec.operations.join(" ")}).`);

    // The floor: the browser's own frame interval on the game screen, before any key.
    const frameIntervals = await page.evaluate(
      (ms) => (window as unknown as { __gameFeel: Probe }).__gameFeel.frames(ms),
      FRAME_MS,
    );

    const started = performance.now();
    for (let i = 0; i < ANSWERS; i++) {
      const value = formatNumber(problemAt(i).answer);
      await page.keyboard.type(value, { delay: KEY_GAP_MS });
      await page.waitForTimeout(KEY_GAP_MS);
      await page.keyboard.press("Enter");
      const ok = await page.evaluate(
        ([n, timeout]) => (window as unknown as { __gameFeel: Probe }).__gameFeel.settled(n!, timeout!),
        [i, ANSWER_TIMEOUT_MS],
      );
      if (!ok) throw new Error(`answer ${i + 1} (${value}): no next problem painted within ${ANSWER_TIMEOUT_MS} ms`);
      await page.waitForTimeout(READ_MS);
    }
    const playSeconds = (performance.now() - started) / 1000;
    const score = (await page.getByTestId("score").textContent())?.trim() ?? "";
    if (!new RegExp(`\\b${ANSWERS}\\b`).test(score))
      throw new Error(`after ${ANSWERS} right answers the score reads "${score}"`);
    // Event Timing entries come after the frame they wait for: give the last ones time to arrive.
    await page.waitForTimeout(500);
    const probe = await page.evaluate(() => {
      const { answers, events, eventTiming } = (window as unknown as { __gameFeel: Probe }).__gameFeel;
      return { answers, events, eventTiming };
    });
    const browserVersion = browser.version();
    await context.close();

    if (probe.answers.length !== ANSWERS)
      throw new Error(`the page saw ${probe.answers.length} Enter presses on the game screen, not ${ANSWERS}`);
    probe.answers.forEach((answer, i) => {
      const expected = formatProblem(problemAt(i)).display;
      if (answer.problem !== expected)
        throw new Error(`problem ${i + 1} showed "${answer.problem}", not "${expected}"`);
      if (answer.question !== i + 1) throw new Error(`answer ${i + 1} was given on question ${answer.question}`);
    });

    const answers = probe.answers;
    const dom = answers.map((a) => a.dom! - a.keydown);
    const rafTask = answers.map((a) => a.painted! - a.keydown);
    const listenerDelay = answers.map((a) => a.listener - a.keydown);
    // Each answer's Event Timing: its keydown's entry and its keypress's, whichever lasts longer (both end at the
    // frame presented after their handlers; the form is submitted in the keypress's).
    const near = (x: number, y: number | null) => y !== null && Math.abs(x - y) < 0.01;
    const eventDurations = answers.map((a) => {
      const mine = probe.events.filter(
        (e) =>
          (e.name === "keydown" && near(e.startTime, a.keydown)) ||
          (e.name === "keypress" && near(e.startTime, a.keypress)),
      );
      return mine.length === 0 ? null : Math.max(...mine.map((e) => e.startTime + e.duration)) - a.keydown;
    });
    const reported = eventDurations.filter((d): d is number => d !== null);
    const belowThreshold = ANSWERS - reported.length;
    // Unreported answers took under 16 ms: they sort first, so a percentile is known when its rank falls on a
    // reported entry.
    const eventPercentile = (p: number) => {
      const rank = Math.max(1, Math.ceil(p * ANSWERS));
      return rank > belowThreshold ? round(sortedOf(reported)[rank - belowThreshold - 1]!, 1) : null;
    };
    const eventTiming = {
      supported: probe.eventTiming,
      reported: reported.length,
      belowThreshold16ms: belowThreshold,
      median: probe.eventTiming ? eventPercentile(0.5) : null,
      p95: probe.eventTiming ? eventPercentile(0.95) : null,
      max: reported.length > 0 ? round(Math.max(...reported), 1) : null,
    };
    const frameTime = stats(frameIntervals);
    const fromEventTiming = eventTiming.median !== null;
    const paintedMedian = fromEventTiming ? eventTiming.median! : stats(rafTask).median;
    const goalMs = round(percentile(sortedOf(frameIntervals), 0.5) * 2, 1);
    const goalMet = paintedMedian <= goalMs;
    const failAt = round(goalMs * FAIL_FACTOR, 1);

    const results = {
      ...machine(),
      loadAverage: loadAverage(),
      settings: {
        chromium: CHROMIUM,
        browserVersion,
        headless,
        userAgent,
        game: { ...run.spec },
        answers: ANSWERS,
        typed: `the digits, then Enter (Playwright keyboard), ${KEY_GAP_MS} ms between keys; the next answer ${READ_MS} ms after the last one painted`,
        frameSampleMs: FRAME_MS,
      },
      interpretation:
        "keypress→painted: from the Enter keydown's event.timeStamp. Goal 'keep the median within one frame of the " +
        "browser's own frame time' read as median painted ≤ frame time + one frame = 2 × the median rAF interval. " +
        "Painted is Event Timing's (presentation) when it gives the median, else the first rAF after the DOM " +
        "change plus a setTimeout(0). Event Timing reports only entries ≥ 16 ms; the others count as below it.",
      answered: ANSWERS,
      playSeconds: round(playSeconds, 1),
      frameTimeMs: frameTime,
      keypressToDomMs: stats(dom),
      keypressToPaintedRafTaskMs: stats(rafTask),
      keypressToPaintedEventTimingMs: eventTiming,
      keydownListenerDelayMs: stats(listenerDelay),
      paintedSource: fromEventTiming ? "eventTiming" : "rafTask",
      paintedMedianMs: paintedMedian,
      goalMs,
      goalMet,
      failsAboveMs: failAt,
    };
    log(`frame time: median ${frameTime.median} ms, p95 ${frameTime.p95} ms (${frameTime.n} intervals)`);
    log(
      `keypress → next problem in the DOM: median ${results.keypressToDomMs.median} ms, p95 ${results.keypressToDomMs.p95} ms`,
    );
    log(
      `keypress → painted (rAF + task): median ${results.keypressToPaintedRafTaskMs.median} ms, p95 ${results.keypressToPaintedRafTaskMs.p95} ms`,
    );
    log(
      `keypress → painted (Event Timing): median ${eventTiming.median ?? "< 16"} ms, p95 ${eventTiming.p95 ?? "< 16"} ms ` +
        `(${eventTiming.reported} of ${ANSWERS} reported, the rest under 16 ms)`,
    );
    log(
      `goal: median painted (${paintedMedian} ms, ${results.paintedSource}) ≤ ${goalMs} ms: ${goalMet ? "met" : "MISSED"}`,
    );
    writeResults("game-feel", results);
    if (paintedMedian > failAt)
      throw new Error(`the median keypress→painted, ${paintedMedian} ms, is over ${failAt} ms`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
