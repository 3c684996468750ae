import { useCallback, useEffect, useRef, useState } from "react";

/*
 * Sound in the game in the page (docs/product.md#number-pad-and-answer-entry): off unless the player turns it on, remembered on this
 * device (localStorage), and made by the browser itself (Web Audio tones), so there is nothing to download.
 */

const STORAGE_KEY = "maths-sprint:sound";

/** The tones: a rising pair for a right answer, one low note for a miss, a little tune at the end. */
const TONES = {
  right: [
    [660, 0, 0.08],
    [880, 0.08, 0.12],
  ],
  wrong: [[220, 0, 0.18]],
  end: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.2],
  ],
} as const satisfies Record<string, readonly (readonly [hz: number, at: number, seconds: number])[]>;

export type SoundCue = keyof typeof TONES;

function readSetting(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false; // storage refused (private mode, a locked-down school browser): sound stays off
  }
}

function saveSetting(on: boolean) {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Not remembered on this device; the choice still holds for this page.
  }
}

type AudioContextClass = typeof AudioContext;

/** The player's sound setting and a way to play a cue when it is on. */
export function useGameSound() {
  const [on, setOn] = useState(false);
  const context = useRef<AudioContext | null>(null);

  useEffect(() => setOn(readSetting()), []);

  const toggle = useCallback(() => {
    setOn((was) => {
      saveSetting(!was);
      return !was;
    });
  }, []);

  const play = useCallback(
    (cue: SoundCue) => {
      if (!on) return;
      const Context =
        window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
      if (!Context) return;
      try {
        context.current ??= new Context();
        const audio = context.current;
        const start = audio.currentTime;
        for (const [hz, at, seconds] of TONES[cue]) {
          const tone = audio.createOscillator();
          const volume = audio.createGain();
          tone.frequency.value = hz;
          volume.gain.setValueAtTime(0.08, start + at);
          volume.gain.exponentialRampToValueAtTime(0.0001, start + at + seconds);
          tone.connect(volume).connect(audio.destination);
          tone.start(start + at);
          tone.stop(start + at + seconds);
        }
      } catch {
        // A browser that cannot play it plays nothing; the game goes on.
      }
    },
    [on],
  );

  return { on, toggle, play };
}
