import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { LoginCardView, QrView } from "~/types/teacher";

/*
 * A class's printable login cards (docs/product.md#teachers): one card per student with the site's name, their
 * name, their card's own short address to type (docs/product.md#short-card-address), their code in large print and
 * the QR code of that address. The print stylesheet (styles/teacher.css) puts 10 cards on an A4 page, and
 * each sheet of 10 starts a new page.
 */

export const CARDS_PER_PAGE = 10;

/** What every card of the class shows besides the pupil's own name and code. */
type ClassOfCards = {
  siteName: string;
  className: string;
  schoolName: string;
  /** The class's login link, shown once above the cards, to share another way. */
  link: string;
};

export function LoginCards({
  students,
  back,
  ...klass
}: ClassOfCards & {
  students: LoginCardView[];
  /** Where the page leads back to: the teacher's dashboard, or the admin panel's class page. */
  back: { to: string; label: string };
}) {
  const sheets: LoginCardView[][] = [];
  for (let i = 0; i < students.length; i += CARDS_PER_PAGE) sheets.push(students.slice(i, i + CARDS_PER_PAGE));
  return (
    <>
      <div className="cards-intro">
        <p>
          One card per student, {CARDS_PER_PAGE} to an A4 page. Students scan the QR code or type the address on their
          card, then type their code. There, only the code on that card works.
        </p>
        <p className="field-hint">
          The class&apos;s full login link, to share another way:{" "}
          <span className="cards-link" data-testid="class-link">
            {klass.link}
          </span>
        </p>
        <PrintButton />
        <p className="field-hint">
          You can also use your browser&apos;s Print command (Ctrl+P, or Cmd+P on a Mac). Cut along the dashed lines.
        </p>
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
      {students.length === 0 ? <p>No students in this class yet.</p> : null}
      {sheets.map((sheet, i) => (
        <div className="card-sheet" key={i}>
          {sheet.map((student) => (
            <LoginCard key={student.id} student={student} klass={klass} />
          ))}
        </div>
      ))}
    </>
  );
}

function LoginCard({ student, klass }: { student: LoginCardView; klass: ClassOfCards }) {
  return (
    <article className="login-card" aria-labelledby={`card-${student.id}`} data-testid="login-card">
      <div className="login-card-text">
        <p className="login-card-site">{klass.siteName}</p>
        <h2 id={`card-${student.id}`} className="login-card-name">
          {student.name}
        </h2>
        <p className="login-card-class">
          {klass.className} · {klass.schoolName}
        </p>
        <p className="login-card-address">
          <span className="login-card-label">Go to</span>{" "}
          <span className="card-address" data-testid="card-address">
            <AddressText address={student.address} />
          </span>
        </p>
        <p className="login-card-code">
          <span className="login-card-label">Your code</span>{" "}
          <code className="login-code" data-testid="card-code">
            {student.loginCode}
          </code>
        </p>
      </div>
      <QrCode qr={student.qr} />
    </article>
  );
}

/** The address, which may break only before its path on a narrow card. */
function AddressText({ address }: { address: string }) {
  const path = address.lastIndexOf("/c/");
  if (path < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, path)}
      <wbr />
      {address.slice(path)}
    </>
  );
}

/** The QR code as inline SVG, with the quiet zone of 4 modules around it that scanners need. */
export function QrCode({ qr }: { qr: QrView }) {
  const side = qr.size + 8;
  return (
    <svg
      className="qr-code"
      viewBox={`-4 -4 ${side} ${side}`}
      role="img"
      aria-label="QR code of the login card's address"
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/** Print needs JavaScript; without it the page says how to print from the browser. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="button button-primary" onClick={() => window.print()}>
      Print
    </button>
  );
}
