import { Link } from "@remix-run/react";
import type { QrView } from "~/types/teacher";
import { PARENT_LINK_MESSAGES as M } from "~/utils/parent-messages";
import { PrintButton } from "./login-cards";

/*
 * The letters to parents (docs/product.md#parents): one a page, each with the school and class, a short letter, the
 * pupil's parent link written out and its QR code, drawn by the server as inline SVG like the login cards'.
 */

type Letter = { id: string; firstName: string; link: string | null; until: string; qr: QrView | null };

export function ParentLetters({
  siteName,
  className,
  schoolName,
  letters,
  onePupil,
  back,
}: {
  siteName: string;
  className: string;
  schoolName: string;
  letters: Letter[];
  onePupil: boolean;
  back: { to: string; label: string };
}) {
  return (
    <>
      <div className="cards-intro">
        <p>{M.lettersIntro}</p>
        <PrintButton />
        <p className="field-hint">You can also use your browser&apos;s Print command (Ctrl+P, or Cmd+P on a Mac).</p>
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
      {letters.length === 0 ? <p>{onePupil ? M.noLinkForPupil : M.lettersNone}</p> : null}
      {letters.map((letter) => (
        <ParentLetter
          key={letter.id}
          letter={letter}
          siteName={siteName}
          className={className}
          schoolName={schoolName}
        />
      ))}
    </>
  );
}

function ParentLetter({
  letter,
  siteName,
  className,
  schoolName,
}: {
  letter: Letter;
  siteName: string;
  className: string;
  schoolName: string;
}) {
  const name = letter.firstName;
  return (
    <article className="parent-letter" aria-labelledby={`letter-${letter.id}`} data-testid="parent-letter">
      <p className="parent-letter-school">
        {schoolName} · {className}
      </p>
      <h2 id={`letter-${letter.id}`}>See how {name} is doing at maths</h2>
      <p>Dear parent or carer,</p>
      <p>
        At school, {name} plays {siteName}: short maths games against the clock. You can now see how {name} is getting
        on, at home, on a phone or a computer.
      </p>
      {letter.link && letter.qr ? (
        <div className="parent-letter-link">
          <div>
            <p>Open this link, or scan the QR code with your phone&apos;s camera:</p>
            <p className="parent-letter-address" data-testid="parent-link-address">
              {letter.link}
            </p>
          </div>
          <ParentQrCode qr={letter.qr} />
        </div>
      ) : (
        <p className="notice">{M.noLink}</p>
      )}
      <p>
        The page shows {name}&apos;s scores, how they are getting better, and which sums and times tables they know by
        heart. You do not need an account. Please keep the link in your family: anyone who has it can see the page.
      </p>
      <p>
        The link works until {letter.until}. If it stops working, or you would like it stopped, please ask {`${name}'s`}{" "}
        teacher.
      </p>
      <p>Thank you!</p>
    </article>
  );
}

/** The QR code of the parent link, with the quiet zone of 4 modules scanners need. */
function ParentQrCode({ qr }: { qr: QrView }) {
  const side = qr.size + 8;
  return (
    <svg
      className="qr-code parent-letter-qr"
      viewBox={`-4 -4 ${side} ${side}`}
      role="img"
      aria-label="QR code of the parent link"
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
