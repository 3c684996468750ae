import { PlainLink } from "~/components/plain-link";
import type { FactOp } from "~/game/facts";
import { useCachedMarkup } from "~/utils/markup-cache";
import { OP_NAMES, type CompactClassGrid, type FactGrid, type MissedFact, type NeedsHelp } from "~/facts/summary";
import type { ClassFocus } from "~/facts/focus";
import { ClassHeatMap, MostMissedList, NeedsHelpList, OpTabs, PlayerFacts, opHref } from "./heat-map";
import { FocusCard, type FocusWork } from "./focus-card";

/* A class's facts page, for its teacher and for an admin (docs/product.md#heat-maps): one view, two frames. */

/** The class facts page's title and description, the same for a teacher and an admin. */
export const CLASS_FACTS_PAGE = {
  title: "Class facts",
  description: "Which facts a class knows by heart, who needs help, and each pupil's heat map.",
};

export type ClassFactsData = {
  classId: string;
  className: string;
  pupil: { id: string; name: string; facts: { ops: FactOp[]; op: FactOp | null; grid: FactGrid | null } } | null;
  klass: {
    ops: FactOp[];
    op: FactOp | null;
    grid: CompactClassGrid | null;
    needsHelp: NeedsHelp[];
    mostMissed: MissedFact[];
    focus: ClassFocus | null;
    pupils: { id: string; name: string }[];
  } | null;
  /** The one-click form that sets the focus as work: the class's teacher only. */
  focusWork: FocusWork | null;
};

export function ClassFacts({ data, path }: { data: ClassFactsData; path: string }) {
  if (data.pupil) return <PupilFacts classId={data.classId} pupil={data.pupil} path={path} />;
  if (!data.klass) return null;
  return <KeptClassOverview classId={data.classId} klass={data.klass} focusWork={data.focusWork} path={path} />;
}

function PupilFacts({
  classId,
  pupil,
  path,
}: {
  classId: string;
  pupil: NonNullable<ClassFactsData["pupil"]>;
  path: string;
}) {
  const classParams = { class: classId };
  return (
    <>
      <p className="fact-back">
        <PlainLink to={`${path}?${new URLSearchParams(classParams).toString()}`}>
          Back to the class&apos;s facts
        </PlainLink>
      </p>
      <section className="card fact-card" aria-labelledby="pupil-facts-heading">
        <h2 id="pupil-facts-heading">{pupil.name}&apos;s facts</h2>
        <PlayerFacts
          view={pupil.facts}
          hrefOf={(op) => opHref(path, { ...classParams, student: pupil.id }, op)}
          label={`${pupil.name}'s facts`}
          empty={`${pupil.name} has not met any facts yet.`}
          words="teacher"
        />
      </section>
    </>
  );
}

type ClassOverviewProps = {
  classId: string;
  klass: NonNullable<ClassFactsData["klass"]>;
  focusWork: FocusWork | null;
  path: string;
};

/**
 * The class at a glance, kept as markup on the server per exact props (docs/speed-shortcuts.md#the-class-facts-page):
 * the class's summary changes only when one of its pupils finishes a game, so a teacher's repeat view is a lookup.
 * The wrapper is `display: contents`, so the sections lay out as the page's own.
 */
function KeptClassOverview(props: ClassOverviewProps) {
  const kept = useCachedMarkup(ClassOverview, props);
  return (
    <div className="fact-overview" dangerouslySetInnerHTML={kept.dangerouslySetInnerHTML}>
      {kept.children}
    </div>
  );
}

/**
 * The class's focus, "Needs help", the most missed facts, the class's grid and each pupil's link: from its props alone
 * (no hook).
 */
export function ClassOverview({ classId, klass, focusWork, path }: ClassOverviewProps) {
  const pupilHref = (id: string) => `${path}?${new URLSearchParams({ class: classId, student: id }).toString()}`;
  return (
    <>
      <FocusCard focus={klass.focus} work={focusWork} hrefOf={pupilHref} />
      <div className="fact-pair">
        <section className="card fact-card" aria-labelledby="needs-help-heading">
          <h2 id="needs-help-heading">Needs help</h2>
          <NeedsHelpList list={klass.needsHelp} hrefOf={pupilHref} />
        </section>
        <section className="card fact-card" aria-labelledby="most-missed-heading">
          <h2 id="most-missed-heading">Most missed facts</h2>
          <MostMissedList list={klass.mostMissed} />
        </section>
      </div>
      <section className="card fact-card" id="class-map" aria-labelledby="class-map-heading">
        <h2 id="class-map-heading">The class at a glance</h2>
        {klass.op && klass.grid ? (
          <>
            <OpTabs ops={klass.ops} shown={klass.op} hrefOf={(op) => opHref(path, { class: classId }, op)} />
            <ClassHeatMap grid={klass.grid} label={`The class's facts: ${OP_NAMES[klass.op]}`} />
          </>
        ) : (
          <p className="fact-empty">Nobody in this class has met any facts yet.</p>
        )}
      </section>
      <section className="card fact-card fact-pupils" aria-labelledby="pupils-heading">
        <h2 id="pupils-heading">Each pupil&apos;s facts</h2>
        {klass.pupils.length === 0 ? (
          <p>There are no pupils in this class yet.</p>
        ) : (
          <ul className="fact-pupil-list">
            {klass.pupils.map((pupil) => (
              <li key={pupil.id}>
                <PlainLink to={pupilHref(pupil.id)}>{pupil.name}</PlainLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
