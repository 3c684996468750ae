import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "~/accounts/pseudonym-words";
import { useCachedMarkup } from "~/utils/markup-cache";

/** The two lists a guest's made-up name is picked from (docs/product.md#live-game). */
const WORDS = { adjectives: PSEUDONYM_ADJECTIVES, animals: PSEUDONYM_ANIMALS } as const;

export type WordSelectProps = {
  list: keyof typeof WORDS;
  id: string;
  name: string;
  /** The word picked before (the form sent back with an error), or "". */
  value: string;
  /** The id of the field's error message, when it has one. */
  errorId: string | null;
};

/**
 * A select of one word list. Its markup is the same for every guest who picked the same word, so the server keeps it
 * (useCachedMarkup, docs/speed-shortcuts.md): the join page's two lists of words are its biggest part.
 */
export function WordSelect(props: WordSelectProps) {
  // A word not in the list cannot be shown as picked: kept as "", so what a request sends adds no kept markup.
  const value = (WORDS[props.list] as readonly string[]).includes(props.value) ? props.value : "";
  const kept = useCachedMarkup(WordSelectContent, { ...props, value });
  return <div dangerouslySetInnerHTML={kept.dangerouslySetInnerHTML}>{kept.children}</div>;
}

export function WordSelectContent({ list, id, name, value, errorId }: WordSelectProps) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={value}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId ?? undefined}
    >
      <option value="">Choose…</option>
      {WORDS[list].map((word) => (
        <option key={word}>{word}</option>
      ))}
    </select>
  );
}
